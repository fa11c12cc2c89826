/**
 * The generation steps whose outputs are cached, each declared once: the module whose code makes it, the data
 * files it reads and the inputs it takes. The runner (step-runner.ts) keys an output by exactly what it hands
 * the step (the inputs and the files' texts) and by the code it runs, so no key is written by hand.
 */
import type { JsonSchema } from '../emit/jsonschema/json-schema.js'
import type { Memo } from '../emit/jsonschema/validators.js'
import type { WebrpcIR } from './ir.js'
import type { RoutingData } from './routing-data.js'

export interface Step<Inputs extends object> {
  /** The module that makes the output: the key holds every module it reaches (module-graph.ts). */
  entry: string
  /**
   * The data files it reads, by path relative to the repository: the runner reads each once and hands its text
   * in beside the inputs; a read of any other file fails the step (data-files.ts).
   */
  files: readonly string[]
  /** ajv's steps run on the step thread (step-thread.ts), ts-morph's on the thread that runs generation. */
  thread: 'steps' | 'generation'
  /** The output as text; `memo` keeps a part of it by what that part is made of (the validator modules). */
  make(inputs: Inputs, memo: Memo): Promise<string>
}

const step = <Inputs extends object>(declaration: Step<Inputs>) => declaration

/** This module, whose `make` functions are code of every step too. */
export const declarationsModule = 'scripts/pipeline/steps.ts'

const errorTable = 'schema/webrpc-errors.json'
const argumentFormats = 'schema/argument-formats.json'

export const steps = {
  /** schema/networks.json, checked against its JSON Schema, as JSON text. */
  routing: step<Record<string, never>>({
    entry: 'scripts/pipeline/routing-data.ts',
    files: ['schema/networks.json', 'schema/networks.schema.json'],
    thread: 'steps',
    make: async () => JSON.stringify((await import('./routing-data.js')).loadRoutingData()),
  }),
  /** The OpenAPI documents of one service (both versions), as JSON text of [path, text] pairs. */
  openapi: step<{ stem: string; ir: WebrpcIR; routing: RoutingData }>({
    entry: 'scripts/emit/openapi/index.ts',
    files: [
      errorTable,
      argumentFormats,
      'scripts/emit/openapi/response-examples.json',
      'scripts/emit/openapi/webhook-payload-example.json',
    ],
    thread: 'steps',
    make: async ({ stem, ir, routing }) =>
      JSON.stringify((await import('../emit/openapi/index.js')).openapiFiles(stem, ir, routing)),
  }),
  /** Every file of gen/schemas and gen/validators, as JSON text of [path, text] pairs. */
  jsonschema: step<{ irs: [string, WebrpcIR][] }>({
    entry: 'scripts/emit/jsonschema/index.ts',
    files: [argumentFormats],
    thread: 'steps',
    make: async ({ irs }, memo) =>
      JSON.stringify([...(await import('../emit/jsonschema/index.js')).jsonSchemaFiles(new Map(irs), memo)]),
  }),
  /** The fixtures schema's validator (gen/validators/fixtures*.ts), as JSON text of [path, text] pairs. */
  fixtures: step<{ schema: JsonSchema }>({
    entry: 'scripts/emit/jsonschema/fixtures-validator.ts',
    files: [],
    thread: 'steps',
    make: async ({ schema }) =>
      JSON.stringify([...(await import('../emit/jsonschema/fixtures-validator.js')).fixturesValidatorFiles(schema)]),
  }),
  /** gen/<stem>.gen.ts: the stock client after the ts-morph passes. */
  postprocess: step<{ stem: string; client: string; ir: WebrpcIR; routing: RoutingData }>({
    entry: 'scripts/emit/typescript/index.ts',
    files: [errorTable, 'scripts/tools/go.mod'],
    thread: 'generation',
    make: async ({ stem, client, ir, routing }) =>
      (await import('../emit/typescript/index.js')).postprocess(stem, client, ir, undefined, { routing }),
  }),
}

export type StepName = keyof typeof steps
export type StepInputs<Name extends StepName> = Parameters<(typeof steps)[Name]['make']>[0]
