// @ts-check
/**
 * Runs a command of scripts/ (`node scripts/launch.mjs generate --service marketplace`) in plain Node:
 * esbuild bundles the command's module and everything of this repository it imports into one file,
 * once, and again only when one of those sources changes. A run then starts without a TypeScript
 * loader (tsx costs ~0.3 s a start here). Packages stay external and load from node_modules as usual, except
 * the few a command bundles (`bundledPackages`).
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import module, { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
/**
 * The commands, by the name package.json's scripts give them, each a module exporting `main`. All but two
 * are the generator's; `start` and `record-examples` run the local server of src/, which no
 * generation step does.
 */
const commands = /** @type {Record<string, string>} */ ({
  generate: 'scripts/commands/generate.ts',
  check: 'scripts/commands/check.ts',
  watch: 'scripts/commands/watch.ts',
  'generator-worker': 'scripts/commands/generator-worker.ts',
  breaking: 'scripts/commands/breaking.ts',
  'install-tools': 'scripts/commands/install-tools.ts',
  'record-examples': 'scripts/commands/record-examples.ts',
  start: 'scripts/commands/start.ts',
  'prune-declarations': 'scripts/commands/prune-declarations.ts',
  'strip-js-comments': 'scripts/commands/strip-js-comments.ts',
  'bundle-peer-rooms': 'scripts/commands/bundle-peer-rooms.ts',
})
const [command = '', ...commandArgs] = process.argv.slice(2)
if (!Object.hasOwn(commands, command)) {
  console.error(`usage: node scripts/launch.mjs <${Object.keys(commands).join('|')}> [args]`)
  process.exit(2)
}
const commandPath = /** @type {string} */ (commands[command])
const commandModule = join(repoRoot, commandPath)

/** @param {string | Buffer} data */
const sha256 = (data) => createHash('sha256').update(data).digest('hex')

// The bundle holds this checkout's path (see GEN_REPO_ROOT in scripts/pipeline/paths.ts): one bundle per checkout and command.
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'web3-market-contract-gen')
const bundleDir = join(cacheDir, 'launch')
const bundle = join(bundleDir, `${command}-${sha256(repoRoot).slice(0, 16)}.mjs`)
const sourcesFile = `${bundle}.sources.json`

/** True when every source the bundle was made from still has the bytes it had. */
// How a bundle is made is part of what it is made from: a bundle whose sources do not name this file is stale.
const launcher = 'scripts/launch.mjs'

function bundleIsCurrent() {
  try {
    /** @type {{ hashes: Record<string, string> }} */
    const { hashes } = JSON.parse(readFileSync(sourcesFile, 'utf8'))
    return (
      existsSync(bundle) &&
      launcher in hashes &&
      Object.entries(hashes).every(([path, hash]) => sha256(readFileSync(resolve(repoRoot, path))) === hash)
    )
  } catch {
    return false
  }
}

/** Written aside and renamed: a run started at the same time reads a whole file or none. */
function writeAtomically(/** @type {string} */ path, /** @type {string} */ text) {
  const partial = `${path}.${process.pid}.tmp`
  writeFileSync(partial, text)
  renameSync(partial, path)
}

// The entry esbuild reads from stdin, named as a path of the repository, which it is not.
const entryName = 'launch-entry.ts'

/**
 * Packages bundled into a command's bundle instead of loaded from node_modules. `npm start` uses a few of
 * viem's functions at start (EIP-55 checksums, unit formatting), which Node would load as some 400 modules;
 * esbuild keeps what is used and defers the rest with the module that imports it.
 */
const bundledPackages = /** @type {Record<string, string[]>} */ ({ start: ['viem'] })[command] ?? []

/** Every other package stays external: its name and its subpaths. */
function externalPackages() {
  /** @type {Record<string, Record<string, string> | undefined>} */
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))
  const names = ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((key) =>
    Object.keys(manifest[key] ?? {}),
  )
  return [...new Set(names)].filter((name) => !bundledPackages.includes(name)).flatMap((name) => [name, `${name}/*`])
}

async function buildBundle() {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    stdin: {
      // A thread the command starts from the same bundle (scripts/pipeline/step-thread.ts) does not run the command.
      contents: `import { isMainThread } from 'node:worker_threads'\nimport { main } from './${commandPath}'\nif (isMainThread) await main()\n`,
      resolveDir: repoRoot,
      sourcefile: entryName,
      loader: 'ts',
    },
    absWorkingDir: repoRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    ...(bundledPackages.length > 0
      ? {
          external: externalPackages(),
          // CommonJS code bundled into an ES module still calls require().
          banner: {
            js: "import { createRequire as createRequireOfBundle } from 'node:module'\nconst require = createRequireOfBundle(import.meta.url)",
          },
        }
      : { packages: 'external' }),
    define: { GEN_REPO_ROOT: JSON.stringify(repoRoot) },
    // A linked source map (enabled below): a stack trace names scripts/commands/generate.ts:42, not the bundle's line.
    sourcemap: 'linked',
    // The sources are beside it in the checkout: a map without their text is a third of the size to read at start.
    sourcesContent: false,
    outfile: bundle,
    metafile: true,
    write: false,
    logLevel: 'error',
  })
  // A bundled package's files are not hashed one by one: the lockfile stands for their versions.
  const modules = Object.keys(result.metafile.inputs).filter(
    (input) => input !== entryName && !input.startsWith('node_modules/'),
  )
  if (bundledPackages.length > 0) modules.push('package-lock.json')
  modules.push(launcher)
  /** @type {import('./pipeline/module-graph.js').BundleSources} */
  const sources = {
    // The module graph (scripts/pipeline/module-graph.ts keys generation's cache by the modules each step reaches).
    inputs: Object.fromEntries(
      modules.map((input) => [input, { imports: result.metafile.inputs[input]?.imports ?? [] }]),
    ),
    hashes: Object.fromEntries(modules.map((input) => [input, sha256(readFileSync(resolve(repoRoot, input)))])),
  }
  mkdirSync(bundleDir, { recursive: true })
  for (const file of result.outputFiles) writeAtomically(file.path, file.text)
  writeAtomically(sourcesFile, JSON.stringify(sources))
}

// V8's compiled code for the modules a command loads (ts-morph's TypeScript above all) is kept between runs: a tenth
// of a second per run here. Node 22's module.enableCompileCache keeps ES modules' too (in a folder per Node build);
// Node 20 has only the package, for CommonJS, whose folder is kept here per Node version: two Node 20 builds of one
// V8 version (CI's pinned 20.19.0 and a machine's 20.20.2) took each other's code and crashed (SIGSEGV) loading it.
// (@types/node is the oldest supported line's, 20, which has no enableCompileCache.)
const { enableCompileCache } = /** @type {{ enableCompileCache?: (directory: string) => unknown }} */ (module)
if (enableCompileCache) enableCompileCache(join(cacheDir, 'v8-node'))
else {
  process.env.V8_COMPILE_CACHE_CACHE_DIR ??= join(cacheDir, 'v8', `${process.version}-${process.arch}`)
  createRequire(import.meta.url)('v8-compile-cache')
}

if (!bundleIsCurrent()) await buildBundle()
process.setSourceMapsEnabled(true)
// The command reads its arguments from process.argv as if started directly.
process.argv = [process.argv[0] ?? process.execPath, commandModule, ...commandArgs]
await import(pathToFileURL(bundle).href)
