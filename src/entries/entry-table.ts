/**
 * Every public subpath of the package, once: package.json `exports`, the wrappers in src/entries and their
 * `.require.cts` twins, the peer table of peer-dependencies.ts and README's "Entry points" follow this table
 * (test/entries/entry-table.test.ts checks the files against it).
 */

/** Optional peers the module of an entry loads at run time, and how its users install them. */
export interface RunTimePeers {
  readonly packages: readonly string[]
  /** Apps install their peers as dependencies; tests and tools as dev dependencies. */
  readonly install: 'npm install' | 'npm install --save-dev'
}

/** A subpath served by a module of src/entries: dist/src/entries/<file>.js, its declarations beside it. */
export interface ModuleEntry {
  readonly file: string
  /**
   * `esm` entries are ES modules that require() loads as they are (Node 20.19+). An entry whose wrapper
   * awaits its module at top level, to report a missing peer, is `esm+require`: a `<file>.require.cts` twin
   * serves require(), which cannot load a module that awaits.
   */
  readonly systems: 'esm' | 'esm+require'
  /** The module a peer-loading wrapper loads, relative to src/entries. */
  readonly module?: string
  readonly peers?: RunTimePeers
  /** Peers the user's own code brings (the entry imports only their types). */
  readonly userPeers?: readonly string[]
}

/** A subpath served by files shipped as they are. */
export interface FileEntry {
  readonly path: string
}

export const entryTable = {
  '.': { file: 'index', systems: 'esm' },
  './marketplace': { file: 'marketplace', systems: 'esm' },
  './metadata': { file: 'metadata', systems: 'esm' },
  './builder': { file: 'builder', systems: 'esm' },
  './relayer': { file: 'relayer', systems: 'esm' },
  './indexer': { file: 'indexer', systems: 'esm' },
  './errors': { file: 'errors', systems: 'esm' },
  './query': { file: 'query', systems: 'esm', userPeers: ['@tanstack/query-core'] },
  './schemas/*': { path: './gen/schemas/*' },
  './validate': { file: 'validate', systems: 'esm' },
  './validate/json-schema': { file: 'validate-json-schema', systems: 'esm' },
  './webhook': {
    file: 'webhook',
    systems: 'esm+require',
    module: '../webhook/index.js',
    peers: { packages: ['viem'], install: 'npm install' },
  },
  './webhook/engine': {
    file: 'webhook-engine',
    systems: 'esm+require',
    module: '../webhook/engine/index.js',
    peers: { packages: ['viem'], install: 'npm install' },
  },
  './webhook/receiver': { file: 'webhook-receiver', systems: 'esm' },
  './server': {
    file: 'server',
    systems: 'esm+require',
    module: '../server/index.js',
    peers: { packages: ['jose'], install: 'npm install' },
  },
  './local': {
    file: 'local',
    systems: 'esm+require',
    module: '../local/index.js',
    peers: { packages: ['@electric-sql/pglite', 'pg', 'viem', 'jose'], install: 'npm install --save-dev' },
  },
  './msw': {
    file: 'msw',
    systems: 'esm+require',
    module: '../msw/index.js',
    peers: { packages: ['msw', 'viem', 'jose'], install: 'npm install --save-dev' },
  },
  './fixtures.schema.json': { path: './schema/fixtures.schema.json' },
  './package.json': { path: './package.json' },
} as const satisfies Record<string, ModuleEntry | FileEntry>

export type Subpath = keyof typeof entryTable

/** The subpaths whose module loads optional peers at run time. */
export type PeerLoadingSubpath = {
  [S in Subpath]: (typeof entryTable)[S] extends { peers: RunTimePeers } ? S : never
}[Subpath]
