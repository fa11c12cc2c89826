import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { exitWithHelpIfAsked } from './cli-help.js'
import { checkArgumentFormats, loadArgumentFormats, type WebrpcIR } from './ir.js'
import { jsonSchemaFiles } from './jsonschema/index.js'
import { openapiFile } from './openapi/index.js'
import { genDir, serviceRoots } from './paths.js'
import { loadRoutingData } from './routing-data.js'
import { errorRows, errorsModuleText } from './shared-modules/errors.js'
import { defaultRuntimeDir } from './shared-modules/header.js'
import { networksModuleText } from './shared-modules/networks.js'
import { schemaOf, webrpcGen } from './webrpc-gen.js'
import { writeTree } from './write-tree.js'

export interface GenerateOptions {
  /** Service roots to regenerate from schema/ (all by default); the others' IRs are read from `outDir`. */
  services?: readonly string[]
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'

function selectedServices(requested: readonly string[] | undefined): { all: string[]; selected: Set<string> } {
  const all = serviceRoots()
  const unknown = (requested ?? []).filter((stem) => !all.includes(stem))
  if (unknown.length > 0) throw new Error(`no service root ${unknown.join(', ')}; service roots: ${all.join(', ')}`)
  return { all, selected: new Set(requested ?? all) }
}

/**
 * Every generated file of the selected services and every file all services share, by path relative
 * to gen/. The webrpc-gen processes start first and run while the post-processor loads.
 */
export async function generateFiles(
  outDir: string = genDir,
  options: GenerateOptions = {},
): Promise<Map<string, string>> {
  const { all, selected } = selectedServices(options.services)
  const stock = new Map(
    [...selected].map((stem) => [
      stem,
      Promise.all([
        webrpcGen(schemaOf(stem), 'json'),
        webrpcGen(schemaOf(stem), 'typescript'),
        webrpcGen(schemaOf(stem), 'openapi'),
      ]),
    ]),
  )
  const { postprocess } = await import('./postprocess/index.js')
  const routing = loadRoutingData()
  const files = new Map<string, string>()
  const irs = new Map<string, WebrpcIR>()
  for (const stem of all) {
    const outputs = stock.get(stem)
    if (!outputs) {
      irs.set(stem, JSON.parse(readFileSync(join(outDir, `${stem}.webrpc.json`), 'utf8')) as WebrpcIR)
      continue
    }
    const [irText, client, openapi] = await outputs
    const ir = JSON.parse(irText) as WebrpcIR
    irs.set(stem, ir)
    files.set(`${stem}.webrpc.json`, json(ir))
    files.set(`${stem}.gen.ts`, postprocess(stem, client, ir, undefined, { routing }))
    files.set(`openapi/${stem}.json`, openapiFile(stem, ir, openapi, routing))
  }
  checkArgumentFormats(loadArgumentFormats(), irs.values())
  files.set('errors.gen.ts', errorsModuleText(errorRows(irs), defaultRuntimeDir))
  files.set('networks.gen.ts', networksModuleText(routing, defaultRuntimeDir))
  for (const [name, text] of jsonSchemaFiles(irs)) files.set(name, text)
  return files
}

/** Regenerates `outDir` from schema/ and scripts/; a full run also removes files no longer generated. Returns the files that changed. */
export async function generate(outDir: string = genDir, options: GenerateOptions = {}): Promise<string[]> {
  const files = await generateFiles(outDir, options)
  return writeTree(outDir, files, options.services === undefined)
}

const usage = `npm run gen [-- --service <stem> ...] [-- --out <dir>] [-- --help]

Regenerates gen/ (or <dir>) from schema/ and scripts/: the IR, clients and server stubs of every
service, the shared error and network modules, JSON Schemas, validators and OpenAPI. Deterministic:
the same input gives the same bytes. Writes only files whose bytes change.

  --service <stem>  regenerate this service root only (repeatable), e.g. --service marketplace;
                    the other services' IRs are read from the output folder
  --out <dir>       write into <dir> instead of gen/`

if (import.meta.url === `file://${process.argv[1]}`) {
  exitWithHelpIfAsked(usage)
  const { values } = parseArgs({
    options: { service: { type: 'string', multiple: true }, out: { type: 'string' } },
    strict: true,
  })
  const outDir = values.out ?? genDir
  const started = performance.now()
  generate(outDir, { services: values.service }).then(
    (changed) =>
      console.log(
        `generated into ${relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms: ${changed.length ? `${changed.length} files changed` : 'nothing changed'}`,
      ),
    (error: Error) => {
      console.error(error.message)
      process.exit(1)
    },
  )
}
