/**
 * Browser bundle size of a client app (esbuild: bundle, minify, ESM, platform browser, code splitting as apps'
 * bundlers do for dynamic imports; then gzip -9), side by side: the Marketplace client alone with no call
 * option, with timeoutMs + retry + hooks, and with validateResponses; all five services through createClients;
 * an app that only validates (`/validate`), and one that hands out a validator's JSON Schema (`/validate/json-schema`);
 * and the published @0xsequence/marketplace MarketplaceIndexer (installed from npm into a temp dir at bench time).
 * `minifiedBytes`/`gzipBytes` are what the app loads first; `lazyGzipBytes` what it loads only when an option
 * asks for it (the response validators, a separate chunk).
 * Run: npx tsx bench/bundle-size.ts (packs this repository and installs the tarball into a temp project first).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

export const publishedClient = '@0xsequence/marketplace@2.3.39'

export type BundleRow = { app: string; minifiedBytes: number; gzipBytes: number; lazyGzipBytes: number }

export const marketplaceOnly = 'web3-market-contract/marketplace: Marketplace only, no option'

const floorOrderCall = `({ contractAddress: '0x4e10000000000000000000000000000000000721' })`

/** Each app makes one call, so the bundle holds what a real app would (classes bundle whole anyway). */
const apps = {
  [marketplaceOnly]: `import { Marketplace } from 'web3-market-contract/marketplace'
const marketplace = new Marketplace({ network: 'polygon', accessKey: 'key' })
console.log(await marketplace.getFloorOrder${floorOrderCall})`,
  'web3-market-contract/marketplace: with timeoutMs, retry and hooks': `import { Marketplace } from 'web3-market-contract/marketplace'
const marketplace = new Marketplace({ network: 'polygon', accessKey: 'key', timeoutMs: 5000, retry: true, onResponse: (r) => console.log(r.status) })
console.log(await marketplace.getFloorOrder${floorOrderCall})`,
  'web3-market-contract/marketplace: with validateResponses': `import { Marketplace } from 'web3-market-contract/marketplace'
const marketplace = new Marketplace({ network: 'polygon', accessKey: 'key', validateResponses: 'warn' })
console.log(await marketplace.getFloorOrder${floorOrderCall})`,
  'web3-market-contract: createClients, all five': `import { createClients } from 'web3-market-contract'
const clients = createClients({ network: 'polygon', accessKey: 'key' })
console.log(await clients.marketplace.getFloorOrder${floorOrderCall})`,
  'web3-market-contract/validate: validateRequest and one is<Type> guard': `import { isOrder, validateRequest } from 'web3-market-contract/validate'
console.log(isOrder({}), validateRequest('Marketplace', 'GetOrders', { input: [] }))`,
  'web3-market-contract/validate/json-schema: one validator with its JSON Schema': `import { isOrder } from 'web3-market-contract/validate'
import { withJsonSchema } from 'web3-market-contract/validate/json-schema'
console.log(withJsonSchema(isOrder)['~standard'].jsonSchema.input({ target: 'draft-07' }).title)`,
  [`${publishedClient}: MarketplaceIndexer`]: `import { MarketplaceIndexer } from '@0xsequence/marketplace'
const marketplace = new MarketplaceIndexer('https://marketplace-api.sequence.app/polygon', 'key')
console.log(await marketplace.getFloorOrder${floorOrderCall})`,
}

/** Installs the published client into `dir` (an npm project) unless it is there. */
export function installPublishedClient(dir: string): void {
  installUnlessPresent(dir, publishedClient)
}

/** Installs `spec` (`name@version`) into `dir` (an npm project) unless a package of that name is there. */
export function installUnlessPresent(dir: string, spec: string): void {
  if (existsSync(join(dir, 'node_modules', spec.slice(0, spec.lastIndexOf('@'))))) return
  mkdirSync(dir, { recursive: true })
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private":true}')
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', spec], {
    cwd: dir,
    stdio: 'pipe',
  })
}

/**
 * Bundles each app (by name, its source) inside `projectDir`, a project where the packages they import
 * resolve (by default the client apps: `web3-market-contract` and the published client).
 */
export async function measureBundles(
  projectDir: string,
  appSources: Record<string, string> = apps,
): Promise<BundleRow[]> {
  const rows: BundleRow[] = []
  const gzipBytes = (code: Uint8Array) => gzipSync(code, { level: 9 }).byteLength
  for (const [app, source] of Object.entries(appSources)) {
    const name = `bundle-app-${rows.length}`
    const entry = join(projectDir, `${name}.mjs`)
    writeFileSync(entry, source)
    const result = await build({
      // Paths (and so the chunks' hashed names, which gzip counts) relative to the project, not the random
      // temporary folder it lives in: the same code measures the same bytes in every run.
      absWorkingDir: projectDir,
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      outdir: join(projectDir, 'bundle-out'),
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    // What the app loads first: its entry and the chunks that imports statically; the rest loads on demand.
    const outputs = result.metafile.outputs
    const loadedFirst = new Set<string>()
    const follow = (path: string): void => {
      if (loadedFirst.has(path)) return
      loadedFirst.add(path)
      for (const imported of outputs[path]!.imports) if (imported.kind === 'import-statement') follow(imported.path)
    }
    follow(Object.keys(outputs).find((path) => path.endsWith(`${name}.js`))!)
    const isLoadedFirst = (file: { path: string }) =>
      [...loadedFirst].some((path) => resolve(projectDir, path) === file.path)
    const first = result.outputFiles.filter(isLoadedFirst)
    const lazy = result.outputFiles.filter((file) => !isLoadedFirst(file))
    const sum = (files: typeof first, size: (file: (typeof first)[number]) => number) =>
      files.reduce((total, file) => total + size(file), 0)
    rows.push({
      app,
      minifiedBytes: sum(first, (file) => file.contents.byteLength),
      gzipBytes: sum(first, (file) => gzipBytes(file.contents)),
      lazyGzipBytes: sum(lazy, (file) => gzipBytes(file.contents)),
    })
  }
  return rows
}

export function formatTable(rows: BundleRow[]): string {
  const number = (n: number) => n.toLocaleString('en-US')
  return [
    '| app | minified B | gzip -9 B | loaded only when used, gzip -9 B |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.app} | ${number(row.minifiedBytes)} | ${number(row.gzipBytes)} | ${number(row.lazyGzipBytes)} |`,
    ),
  ].join('\n')
}

async function main(): Promise<void> {
  const { consumerProject } = await import('../test/package/support/consumer-project.js')
  const project = await consumerProject()
  try {
    installPublishedClient(project.dir)
    console.log(`${new Date().toISOString()}: esbuild bundle --minify --format=esm --platform=browser, then gzip -9`)
    console.log(formatTable(await measureBundles(project.dir)))
  } finally {
    project.remove()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await main()
