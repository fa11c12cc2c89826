import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fixtureTypesText, loadFixturesSchema } from '../emit/fixture-types.js'
import { GenCache } from './gen-cache.js'
import { checkArgumentFormats, loadArgumentFormats, type WebrpcIR } from './ir.js'
import { genDir, goModuleDir, repoRoot, serviceRoots, toolsModuleDir } from './paths.js'
import { goModuleFiles, isGeneratedGoFile } from '../emit/golang/index.js'
import { ridlFiles, withEnumAndErrorComments } from '../emit/ridl-comments.js'
import type { RoutingData } from './routing-data.js'
import { errorRows, errorsModuleText } from '../emit/typescript/shared-modules/errors.js'
import { defaultRuntimeDir } from '../emit/typescript/shared-modules/header.js'
import { networksModuleText } from '../emit/typescript/shared-modules/networks.js'
import { StepRunner } from './step-runner.js'
import { generationTargets, schemaOf, targetFlags, webrpcGen } from './webrpc-gen.js'
import { writeTree } from './write-tree.js'
export interface GenerateOptions {
  /** Service roots whose files to regenerate (all by default); every service's IR is made all the same. */
  services?: readonly string[]
  /** Reuse outputs made from the same inputs by the same code (default: on); gen:check turns it off. */
  cache?: boolean
  /** Remove files no longer generated (default: on a run of every service). */
  prune?: boolean
  /** The runner of the cached steps, with its cache (tests observe the steps' calls); `cache` is then not read. */
  runner?: StepRunner
  /** Where the Go module's generated files go (default: go/). */
  goDir?: string
}

/** What a run makes: gen/'s files and the Go module's generated files, each by path relative to its folder. */
export interface GeneratedOutputs {
  gen: Map<string, string>
  go: Map<string, string>
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'

function selectedServices(requested: readonly string[] | undefined): { all: string[]; selected: Set<string> } {
  const all = serviceRoots()
  const unknown = (requested ?? []).filter((stem) => !all.includes(stem))
  if (unknown.length > 0) throw new Error(`no service root ${unknown.join(', ')}; service roots: ${all.join(', ')}`)
  return { all, selected: new Set(requested ?? all) }
}

/**
 * The webrpc-gen outputs of a service root: its IR, with the comments of its enums and errors, and its stock
 * client and Go package when asked. The calls start at once, each a process of its own, and each output is awaited
 * on its own (the Go package, the slowest, only where the Go module is made); with the cache, an output made by the
 * same pinned webrpc-gen from the same RIDL files (the root and what it imports) is read back instead.
 */
function stockOutputs(stem: string, withClient: boolean, cache: GenCache): StockOutputs {
  const root = schemaOf(stem)
  const readSources = () => [
    readFileSync(join(toolsModuleDir, 'go.mod'), 'utf8'),
    ...ridlFiles(join(repoRoot, root)).flatMap(fileAndText),
  ]
  const sources = cache.enabled ? readSources() : []
  // webrpc-gen reads the RIDL files itself, maybe after a later save: its output is kept only if they are unchanged.
  const sourcesUnchanged = () => {
    const now = readSources()
    return now.length === sources.length && now.every((text, i) => text === sources[i])
  }
  const targets = withClient ? generationTargets : generationTargets.filter((target) => target === 'json')
  const made = new Map(
    targets.map((target) => [
      target,
      // Keyed by the target's flags too: a flag added to a target (scripts/pipeline/webrpc-gen.ts) makes it anew.
      Promise.resolve(
        cache.textOrMade(
          ['webrpc-gen', ...targetFlags[target](stem), ...sources],
          () => webrpcGen(root, target),
          sourcesUnchanged,
        ),
      ),
    ]),
  )
  const outputs: StockOutputs = {
    irText: made.get('json')!.then((irText) => withEnumAndErrorComments(irText, root, repoRoot)),
    client: made.get('typescript'),
    goPackage: made.get('golang'),
  }
  // A failure is reported where its output is awaited; one that is never awaited (an earlier service failed) is not unhandled.
  for (const output of Object.values(outputs)) output?.catch(() => undefined)
  return outputs
}

interface StockOutputs {
  irText: Promise<string>
  client?: Promise<string>
  /** The Go package (types, client, server) of the service root. */
  goPackage?: Promise<string>
}

const fileAndText = (file: string) => [relative(repoRoot, file), readFileSync(file, 'utf8')]

/** Every file of gen/ that a run makes (generateOutputs), by path relative to gen/. */
export async function generateFiles(options: GenerateOptions = {}): Promise<Map<string, string>> {
  return (await generateOutputs(options)).gen
}

/**
 * Every generated file of the selected services and every file all services share, in gen/ and in the Go
 * module. The webrpc-gen processes start first; a step whose inputs and code did not change is read from the
 * cache, so ts-morph and ajv load only when something they make must be made anew.
 */
export async function generateOutputs(options: GenerateOptions = {}): Promise<GeneratedOutputs> {
  const { all, selected } = selectedServices(options.services)
  const cache = options.runner?.cache ?? new GenCache(options.cache !== false)
  // Every service's IR is made (errors.gen.ts and the JSON Schemas need them all); only the selected services' clients.
  const stock = new Map(all.map((stem) => [stem, stockOutputs(stem, selected.has(stem), cache)]))
  const runner = options.runner ?? (await StepRunner.create(cache))
  const checkedRouting = runner.run('routing', {})
  // Without the cache, or without the routing data in it (a first run, or networks.json or its code changed), every
  // service file is post-processed: ts-morph loads here (the postprocess step's import finds it loading) while
  // webrpc-gen runs and the routing data is checked.
  if (!cache.enabled || typeof checkedRouting !== 'string') import('../emit/typescript/index.js').catch(() => undefined)
  const routing = JSON.parse(await checkedRouting) as RoutingData
  const irs = new Map<string, WebrpcIR>()
  const clients = new Map<string, string>()
  for (const stem of all) {
    const { irText, client } = stock.get(stem)!
    irs.set(stem, JSON.parse(await irText) as WebrpcIR)
    if (client !== undefined) clients.set(stem, await client)
  }
  checkArgumentFormats(loadArgumentFormats(), irs.values())

  // The ajv steps start first (on the step thread when there is one), then the clients are post-processed here.
  const openapi = [...clients.keys()].map((stem) => runner.run('openapi', { stem, ir: irs.get(stem)!, routing }))
  const schemaFiles = runner.run('jsonschema', { irs: [...irs] })
  const fixturesSchema = loadFixturesSchema()
  const fixturesValidator = runner.run('fixtures', { schema: fixturesSchema })

  const files = new Map<string, string>()
  for (const [stem, client] of clients) {
    files.set(`${stem}.webrpc.json`, json(irs.get(stem)))
    files.set(`${stem}.gen.ts`, await runner.run('postprocess', { stem, client, ir: irs.get(stem)!, routing }))
  }
  files.set('errors.gen.ts', errorsModuleText(errorRows(irs), defaultRuntimeDir))
  files.set('networks.gen.ts', networksModuleText(routing, defaultRuntimeDir))
  files.set('fixtures.gen.ts', fixtureTypesText(fixturesSchema))
  for (const documents of [...openapi, schemaFiles, fixturesValidator])
    for (const [name, text] of JSON.parse(await documents) as [string, string][]) files.set(name, text)
  const goPackages = new Map<string, string>()
  for (const [stem, { goPackage }] of stock) if (goPackage !== undefined) goPackages.set(stem, await goPackage)
  return { gen: files, go: goModuleFiles(goPackages, irs, routing) }
}

/**
 * Regenerates `outDir` (gen/) and the Go module's generated files from schema/ and scripts/; a full run also
 * removes files no longer generated. Returns the files that changed: gen/'s by path relative to it, the Go
 * module's as `go/<path>`.
 */
export async function generate(outDir: string = genDir, options: GenerateOptions = {}): Promise<string[]> {
  const { gen, go } = await generateOutputs(options)
  const prune = options.prune ?? options.services === undefined
  return [
    ...writeTree(outDir, gen, prune),
    ...writeTree(options.goDir ?? goModuleDir, go, prune, isGeneratedGoFile).map((name) => `go/${name}`),
  ]
}
