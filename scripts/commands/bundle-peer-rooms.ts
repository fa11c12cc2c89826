import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { build, type Plugin } from 'esbuild'
import ts from 'typescript'
import { distDir, javaScriptFiles, relativeImports } from '../pipeline/dist-modules.js'
import { buildEverything } from '../pipeline/full-build.js'
import { repoRoot } from '../pipeline/paths.js'

/**
 * The last step of the build (`npm run build`, after strip-js-comments): which JavaScript of dist/ ships.
 * - What an app bundles stays as tsc wrote it, a file per module, which its bundler shakes as before
 *   (bench/bundle-size.ts): every module the exports without a `require` twin reach, and the exports with one
 *   (the wrappers that report a missing peer) with their peer messages.
 * - The rooms those wrappers load (the webhook engine, the host, the local server, the MSW handlers) and the bin
 *   are bundled from src/ by esbuild into a few files. They run in Node and test runners, and were most of the
 *   package's files, each taking whole disk blocks of every install. Each room keeps its module's path
 *   (dist/src/local/index.js), which its wrappers load; the code rooms share is in dist/src/chunks/. The bundles
 *   import the kept modules from their files instead of holding copies, so a class or a module's state is one
 *   for every entry point, as code splitting keeps it among the bundles. They are not minified, and a line above
 *   each module's code names its source, where a stack trace's line leads. The declarations stay tsc's.
 * - Nothing else: no module that nothing loads, such as the `export {};` tsc writes for a module of types.
 */
export async function main(): Promise<void> {
  let { kept, missing } = keptModules()
  // The build is incremental: tsc does not write again a module this removed while it is unchanged, so one
  // that an app's entry point or a wrapper reaches since is missing until a full build.
  if (missing.length > 0) {
    buildEverything()
    ;({ kept, missing } = keptModules())
    if (missing.length > 0) throw new Error(`dist/ imports modules it lacks:\n${missing.join('\n')}`)
  }
  const rooms = [...new Set([...kept].flatMap(relativeImports).filter((file) => !kept.has(file)))]
  const bins = Object.values(manifest().bin).map((bin) => join(repoRoot, bin))
  const entryPoints = [...rooms, ...bins].map(sourceOf)
  const result = await build({
    entryPoints,
    absWorkingDir: repoRoot,
    tsconfig: join(repoRoot, 'tsconfig.build.json'),
    outbase: repoRoot,
    outdir: distDir,
    chunkNames: 'src/chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: compilerTarget(),
    packages: 'external',
    charset: 'utf8',
    plugins: [importKeptModules(kept)],
    write: false,
    logLevel: 'error',
  })
  const written = new Set<string>()
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true })
    writeFileSync(file.path, withKeptSpecifiers(file.path, file.text))
    written.add(file.path)
  }
  const unloaded = javaScriptFiles().filter((file) => !kept.has(file) && !written.has(file))
  for (const file of unloaded) rmSync(file)
  console.log(
    `bundle-peer-rooms: ${rooms.length} rooms and the bin in ${written.size} files of dist/; ` +
      `${unloaded.length} JavaScript files that nothing loads removed`,
  )
}

type Manifest = { bin: Record<string, string>; exports: Record<string, unknown> }
const manifest = () => JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest

/** The JavaScript files of package.json `exports` (each `default` target), by whether the export has a `require` twin. */
function exportedModules(): { peerLoading: string[]; others: string[] } {
  const peerLoading: string[] = []
  const others: string[] = []
  const targets = (target: unknown): string[] =>
    typeof target === 'string'
      ? /\.[cm]?js$/.test(target)
        ? [join(repoRoot, target)]
        : []
      : target && typeof target === 'object'
        ? Object.entries(target).flatMap(([condition, inner]) => (condition === 'types' ? [] : targets(inner)))
        : []
  for (const target of Object.values(manifest().exports)) {
    const files = targets(target)
    if (target && typeof target === 'object' && 'require' in target) peerLoading.push(...files)
    else others.push(...files)
  }
  return { peerLoading, others }
}

/**
 * The modules of dist/ that stay as tsc wrote them: what the exports without a `require` twin reach (statically
 * or lazily), and the exports with one with the modules of their own folder they import (the peer messages); and
 * each relative import of these that finds no file.
 */
function keptModules(): { kept: Set<string>; missing: string[] } {
  const { peerLoading, others } = exportedModules()
  const kept = new Set<string>()
  const missing: string[] = []
  const visit = (file: string, from: string, folder?: string) => {
    if (kept.has(file) || (folder !== undefined && dirname(file) !== folder)) return
    if (!existsSync(file)) return void missing.push(`${relative(repoRoot, from)}: ${relative(repoRoot, file)}`)
    kept.add(file)
    for (const target of relativeImports(file)) visit(target, file, folder)
  }
  const manifestFile = join(repoRoot, 'package.json')
  for (const file of others) visit(file, manifestFile)
  for (const file of peerLoading) visit(file, manifestFile, dirname(file))
  return { kept, missing }
}

/** The source of a module of dist/: dist/src/local/index.js → src/local/index.ts. */
function sourceOf(file: string): string {
  const source = join(repoRoot, relative(distDir, file)).replace(/\.([cm]?)js$/, '.$1ts')
  if (!existsSync(source)) throw new Error(`${relative(repoRoot, file)} has no source ${relative(repoRoot, source)}`)
  return source
}

/** The module of dist/ that tsc compiles a source to: src/runtime/errors.ts → dist/src/runtime/errors.js. */
const compiledOf = (source: string) => join(distDir, relative(repoRoot, source)).replace(/\.([cm]?)ts$/, '.$1js')

/** tsconfig.build.json's target (`es2022`): the bundles lower the syntax tsc lowers, and no other. */
function compilerTarget(): string {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )
  const target = parsed?.options.target
  if (target === undefined) throw new Error('tsconfig.build.json sets no target')
  return ts.ScriptTarget[target].toLowerCase()
}

/**
 * A bundle's import of a kept module, written `kept-module:<path in dist/>` by the plugin below while esbuild does not
 * know yet which file of dist/ will hold the import, and made relative to that file once it does.
 */
const keptPrefix = 'kept-module:'

/** Imports of the kept modules stay imports, of their files in dist/. */
function importKeptModules(kept: Set<string>): Plugin {
  return {
    name: 'import-kept-modules',
    setup(plugin) {
      plugin.onResolve({ filter: /^\./ }, async ({ path, importer, kind, resolveDir, pluginData }) => {
        if (pluginData === keptPrefix) return undefined
        const resolved = await plugin.resolve(path, { importer, kind, resolveDir, pluginData: keptPrefix })
        if (resolved.errors.length > 0) return { errors: resolved.errors }
        const compiled = compiledOf(resolved.path)
        return kept.has(compiled) ? { path: `${keptPrefix}${relative(distDir, compiled)}`, external: true } : resolved
      })
    },
  }
}

/** The bundle `output` with its imports of kept modules relative to it. */
function withKeptSpecifiers(output: string, code: string): string {
  return code.replace(new RegExp(`(["'])${keptPrefix}([^"']+)\\1`, 'g'), (_, quote: string, path: string) => {
    const specifier = relative(dirname(output), join(distDir, path))
    return `${quote}${specifier.startsWith('.') ? specifier : `./${specifier}`}${quote}`
  })
}
