import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fixtureTypesText, loadFixturesSchema } from '../emit/fixture-types.js'
import { dataFingerprint, GenCache } from './gen-cache.js'
import { checkArgumentFormats, loadArgumentFormats, type WebrpcIR } from './ir.js'
import { codeFingerprint, generationModuleGraph } from './module-graph.js'
import { genDir, repoRoot, serviceRoots, toolsModuleDir } from './paths.js'
import { ridlFiles, withEnumAndErrorComments } from '../emit/ridl-comments.js'
import type { RoutingData } from './routing-data.js'
import { errorRows, errorsModuleText } from '../emit/typescript/shared-modules/errors.js'
import { defaultRuntimeDir } from '../emit/typescript/shared-modules/header.js'
import { networksModuleText } from '../emit/typescript/shared-modules/networks.js'
import { runStep } from './step-thread.js'
import { generationTargets, schemaOf, webrpcGen } from './webrpc-gen.js'
import { writeTree } from './write-tree.js'
export interface GenerateOptions {
  /** Service roots whose files to regenerate (all by default); every service's IR is made all the same. */
  services?: readonly string[]
  /** Reuse outputs made from the same inputs by the same code (default: on); gen:check turns it off. */
  cache?: boolean
  /** Remove files no longer generated (default: on a run of every service). */
  prune?: boolean
}

/** The module each cached step runs: its output is valid only for the code that module reaches (scripts/pipeline/module-graph.ts). */
export const stepEntries = {
  postprocess: 'scripts/emit/typescript/index.ts',
  openapi: 'scripts/emit/openapi/index.ts',
  jsonschema: 'scripts/emit/jsonschema/index.ts',
  fixtures: 'scripts/emit/jsonschema/fixtures-validator.ts',
  routing: 'scripts/pipeline/routing-data.ts',
} as const

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'

function selectedServices(requested: readonly string[] | undefined): { all: string[]; selected: Set<string> } {
  const all = serviceRoots()
  const unknown = (requested ?? []).filter((stem) => !all.includes(stem))
  if (unknown.length > 0) throw new Error(`no service root ${unknown.join(', ')}; service roots: ${all.join(', ')}`)
  return { all, selected: new Set(requested ?? all) }
}

/**
 * The webrpc-gen outputs of a service root: its IR, with the comments of its enums and errors, and its stock
 * client when asked. The calls start at once, each a process of its own; with the cache, an output made by
 * the same pinned webrpc-gen from the same RIDL files (the root and what it imports) is read back instead.
 */
async function stockOutputs(stem: string, withClient: boolean, cache: GenCache): Promise<StockOutputs> {
  const root = schemaOf(stem)
  const sources = cache.enabled
    ? [readFileSync(join(toolsModuleDir, 'go.mod'), 'utf8'), ...ridlFiles(join(repoRoot, root)).flatMap(fileAndText)]
    : []
  const targets = withClient ? generationTargets : generationTargets.filter((target) => target === 'json')
  const [irText, client] = await Promise.all(
    targets.map((target) => cache.textOrMade(['webrpc-gen', target, ...sources], () => webrpcGen(root, target))),
  )
  return { irText: withEnumAndErrorComments(irText!, root, repoRoot), client }
}

interface StockOutputs {
  irText: string
  client?: string
}

const fileAndText = (file: string) => [relative(repoRoot, file), readFileSync(file, 'utf8')]

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
export async function generateFiles(options: GenerateOptions = {}): Promise<Map<string, string>> {
  const { all, selected } = selectedServices(options.services)
  const cache = new GenCache(options.cache !== false)
  // Every service's IR is made (errors.gen.ts and the JSON Schemas need them all); only the selected services' clients.
  const stock = new Map(all.map((stem) => [stem, stockOutputs(stem, selected.has(stem), cache)]))
  // A failure is reported where its service is awaited; one that is never awaited (an earlier service failed) is not unhandled.
  for (const outputs of stock.values()) outputs.catch(() => undefined)
  const code = cache.enabled ? await stepFingerprints() : () => ''
  const checkedRouting = cache.textOrMade([code('routing')], () => runStep('routing', undefined))
  // Without the cache, or without the routing data in it (a first run, or networks.json or its code changed), every
  // service file is post-processed: ts-morph loads here while webrpc-gen runs and the routing data is checked.
  const loading =
    cache.enabled && typeof checkedRouting === 'string' ? undefined : import('../emit/typescript/index.js')
  const routing = JSON.parse(await checkedRouting) as RoutingData
  const routingText = JSON.stringify(routing)
  const postprocessor = () => loading ?? import('../emit/typescript/index.js')
  const irs = new Map<string, WebrpcIR>()
  const clients = new Map<string, { irText: string; client: string }>()
  for (const stem of all) {
    const { irText, client } = await stock.get(stem)!
    irs.set(stem, JSON.parse(irText) as WebrpcIR)
    if (client !== undefined) clients.set(stem, { irText, client })
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
  const files = await generateFiles(options)
  return writeTree(outDir, files, options.prune ?? options.services === undefined)
}
