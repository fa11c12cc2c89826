import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { build, transformSync, type Metafile, type Plugin } from 'esbuild'
import ts from 'typescript'
import { entryTable } from '../../src/entries/entry-table.js'
import { repoRoot } from '../pipeline/paths.js'

/**
 * The step of the build (`npm run build`) that writes the JavaScript of dist/: tsc writes only the declarations
 * (tsconfig.build.json), esbuild bundles each entry point's modules into a few files. A module per file cost a
 * disk block of every install each (most are under 4 KiB); bundled, an install holds a third as many files.
 *
 * ES modules, code splitting: what two entry points share is a chunk both import (src/chunks/), so a class is one
 * class under every entry point, and a dynamic import stays one (a chunk named after its module), loaded when
 * used as before. Files that code outside the bundle loads by path keep their path: the entry points of the
 * exports map, the modules their wrappers load (which their `.require.cjs` twins require too), the wrappers'
 * peer-dependencies.js (the twins require it) and the bin. Not minified: a stack trace names readable functions,
 * and each module's code is headed by its source path. Packages (the optional peers, Node's modules and the
 * package's own `web3-market-contract/schemas/*`) stay imports.
 */
export async function main(): Promise<void> {
  removeJavaScript(distDir)
  const entryPoints = entryModules()
  const { metafile } = await build({
    absWorkingDir: repoRoot,
    entryPoints,
    plugins: [entryImportsStayImports(entryPoints)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    target: 'es2022',
    tsconfig: 'tsconfig.build.json',
    outdir: distDir,
    outbase: '.',
    chunkNames: 'src/chunks/[name]-[hash]',
    charset: 'utf8',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  })
  writeRequireTwins()
  const missing = unresolvedImports()
  if (missing.length > 0) throw new Error(`dist/ imports modules it lacks:\n${missing.join('\n')}`)
  const compacted = compactValidators(metafile)
  const files = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js')).length
  console.log(
    `bundle-modules: ${files} JavaScript files in dist/ (${compacted} holding generated validators, compacted)`,
  )
}

const distDir = join(repoRoot, 'dist')
const entriesDir = join(repoRoot, 'src', 'entries')

/** The source of a compiled path (`../webhook/index.js` from src/entries → src/webhook/index.ts). */
const sourceOf = (from: string, compiled: string) => relative(repoRoot, resolve(from, compiled)).replace(/\.js$/, '.ts')

/** The modules whose output file keeps its path: what package.json and the `.require.cjs` twins load. */
function entryModules(): string[] {
  const modules = ['src/entries/peer-dependencies.ts', binSource()]
  for (const entry of Object.values(entryTable)) {
    if (!('file' in entry)) continue
    modules.push(`src/entries/${entry.file}.ts`)
    if ('module' in entry) modules.push(sourceOf(entriesDir, entry.module))
  }
  return modules
}

function binSource(): string {
  const { bin } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> }
  const [file] = Object.values(bin)
  return file!.replace(/^dist\//, '').replace(/\.js$/, '.ts')
}

/**
 * A wrapper of src/entries that imports another entry point's module keeps the import as it is, so the user's
 * bundler sees it: bundled here, `export * as marketplace from './marketplace.js'` (src/entries/index.ts) would
 * become an object of every export of /marketplace, built at load, which no bundler can tree-shake.
 */
function entryImportsStayImports(entryPoints: string[]): Plugin {
  const entries = new Set(entryPoints.map((source) => join(repoRoot, source)))
  return {
    name: 'entry-imports-stay-imports',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, ({ path, importer }) => {
        if (dirname(importer) !== entriesDir) return undefined
        return entries.has(resolve(entriesDir, path).replace(/\.js$/, '.ts')) ? { path, external: true } : undefined
      })
    },
  }
}

/** Each relative import of dist/'s JavaScript (`import`, `export ... from`, `import()`, `require()`) that finds no file. */
function unresolvedImports(): string[] {
  return javascriptFiles(distDir).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.flatMap(({ fileName }) =>
        fileName.startsWith('.') && !existsSync(resolve(dirname(file), fileName))
          ? [`${relative(repoRoot, file)}: ${fileName}`]
          : [],
      ),
  )
}

const javascriptFiles = (dir: string) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.[cm]?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))

/** Every JavaScript file of a build before: a chunk's name changes with its content. */
function removeJavaScript(dir: string): void {
  for (const file of javascriptFiles(dir)) rmSync(file)
}

/** The `.require.cts` twins of the entries whose wrapper awaits: CommonJS requiring the ES modules above by path. */
function writeRequireTwins(): void {
  for (const file of readdirSync(entriesDir).filter((name) => name.endsWith('.require.cts'))) {
    const { code } = transformSync(readFileSync(join(entriesDir, file), 'utf8'), {
      loader: 'ts',
      format: 'cjs',
      target: 'es2022',
      sourcefile: file,
    })
    writeFileSync(join(distDir, 'src', 'entries', file.replace(/\.cts$/, '.cjs')), code)
  }
}

/**
 * The code of the generated validators (ajv's output and the JSON Schemas beside it, a fifth of the
 * JavaScript) without indentation: nobody reads it, and every install holds it. esbuild heads each module's
 * code in a file with a `// <source path>` line; what follows such a line of gen/validators/ is compacted.
 */
function compactValidators(metafile: Metafile): number {
  let compacted = 0
  for (const file of Object.keys(metafile.outputs).filter((output) => output.endsWith('.js'))) {
    const path = join(repoRoot, file)
    const modules = readFileSync(path, 'utf8').split(/^(?=\/\/ \S+\n)/m)
    const isGenerated = (code: string) => code.startsWith('// gen/validators/')
    if (!modules.some(isGenerated)) continue
    const compact = (code: string) => {
      const header = code.indexOf('\n') + 1
      const body = transformSync(code.slice(header), { loader: 'js', minifyWhitespace: true, charset: 'utf8' })
      return code.slice(0, header) + body.code
    }
    writeFileSync(path, modules.map((code) => (isGenerated(code) ? compact(code) : code)).join(''))
    compacted++
  }
  return compacted
}
