// The package's architecture boundaries, checked by `npm run deps:check` (CI runs it beside the typecheck).
// A rule's `from` names the modules it governs, its `to` what they may not import; `reachable: true` follows
// every import the governed modules reach, not only their own. Type-only imports count: a type import is still
// a dependency on the file that declares the type (see tsPreCompilationDeps below).
const { builtinModules } = require('node:module')

/** Node's built-in modules, as dependency-cruiser names them (`node:fs` and `fs` alike). */
const nodeBuiltin = `^(node:)?(${builtinModules.filter((name) => !name.startsWith('_')).join('|')})(/|$)`
const packages = (...names) => `^node_modules/(${names.join('|')})/`
const typeOnly = ['type-only', 'type-import']

/** The client runtime: what `import … from 'web3-market-contract'` and the five client subpaths and ./errors load. */
const clientRuntime = ['^src/client/', '^src/entries/(index|marketplace|metadata|builder|relayer|indexer|errors)[.]ts$']
/** The edge-safe modules: the webhook receiver and the validators, with the entry points that export them. */
const edgeSafe = [
  '^src/webhook/receiver/',
  '^gen/validators/',
  '^src/validate/',
  '^src/entries/(webhook-receiver|validate|validate-json-schema)[.]ts$',
]
/** The two generator commands that run the reference services rather than generate from schema/. */
const commandsThatRunTheRuntime = '^scripts/commands/(start|record-examples)[.]ts$'

/**
 * The webhook engine's layers, lowest first: each may import the layers before it, never one after it.
 * matching sits below listeners: a listener's filters are parsed by matching's event signatures and the
 * listeners' copy feeds its index, while the index knows no listener table. engine-api.ts declares what the
 * operations implement, so it is their layer. shards/ runs one engine per database, so it sits above engine.ts.
 */
const engine = '^src/webhook/engine/'
const engineLayers = [
  ['store', [`${engine}store/`]],
  ['matching', [`${engine}matching/`]],
  ['listeners', [`${engine}listeners/`]],
  ['delivery', [`${engine}delivery/`]],
  ['cluster', [`${engine}cluster/`]],
  ['chain', [`${engine}chain/`]],
  ['operations', [`${engine}operations/`, `${engine}engine-api[.]ts$`]],
  ['engine', [`${engine}(engine|engine-lifecycle)[.]ts$`]],
  ['shards', [`${engine}shards/`]],
  ['index', [`${engine}index[.]ts$`]],
]
const engineLayerRules = engineLayers.slice(0, -1).map(([name, paths], position) => ({
  name: `engine-${name}-imports-no-higher-layer`,
  comment:
    'The engine is built in layers, store → matching → listeners → delivery → cluster → chain → operations → ' +
    'engine.ts → shards/ → index.ts (src/webhook/README.md): a part can be read, tested and changed knowing only the parts below ' +
    'it, and a change to a higher part never reaches a lower one. Type imports count: they tie the files too.',
  severity: 'error',
  from: { path: paths },
  to: { path: engineLayers.slice(position + 1).flatMap(([, higher]) => higher) },
}))

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'gen-imports-only-gen-and-runtime',
      comment:
        'Generated files carry only what differs per schema; behaviour lives in src/runtime, written and tested ' +
        'once. So gen/ imports only itself and src/runtime: no other src/ folder, no package (ajv is bundled into ' +
        'gen/validators/ajv-runtime.ts at generation), no Node built-in.',
      severity: 'error',
      from: { path: '^gen/' },
      to: { pathNot: ['^gen/', '^src/runtime/'] },
    },
    {
      name: 'runtime-is-a-leaf',
      comment:
        'src/runtime is what every generated client loads, in browsers and edge runtimes too: it imports nothing ' +
        'outside itself, no package and no Node built-in.',
      severity: 'error',
      from: { path: '^src/runtime/' },
      to: { pathNot: '^src/runtime/' },
    },
    {
      name: 'client-runtime-imports-only-gen-and-runtime',
      comment:
        'A client user loads only the generated clients and the runtime: the root entry, the five client entries ' +
        'and ./errors, and src/client, import only gen/, src/runtime, src/client and each other. Server, store, ' +
        'webhook and reference code, packages and Node built-ins stay out of a browser bundle.',
      severity: 'error',
      from: { path: clientRuntime },
      to: { pathNot: ['^gen/', '^src/runtime/', ...clientRuntime] },
    },
    {
      name: 'edge-safe-reaches-no-node-or-chain-package',
      comment:
        'The webhook receiver runs in edge runtimes (Web Crypto and fetch only), and so do the validators it ' +
        'uses: nothing they reach, directly or through other modules, is a Node built-in, viem, pg or PGlite.',
      severity: 'error',
      from: { path: edgeSafe },
      to: { path: [nodeBuiltin, packages('viem', 'pg', '@electric-sql/pglite')], reachable: true },
    },
    {
      name: 'receiver-reaches-no-engine',
      comment:
        'The receiver is the small edge-safe half of the webhook API; the engine (listeners, matching, delivery, ' +
        'cluster, store) is Node-only and must never be pulled into it, not even through another module.',
      severity: 'error',
      from: { path: '^src/webhook/receiver/' },
      to: { path: '^src/webhook/engine/', reachable: true },
    },
    ...engineLayerRules,
    {
      name: 'engine-imports-no-host',
      comment:
        'The engine is offered beside the HTTP host, not inside it: no engine module imports src/server. Its ' +
        "operations answer docs/errors.md's errors through src/values/documented-error.ts, mapped once in engine.ts.",
      severity: 'error',
      from: { path: engine },
      to: { path: '^src/server/' },
    },
    {
      name: 'generator-imports-from-src-only-runtime-and-data',
      comment:
        'The generator (scripts/) must run before and apart from the package it generates: from src/ it takes ' +
        'only src/runtime (shared constants and types) and src/reference/data (examples in the OpenAPI ' +
        'documents). The start and record-examples commands run the reference services and are the exceptions.',
      severity: 'error',
      from: { path: '^scripts/', pathNot: commandsThatRunTheRuntime },
      to: { path: '^src/', pathNot: ['^src/runtime/', '^src/reference/data/'] },
    },
    {
      name: 'generator-never-imports-gen',
      comment:
        'scripts/ writes gen/, so it can never depend on it: a stale or missing gen/ must not break generation. ' +
        'This holds for type-only imports too (none is needed).',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: '^gen/' },
    },
    {
      name: 'reference-data-imports-only-runtime',
      comment:
        'The generator reads src/reference/data, so the data may lean on nothing the generator may not: only ' +
        'src/runtime, and gen/ for types (the next rule).',
      severity: 'error',
      from: { path: '^src/reference/data/' },
      to: { pathNot: ['^src/reference/data/', '^src/runtime/', '^gen/'] },
    },
    {
      name: 'reference-data-imports-only-types-from-gen',
      comment:
        'A value import from gen/ would make the generator need its own output at run time; type imports are ' +
        'erased and so harmless.',
      severity: 'error',
      from: { path: '^src/reference/data/' },
      to: { path: '^gen/', dependencyTypesNot: typeOnly },
    },
    {
      name: 'no-cycle',
      comment:
        'A cycle makes load order matter and the modules in it inseparable, type imports included (they tie ' +
        'the files as much). gen/ has the next rule.',
      severity: 'error',
      from: { path: '^(src|scripts)/' },
      to: { circular: true },
    },
    {
      name: 'no-cycle-in-gen-but-through-types',
      comment:
        'Each service file lazily imports its validators, which import the service file for its types: five ' +
        'cycles by design, each closed only by a type import that TypeScript erases. Any other cycle in gen/ ' +
        'is a generator bug.',
      severity: 'error',
      from: { path: '^gen/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: typeOnly } },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'An import dependency-cruiser cannot resolve is one no rule can judge (and one Node cannot load).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '^node_modules/' },
    // Resolves the NodeNext `.js` specifiers to the `.ts`, `.cts` and `.mts` sources, as tsc does.
    tsConfig: { fileName: 'tsconfig.json' },
    // Keeps type-only imports, which TypeScript erases, in the graph.
    tsPreCompilationDeps: true,
    parser: 'tsc',
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.cts', '.mts', '.js', '.cjs', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
