/**
 * The steps that run ajv (the routing data's check, JSON Schemas, validators, the fixtures' validator, OpenAPI
 * examples) run on a second thread while the first loads ts-morph and post-processes the clients: on two cores a
 * run takes the longer of the two, not their sum. Only a bundled command (scripts/launch.mjs) has one file a
 * thread can load; run from source (tests import the pipeline), the steps run on the calling thread.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { withDataFiles } from './data-files.js'
import { GenCache } from './gen-cache.js'
import { launchedBundle } from './paths.js'
import { type Step, type StepName, steps } from './steps.js'

/** One call of a step: what the runner hands it, and how its memo keeps parts (under the step's code hash). */
export interface StepCall {
  step: StepName
  inputs: object
  files: Record<string, string>
  memo: { cache: boolean; dir: string; code: string }
}

type Request = { id: number; call: StepCall }
type Reply = { id: number; ok: true; output: string } | { id: number; ok: false; error: string }

/** Runs a step's `make` here, with the handed files as the only data files it can read. */
function makeHere({ step, inputs, files, memo }: StepCall): Promise<string> {
  const cache = new GenCache(memo.cache, memo.dir)
  const make = (steps[step] as Step<object>).make
  return withDataFiles(step, files, () => make(inputs, (parts, compute) => cache.text([memo.code, ...parts], compute)))
}

const role = 'web3-market-contract generation steps'

class StepThread {
  #worker: Worker | undefined
  #nextId = 0
  readonly #pending = new Map<number, { resolve: (output: string) => void; reject: (error: Error) => void }>()

  run(call: StepCall): Promise<string> {
    const worker = (this.#worker ??= this.#start())
    const id = this.#nextId++
    // A thread with work in hand keeps the process alive; an idle one does not keep it from exiting.
    if (this.#pending.size === 0) worker.ref()
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      worker.postMessage({ id, call } satisfies Request)
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

/** Makes a step's output: on the step thread when its declaration says so and the command is bundled, else here. */
export function makeStep(call: StepCall): Promise<string> {
  if (launchedBundle === undefined || steps[call.step].thread === 'generation') return makeHere(call)
  return (thread ??= new StepThread()).run(call)
}

if (!isMainThread && (workerData as { role?: string } | undefined)?.role === role) {
  parentPort!.on('message', ({ id, call }: Request) => {
    makeHere(call).then(
      (output) => parentPort!.postMessage({ id, ok: true, output } satisfies Reply),
      (error: Error) => parentPort!.postMessage({ id, ok: false, error: error.message } satisfies Reply),
    )
  })
}
