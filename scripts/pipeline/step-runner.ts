import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readDataFile } from './data-files.js'
import { type GenCache, sha256 } from './gen-cache.js'
import { codeFingerprint, generationModuleGraph } from './module-graph.js'
import { launchedBundle, repoRoot } from './paths.js'
import { makeStep } from './step-thread.js'
import { declarationsModule, type StepInputs, type StepName, steps } from './steps.js'

/**
 * The code a step runs, for its cache key: every module its entry reaches (module-graph.ts), the declarations
 * (their `make` functions) and the locked npm packages (package-lock.json: ajv, esbuild, ts-morph make outputs
 * too). Each is read and hashed once per run, on first use.
 */
async function stepCode(): Promise<(step: StepName) => string> {
  const graph = await generationModuleGraph(Object.values(steps).map((declaration) => declaration.entry))
  const shared = [declarationsModule, 'package-lock.json'].map((path) => readFileSync(join(repoRoot, path), 'utf8'))
  const code = new Map<StepName, string>()
  return (step) => {
    if (!code.has(step)) code.set(step, sha256([codeFingerprint(graph, steps[step].entry), ...shared]))
    return code.get(step)!
  }
}

/**
 * A process launched from a bundle runs the code the bundle was made from until it exits (gen:watch's worker is
 * replaced when that code changes): its steps' code is hashed once, not on every run. Run from source (tests), it is
 * hashed per runner, as the modules may be edited between runs.
 */
let launchedStepCode: Promise<(step: StepName) => string> | undefined
const codeOfSteps = () => (launchedBundle ? (launchedStepCode ??= stepCode()) : stepCode())

/**
 * Runs the steps of scripts/pipeline/steps.ts for one generation run: it reads each data file a step declares
 * once, hands it in beside the step's inputs, and keys the output by exactly what it handed over (the JSON text
 * of the inputs and the files) and the step's code. A step given what it was given before is read from the cache.
 */
export class StepRunner {
  readonly #files = new Map<string, string>()

  constructor(
    readonly cache: GenCache,
    readonly code: (step: StepName) => string,
  ) {}

  /** A runner over `cache`, with each step's code hashed when the cache is on. */
  static async create<Runner extends StepRunner>(
    this: new (cache: GenCache, code: (step: StepName) => string) => Runner,
    cache: GenCache,
  ): Promise<Runner> {
    return new this(cache, cache.enabled ? await codeOfSteps() : () => '')
  }

  /** The output of `step` from `inputs`: cached text, or the promise of the step that makes it. */
  run<Name extends StepName>(step: Name, inputs: StepInputs<Name>): string | Promise<string> {
    const files = Object.fromEntries(steps[step].files.map((path) => [path, this.#read(path)]))
    const code = this.code(step)
    const key = this.cache.enabled ? [step, code, JSON.stringify({ inputs, files })] : []
    return this.cache.textOrMade(key, () =>
      makeStep({ step, inputs, files, memo: { cache: this.cache.enabled, dir: this.cache.dir, code } }),
    )
  }

  #read(path: string): string {
    if (!this.#files.has(path)) this.#files.set(path, this.readFile(path))
    return this.#files.get(path)!
  }

  /** A data file's text as the steps get it (tests hand in changed ones). */
  protected readFile(path: string): string {
    return readDataFile(path)
  }
}
