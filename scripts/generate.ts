import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { exitWithHelpIfAsked } from './cli-help.js'
import { fixtureTypesText, loadFixturesSchema } from './fixture-types.js'
import { dataFingerprint, GenCache } from './gen-cache.js'
import { checkArgumentFormats, loadArgumentFormats, type WebrpcIR } from './ir.js'
import { codeFingerprint, generationModuleGraph } from './module-graph.js'
import { genDir, repoRoot, serviceRoots } from './paths.js'
import { withEnumAndErrorComments } from './ridl-comments.js'
import type { RoutingData } from './routing-data.js'
import { errorRows, errorsModuleText } from './shared-modules/errors.js'
import { defaultRuntimeDir } from './shared-modules/header.js'
import { networksModuleText } from './shared-modules/networks.js'
import { runStep } from './step-thread.js'
import { generationTargets, schemaOf, webrpcGen } from './webrpc-gen.js'
import { writeTree } from './write-tree.js'

export interface GenerateOptions {
  /** Service roots to regenerate from schema/ (all by default); the others' IRs are read from `outDir`. */
  services?: readonly string[]
  /** Reuse outputs made from the same inputs by the same code (default: on); gen:check turns it off. */
  cache?: boolean
  /** Remove files no longer generated (default: on a run of every service). */
  prune?: boolean
}

/** The module each cached step runs: its output is valid only for the code that module reaches (scripts/module-graph.ts). */
export const stepEntries = {
  postprocess: 'scripts/postprocess/index.ts',
  openapi: 'scripts/openapi/index.ts',
  jsonschema: 'scripts/jsonschema/index.ts',
  fixtures: 'scripts/jsonschema/fixtures-validator.ts',
  routing: 'scripts/routing-data.ts',
} as const

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'

function selectedServices(requested: readonly string[] | undefined): { all: string[]; selected: Set<string> } {
  const all = serviceRoots()
  const unknown = (requested ?? []).filter((stem) => !all.includes(stem))
  if (unknown.length > 0) throw new Error(`no service root ${unknown.join(', ')}; service roots: ${all.join(', ')}`)
  return { all, selected: new Set(requested ?? all) }
}

/** The webrpc-gen outputs of a service root, its IR and its stock client, started at once: each call is a process of its own. */
async function stockOutputs(stem: string): Promise<{ irText: string; client: string }> {
  const [irText, client] = await Promise.all(generationTargets.map((target) => webrpcGen(schemaOf(stem), target)))
  return { irText: withEnumAndErrorComments(irText!, schemaOf(stem), repoRoot), client: client! }
}

/**
 * What keys each step's cached output besides its arguments: the code its module reaches and the data
 * files generation reads at run time (dataFingerprint). Each is read and hashed once per run, on first use.
 */
async function stepFingerprints(): Promise<(step: keyof typeof stepEntries) => string> {
  const graph = await generationModuleGraph(Object.values(stepEntries))
  const data = dataFingerprint()
  const fingerprints = new Map<keyof typeof stepEntries, string>()
  return (step) => {
    if (!fingerprints.has(step)) fingerprints.set(step, `${codeFingerprint(graph, stepEntries[step])}:${data}`)
    return fingerprints.get(step)!
  }
}

/**
 * Every generated file of the selected services and every file all services share, by path relative
 * to gen/. The webrpc-gen processes start first; a step whose inputs and code did not change is read
 * from the cache, so ts-morph and ajv load only when something they make must be made anew.
 */
export async function generateFiles(
  outDir: string = genDir,
  options: GenerateOptions = {},
): Promise<Map<string, string>> {
  const { all, selected } = selectedServices(options.services)
  const stock = new Map([...selected].map((stem) => [stem, stockOutputs(stem)]))
  // A failure is reported where its service is awaited; one that is never awaited (an earlier service failed) is not unhandled.
  for (const outputs of stock.values()) outputs.catch(() => undefined)
  const cache = new GenCache(options.cache !== false)
  const code = cache.enabled ? await stepFingerprints() : () => ''
  const checkedRouting = cache.textOrMade([code('routing')], () => runStep('routing', undefined))
  // Without the cache, or without the routing data in it (a first run, or networks.json or its code changed), every
  // service file is post-processed: ts-morph loads here while webrpc-gen runs and the routing data is checked.
  const loading = cache.enabled && typeof checkedRouting === 'string' ? undefined : import('./postprocess/index.js')
  const routing = JSON.parse(await checkedRouting) as RoutingData
  const routingText = JSON.stringify(routing)
  const postprocessor = () => loading ?? import('./postprocess/index.js')
  const irs = new Map<string, WebrpcIR>()
  const clients = new Map<string, { irText: string; client: string }>()
  for (const stem of all) {
    const outputs = stock.get(stem)
    if (!outputs) {
      irs.set(stem, JSON.parse(readFileSync(join(outDir, `${stem}.webrpc.json`), 'utf8')) as WebrpcIR)
      continue
    }
    const made = await outputs
    clients.set(stem, made)
    irs.set(stem, JSON.parse(made.irText) as WebrpcIR)
  }
  checkArgumentFormats(loadArgumentFormats(), irs.values())

  // The ajv steps start first (on the step thread when there is one), then the clients are post-processed here.
  const openapi = new Map(
    [...clients].map(([stem, { irText }]) => [
      stem,
      cache.textOrMade([code('openapi'), stem, irText, routingText], () =>
        runStep('openapi', { stem, ir: irs.get(stem)!, routing }),
      ),
    ]),
  )
  const schemaFiles = cache.textOrMade([code('jsonschema'), ...all.map((stem) => JSON.stringify(irs.get(stem)))], () =>
    runStep('jsonschema', { irs: [...irs], cache: cache.enabled, code: code('jsonschema') }).then((made) =>
      JSON.stringify(made),
    ),
  )
  const fixturesSchema = loadFixturesSchema()
  const fixturesValidator = cache.textOrMade([code('fixtures'), JSON.stringify(fixturesSchema)], () =>
    runStep('fixtures', { schema: fixturesSchema }),
  )

  const files = new Map<string, string>()
  for (const [stem, { irText, client }] of clients) {
    files.set(`${stem}.webrpc.json`, json(irs.get(stem)))
    const serviceFile = [code('postprocess'), stem, client, irText, routingText]
    files.set(
      `${stem}.gen.ts`,
      cache.get(serviceFile) ??
        cache.set(
          serviceFile,
          (await postprocessor()).postprocess(stem, client, irs.get(stem)!, undefined, { routing }),
        ),
    )
  }
  files.set('errors.gen.ts', errorsModuleText(errorRows(irs), defaultRuntimeDir))
  files.set('networks.gen.ts', networksModuleText(routing, defaultRuntimeDir))
  files.set('fixtures.gen.ts', fixtureTypesText(fixturesSchema))
  for (const documents of [...openapi.values(), schemaFiles, fixturesValidator])
    for (const [name, text] of JSON.parse(await documents) as [string, string][]) files.set(name, text)
  return files
}

/** Regenerates `outDir` from schema/ and scripts/; a full run also removes files no longer generated. Returns the files that changed. */
export async function generate(outDir: string = genDir, options: GenerateOptions = {}): Promise<string[]> {
  const files = await generateFiles(outDir, options)
  return writeTree(outDir, files, options.prune ?? options.services === undefined)
}

const usage = `npm run gen [-- --service <stem> ...] [-- --out <dir>] [-- --help]

Regenerates gen/ (or <dir>) from schema/ and scripts/: the IR, clients and server stubs of every
service, the shared error and network modules, JSON Schemas, validators and OpenAPI. Deterministic:
the same input gives the same bytes. Writes only files whose bytes change.

  --service <stem>  regenerate this service root only (repeatable), e.g. --service marketplace;
                    the other services' IRs are read from the output folder
  --out <dir>       write into <dir> instead of gen/
  --no-cache        make every output anew (the cache keeps each step's output keyed by its inputs
                    and the code that made it, in node_modules/.cache/web3-market-contract-gen)`

/** `npm run gen`: scripts/launch.mjs runs it. */
export async function main(): Promise<void> {
  exitWithHelpIfAsked(usage)
  const { values } = parseArgs({
    options: {
      service: { type: 'string', multiple: true },
      out: { type: 'string' },
      'no-cache': { type: 'boolean' },
    },
    strict: true,
  })
  const outDir = values.out ?? genDir
  const started = performance.now()
  try {
    const changed = await generate(outDir, { services: values.service, cache: !values['no-cache'] })
    console.log(
      `generated into ${relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms: ${changed.length ? `${changed.length} files changed` : 'nothing changed'}`,
    )
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
