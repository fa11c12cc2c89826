import type { SourceFile } from 'ts-morph'
import type { WebrpcIR } from '../ir.js'
import type { RoutingData } from './routing-data.js'

export interface PassContext {
  /** File name stem of the service root, e.g. "marketplace". */
  readonly stem: string
  readonly ir: WebrpcIR
  /** Networks and service URL shapes; schema/networks.json when absent (another schema brings its own). */
  readonly routing?: RoutingData
  /** Emits a further generated file into gen/; every pass run must emit the same text for a name. */
  emitFile(name: string, text: string): void
}

/** One post-processing concern over one stock generated file. Must be idempotent. */
export interface Pass {
  readonly name: string
  apply(file: SourceFile, context: PassContext): void
}

/** The generated code no longer has the shape a pass was written for (e.g. after a generator upgrade). */
export class PassShapeError extends Error {
  constructor(pass: string, detail: string) {
    super(`postprocess pass "${pass}": generated code does not have the expected shape: ${detail}`)
    this.name = 'PassShapeError'
  }
}
