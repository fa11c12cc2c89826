import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { transformSync } from 'esbuild'
import { repoRoot } from '../pipeline/paths.js'

/**
 * A step of the build (`npm run build`, after the prune steps): the JavaScript of dist/ without its comments.
 * The declarations keep every doc comment (hover in editors reads them); in the JavaScript they only filled
 * disk blocks of every install. esbuild prints the same code back (target esnext: no syntax is lowered). The
 * generated validators (ajv's output and its helpers, a fifth of dist/) also lose their indentation: nobody
 * reads them, and every install holds them.
 */
export function main(): void {
  let stripped = 0
  const validators = join(repoRoot, 'dist', 'gen', 'validators')
  for (const file of javascriptFiles()) {
    const code = readFileSync(file, 'utf8')
    const { code: withoutComments } = transformSync(code, {
      loader: 'js',
      target: 'esnext',
      charset: 'utf8',
      minifyWhitespace: file.startsWith(validators),
    })
    if (withoutComments === code) continue
    writeFileSync(file, withoutComments)
    stripped++
  }
  console.log(`strip-js-comments: ${stripped} JavaScript files of dist/ written without comments`)
}

function javascriptFiles(): string[] {
  return readdirSync(join(repoRoot, 'dist'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.[cm]?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}
