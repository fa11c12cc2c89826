import { IndentationText, Project, QuoteKind, type TsMorphProject } from './ts-morph.js'
import type { WebrpcIR } from '../../pipeline/ir.js'
import type { RoutingData } from '../../pipeline/routing-data.js'
import { defaultRuntimeDir } from './shared-modules/header.js'
import { authPass } from './auth.js'
import { docsPass } from './docs.js'
import { enumsPass } from './enums.js'
import { nullablePass } from './nullable.js'
import type { Pass } from './pass.js'
import { withProvenance } from './provenance.js'
import { routingPass } from './routing.js'
import { runtimePass } from './runtime.js'
import { serverPass } from './server.js'

/** Passes run in this order over every stock generated client file (`webrpc-gen -target=typescript -client`). */
export const passes: readonly Pass[] = [
  runtimePass,
  enumsPass,
  routingPass,
  authPass,
  nullablePass,
  serverPass,
  docsPass,
]

export interface PostprocessOptions {
  routing?: RoutingData
  /** Import path of src/runtime from the generated file; `../src/runtime` for gen/. */
  runtimeDir?: string
}

/** One ts-morph project for every run of a process: its compiler state stays warm between files and runs. */
let project: TsMorphProject | undefined
/**
 * Each run's file has a path of its own: a new file at the path of one removed before was parsed against the
 * old one's tree in the same project (its header comments came out indented), so a warm process (gen:watch's
 * worker, a test worker) made what a fresh one does not.
 */
let runs = 0

/** The stock file after the passes, whitespace normalised (no trailing spaces, at most one blank line). */
export function postprocess(
  stem: string,
  stockText: string,
  ir: WebrpcIR,
  selected: readonly Pass[] = passes,
  options: PostprocessOptions = {},
): string {
  project ??= new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single },
  })
  const file = project.createSourceFile(`${stem}-${++runs}.gen.ts`, stockText)
  const context = { stem, ir, routing: options.routing, runtimeDir: options.runtimeDir ?? defaultRuntimeDir }
  try {
    for (const pass of selected) pass.apply(file, context)
    return withProvenance(normaliseWhitespace(file.getFullText()), selected, passes)
  } finally {
    project.removeSourceFile(file)
  }
}

export const normaliseWhitespace = (text: string): string =>
  text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n*$/, '\n')
