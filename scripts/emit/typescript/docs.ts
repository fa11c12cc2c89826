import type { Node } from 'ts-morph'
import { SyntaxKind, type SourceFile } from './ts-morph.js'
import { docSummary, docText, methodDocumentation, parseDoc } from '../documentation.js'
import {
  clientMethodName,
  fieldMeta,
  type IREnum,
  type IRField,
  type IRMethod,
  type IRService,
  type IRStruct,
} from '../../pipeline/ir.js'
import { applyEdits, PassShapeError, type Pass, type TextEdit } from './pass.js'

const name = 'docs'

/** `text` as a JSDoc block indented by `indent` (the first line's indentation is already in the file). */
function jsDoc(text: string, indent: string): string {
  const lines = text.replaceAll('*/', '*\\/').split('\n')
  if (lines.length === 1) return `/** ${lines[0]} */`
  return ['/**', ...lines.map((line) => (line ? ` * ${line}` : ' *')), ' */'].join(`\n${indent}`)
}

/** The text of a JSDoc block, its `*` margins removed. */
const jsDocText = (block: string): string =>
  block
    .replace(/^\/\*\*\s?|\s*\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim()

/**
 * The edit documenting `node` with `text`: a JSDoc block above it, or, when a post-processing pass
 * already wrote one (what the code does), the schema's text first and that block's after it.
 */
function docEdit(node: Node, text: string | undefined): TextEdit[] {
  if (!text) return []
  const indent = node.getIndentationText()
  const existing = node
    .getLeadingCommentRanges()
    .filter((range) => range.getText().startsWith('/**'))
    .at(-1)
  if (!existing) return [{ start: node.getStart(), text: `${jsDoc(text, indent)}\n${indent}` }]
  const written = jsDocText(existing.getText())
  if (written.startsWith(text)) return []
  return [{ start: existing.getPos(), end: existing.getEnd(), text: jsDoc(`${text}\n\n${written}`, indent) }]
}

function required<T>(node: T | undefined, what: string): T {
  if (node === undefined) throw new PassShapeError(name, `no ${what}`)
  return node
}

/** A field's property name in TypeScript, as gen-typescript names it: its `json` meta, if any; none when that is `-`. */
function propertyName(field: IRField): string | undefined {
  const json = fieldMeta(field, 'json')?.split(',')[0]
  return json === '-' ? undefined : (json ?? field.name)
}

function structEdits(file: SourceFile, struct: IRStruct): TextEdit[] {
  const declaration = required(file.getInterface(struct.name), `interface ${struct.name}`)
  return [
    ...docEdit(declaration, docText(struct)),
    ...struct.fields.flatMap((field) => {
      const property = propertyName(field)
      if (property === undefined) return []
      return docEdit(required(declaration.getProperty(property), `${struct.name}.${property}`), docText(field))
    }),
  ]
}

function enumEdits(file: SourceFile, type: IREnum): TextEdit[] {
  const statement = required(file.getVariableStatement(type.name), `const ${type.name}`)
  const values = statement
    .getDeclarations()[0]!
    .getInitializerIfKindOrThrow(SyntaxKind.AsExpression)
    .getExpressionIfKindOrThrow(SyntaxKind.ObjectLiteralExpression)
  return [
    ...docEdit(statement, docText(type)),
    ...docEdit(required(file.getTypeAlias(type.name), `type ${type.name}`), docText(type)),
    ...type.fields.flatMap((field) =>
      docEdit(required(values.getProperty(field.name), `${type.name}.${field.name}`), docText(field)),
    ),
  ]
}

/** The Args and Return interfaces of a method: its summary, and each argument's `@param` or result's `@returns`. */
function argumentEdits(file: SourceFile, service: IRService, method: IRMethod): TextEdit[] {
  const doc = parseDoc(method)
  const call = `\`${service.name}.${clientMethodName(method)}\``
  const summary = docSummary(method)
  const sides = [
    ['Args', `Arguments of ${call}.`, doc.params],
    ['Return', `What ${call} returns.`, doc.returns],
  ] as const
  return sides.flatMap(([suffix, heading, texts]) => {
    const declaration = required(file.getInterface(`${method.name}${suffix}`), `interface ${method.name}${suffix}`)
    return [
      ...docEdit(declaration, [heading, summary].filter(Boolean).join(' ')),
      ...declaration.getProperties().flatMap((property) => docEdit(property, texts.get(property.getName()))),
    ]
  })
}

/** The service on its client class, client interface and handler type; each method on each of them. */
function serviceEdits(file: SourceFile, service: IRService): TextEdit[] {
  const about = docText(service)
  const client = required(file.getClass(service.name), `class ${service.name}`)
  const clientInterface = required(file.getInterface(`${service.name}Client`), `interface ${service.name}Client`)
  const handlers = required(file.getTypeAlias(`${service.name}Service`), `type ${service.name}Service`)
  const handlerMembers = handlers.getTypeNodeOrThrow().asKindOrThrow(SyntaxKind.TypeLiteral)
  return [
    ...[client, clientInterface, handlers].flatMap((node) => docEdit(node, about)),
    ...service.methods.flatMap((method) => {
      const text = methodDocumentation(method)
      const property = clientMethodName(method)
      return [
        ...docEdit(
          required(client.getProperty(property) ?? client.getMethod(property), `${service.name}.${property}`),
          text,
        ),
        ...docEdit(
          required(
            clientInterface.getMethod(property) ?? clientInterface.getProperty(property),
            `${service.name}Client.${property}`,
          ),
          text,
        ),
        ...docEdit(required(handlerMembers.getProperty(method.name), `${service.name}Service.${method.name}`), text),
        ...argumentEdits(file, service, method),
      ]
    }),
  ]
}

/**
 * TSDoc from the schema's doc comments (webrpc's gen-typescript writes none): on every type and field,
 * enum and value, on the client class, its interface and the server's handler type, each method, and
 * the Args and Return of each method. Hovering any of them in an editor shows what the schema says.
 */
export const docsPass: Pass = {
  name,
  apply(file, context) {
    const edits = [
      ...context.ir.types.flatMap((type) => (type.kind === 'struct' ? structEdits(file, type) : enumEdits(file, type))),
      ...context.ir.services.flatMap((service) => serviceEdits(file, service)),
    ]
    if (edits.length > 0) applyEdits(file, edits)
  },
}
