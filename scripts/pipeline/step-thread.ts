/**
 * The steps that run ajv (the routing data's check, JSON Schemas, validators, the fixtures' validator, OpenAPI examples) run on a second thread while the
 * first loads ts-morph and post-processes the clients: on two cores a run takes the longer of the two,
 * not their sum. Only a bundled command (scripts/launch.mjs) has one file a thread can load; run from
 * source (tests import the pipeline), the steps run on the calling thread.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { GenCache } from './gen-cache.js'
import type { WebrpcIR } from './ir.js'
import type { JsonSchema } from '../emit/jsonschema/json-schema.js'
import { launchedBundle } from './paths.js'
import type { RoutingData } from './routing-data.js'

const steps = {
  /** schema/networks.json, checked against its JSON Schema, as JSON text. */
  async routing(): Promise<string> {
    return JSON.stringify((await import('./routing-data.js')).loadRoutingData())
  },
  /** The OpenAPI documents of one service (both versions), as JSON text of [path, text] pairs. */
  async openapi(input: { stem: string; ir: WebrpcIR; routing: RoutingData }): Promise<string> {
    return JSON.stringify((await import('../emit/openapi/index.js')).openapiFiles(input.stem, input.ir, input.routing))
  },
  /** The fixtures schema's validator (gen/validators/fixtures*.ts), as JSON text of [path, text] pairs. */
  async fixtures(input: { schema: JsonSchema }): Promise<string> {
    const { fixturesValidatorFiles } = await import('../emit/jsonschema/fixtures-validator.js')
    return JSON.stringify([...fixturesValidatorFiles(input.schema)])
  },
  /** Every file of gen/schemas and gen/validators, as [path, text] pairs; each validator module cached on its own. */
  async jsonschema(input: { irs: [string, WebrpcIR][]; cache: boolean; code: string }): Promise<[string, string][]> {
    const cache = new GenCache(input.cache)
    const { jsonSchemaFiles } = await import('../emit/jsonschema/index.js')
    return [...jsonSchemaFiles(new Map(input.irs), (inputs, compute) => cache.text([input.code, ...inputs], compute))]
  },
}

type Steps = typeof steps
type StepName = keyof Steps
type Request = { id: number; step: StepName; input: unknown }
type Reply = { id: number; ok: true; output: unknown } | { id: number; ok: false; error: string }

const role = 'web3-market-contract generation steps'

class StepThread {
  #worker: Worker | undefined
  #nextId = 0
  readonly #pending = new Map<number, { resolve: (output: unknown) => void; reject: (error: Error) => void }>()

  run(step: StepName, input: unknown): Promise<unknown> {
    const worker = (this.#worker ??= this.#start())
    const id = this.#nextId++
    // A thread with work in hand keeps the process alive; an idle one does not keep it from exiting.
    if (this.#pending.size === 0) worker.ref()
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      worker.postMessage({ id, step, input } satisfies Request)
    })
  }

  #start(): Worker {
    // Without source maps (a thread does not inherit process.setSourceMapsEnabled of scripts/launch.mjs): with them, Node
    // scans the text of every function ajv compiles for a source map comment, a tenth of the thread's time. A step's
    // failure reaches the caller as its message only, so no stack trace of this thread is ever shown.
    const worker = new Worker(launchedBundle!, { workerData: { role } })
    worker.on('message', (reply: Reply) => {
      const pending = this.#pending.get(reply.id)!
      this.#pending.delete(reply.id)
      if (this.#pending.size === 0) worker.unref()
      if (reply.ok) pending.resolve(reply.output)
      else pending.reject(new Error(reply.error))
    })
    worker.on('error', (error) => this.#failAll(error))
    worker.on('exit', () => this.#failAll(new Error('the generation step thread exited')))
    return worker
  }

  #failAll(error: Error): void {
    this.#worker = undefined
    for (const { reject } of this.#pending.values()) reject(error)
    this.#pending.clear()
  }
}

let thread: StepThread | undefined

/** Runs a step on the step thread when the command is bundled, else here. */
export function runStep<Name extends StepName>(step: Name, input: Parameters<Steps[Name]>[0]): ReturnType<Steps[Name]> {
  if (launchedBundle === undefined) return (steps[step] as (input: unknown) => ReturnType<Steps[Name]>)(input)
  return (thread ??= new StepThread()).run(step, input) as ReturnType<Steps[Name]>
}

if (!isMainThread && (workerData as { role?: string } | undefined)?.role === role) {
  parentPort!.on('message', ({ id, step, input }: Request) => {
    ;(steps[step] as (input: unknown) => Promise<unknown>)(input).then(
      (output) => parentPort!.postMessage({ id, ok: true, output } satisfies Reply),
      (error: Error) => parentPort!.postMessage({ id, ok: false, error: error.message } satisfies Reply),
    )
  })
}
