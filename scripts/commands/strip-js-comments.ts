import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { transformSync } from 'esbuild'
import { distDir, javaScriptFiles } from '../pipeline/dist-modules.js'

/**
 * A step of the build (`npm run build`, after prune-declarations): the JavaScript tsc wrote to dist/ without its
 * comments. The declarations keep every doc comment (hover in editors reads them); in the JavaScript they only
 * filled disk blocks of every install. esbuild prints the same code back (target esnext: no syntax is lowered). The
 * generated validators (ajv's output and its helpers, a fifth of dist/) also lose their indentation: nobody
 * reads them, and every install holds them.
 */
export function main(): void {
  let stripped = 0
  const validators = join(distDir, 'gen', 'validators')
  for (const file of javaScriptFiles()) {
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
