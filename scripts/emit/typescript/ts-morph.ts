/**
 * ts-morph, loaded with require(): imported from an ES module, Node would first scan this CommonJS
 * bundle for its export names, a third of a second on every run that post-processes a file.
 */
import { createRequire } from 'node:module'
import type * as TsMorph from 'ts-morph'

const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph

export const { IndentationText, Node, Project, QuoteKind, SyntaxKind } = tsMorph
export type { ClassDeclaration, Project as TsMorphProject, SourceFile, Statement } from 'ts-morph'
