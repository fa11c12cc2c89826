import { SyntaxKind, type SourceFile } from './ts-morph.js'
import { lowerCamel, type WebrpcIR } from '../../pipeline/ir.js'
import type { RoutingData } from '../../pipeline/routing-data.js'

export interface PassContext {
  /** File name stem of the service root, e.g. "marketplace". */
  readonly stem: string
  readonly ir: WebrpcIR
  /** Networks and service URL shapes; schema/networks.json when absent (another schema brings its own). */
  readonly routing?: RoutingData
  /** Import path of the shared runtime (src/runtime) from the generated file's folder. */
  readonly runtimeDir: string
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

/** The name of the per-service descriptor the client runtime reads (`marketplaceDescriptor`). */
export const descriptorName = (serviceName: string): string => `${lowerCamel(serviceName)}Descriptor`

/** A text change at [start, end) of a file; an insertion when end is start. */
export interface TextEdit {
  start: number
  end?: number
  text: string
}

/** Applies edits made against the same text in one replacement (one re-parse, and no edit shifts another). */
export function applyEdits(file: SourceFile, edits: readonly TextEdit[]): void {
  let text = file.getFullText()
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end ?? edit.start)
  file.replaceWithText(text)
}

/** The edit adding `property` as the last property of the object literal that initialises `variable`. */
export function addPropertyEdit(file: SourceFile, variable: string, property: string): TextEdit {
  const literal = file
    .getVariableDeclarationOrThrow(variable)
    .getInitializerIfKindOrThrow(SyntaxKind.ObjectLiteralExpression)
  return { start: literal.getEnd() - 1, text: `  ${property},\n` }
}
