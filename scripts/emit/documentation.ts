/**
 * What the schema's doc comments say, as every generated artefact shows it (TSDoc, JSON Schema
 * `description`, OpenAPI `summary`/`description`). A method's comment may document its arguments with
 * `@param <name> <text>` and its results with `@returns <name> <text>` lines (a tag runs to the next tag
 * or blank line); the key a method needs and the errors it may answer follow from its `@auth` annotation.
 */
import { authKind, type Commented, type IRMethod } from '../pipeline/ir.js'

/** Comment lines as text: lines of a paragraph joined by spaces, paragraphs by a blank line. */
function paragraphs(lines: readonly string[]): string {
  return lines
    .join('\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').join(' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n')
}

export interface MethodDoc {
  /** The comment without its tags. */
  text: string
  /** `@param` texts by argument name. */
  params: ReadonlyMap<string, string>
  /** `@returns` texts by result name. */
  returns: ReadonlyMap<string, string>
}

const tagLine = /^@(param|returns)\s+(\w+)\s*(.*)$/

/** A node's comment split into its text and its `@param`/`@returns` tags. */
export function parseDoc(node: Commented): MethodDoc {
  const text: string[] = []
  const tags = { param: new Map<string, string[]>(), returns: new Map<string, string[]>() }
  let open: string[] | undefined
  for (const line of node.comments ?? []) {
    const tag = tagLine.exec(line)
    if (tag) {
      open = [tag[3]!]
      tags[tag[1] as 'param' | 'returns'].set(tag[2]!, open)
    } else if (open && line.trim() !== '') open.push(line)
    else {
      open = undefined
      text.push(line)
    }
  }
  const joined = (map: Map<string, string[]>) => new Map([...map].map(([name, lines]) => [name, paragraphs(lines)]))
  return { text: paragraphs(text), params: joined(tags.param), returns: joined(tags.returns) }
}

/** A node's doc comment as text, or nothing. */
export function docText(node: Commented): string | undefined {
  return parseDoc(node).text || undefined
}

/** The first sentence of a node's doc comment: an OpenAPI summary. */
export function docSummary(node: Commented): string | undefined {
  const text = docText(node)
  return text?.split('\n\n')[0]!.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? text?.split('\n\n')[0]
}

const keys = {
  accessKey: 'Needs the public project access key, sent as the `X-Access-Key` header.',
  secretKey:
    'Needs the public project access key (`X-Access-Key` header) and the secret API key of the project, sent as `Authorization: BEARER <secret API key>`.',
} as const

const errors =
  'A missing or invalid key answers `Unauthorized` (401), insufficient rights `PermissionDenied` (403), an expired session `SessionExpired` (403). Any other error of the error table may be answered; the contract does not say which condition of this call gives which.'

/** The key a method needs and the errors it may answer, from its `@auth` annotation (docs/auth.md, docs/errors.md). */
export const callTerms = (method: IRMethod): string => `${keys[authKind(method)]} ${errors}`

/** What a method returns, from its `@returns` tags: `Returns \`orders\`: the orders found; \`page\`: ...`. */
function returnsSentence(method: IRMethod, returns: ReadonlyMap<string, string>): string | undefined {
  const documented = method.outputs.filter((output) => returns.has(output.name))
  if (documented.length === 0) return undefined
  const lowerFirst = (text: string) => text[0]!.toLowerCase() + text.slice(1)
  return `Returns ${documented.map((output) => `\`${output.name}\`: ${lowerFirst(returns.get(output.name)!).replace(/\.$/, '')}`).join('; ')}.`
}

/** A method's whole documentation: its comment, what it returns, then the key it needs and the errors it may answer. */
export function methodDocumentation(method: IRMethod): string {
  const { text, returns } = parseDoc(method)
  return [text, returnsSentence(method, returns), callTerms(method)].filter(Boolean).join('\n\n')
}
