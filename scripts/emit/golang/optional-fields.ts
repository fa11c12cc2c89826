/**
 * The stock Go code writes an absent optional value as `null`, which the API contract refuses in requests and
 * responses alike (an optional field is left out, docs/resources.md): this pass adds `omitempty` to the JSON tag
 * of every optional struct field, optional argument of a client call and optional result of a server answer,
 * from the IR, and fails when the stock code no longer has the shape it rewrites.
 */
import { lowerCamel, type IRArgument, type WebrpcIR } from '../../pipeline/ir.js'

/** `text` with `json:"<name>"` made `json:"<name>,omitempty"` inside the block that starts at `opening`. */
function omitEmptyIn(text: string, opening: string, close: string, names: readonly string[], what: string): string {
  if (names.length === 0) return text
  const start = text.indexOf(opening)
  if (start < 0) throw new Error(`scripts/emit/golang: ${what}: "${opening.trim()}" not found in the stock Go code`)
  const end = text.indexOf(close, start + opening.length)
  let block = text.slice(start, end)
  for (const name of names) {
    const tag = `json:"${name}"`
    if (block.split(tag).length !== 2) throw new Error(`scripts/emit/golang: ${what}: no single ${tag}`)
    block = block.replace(tag, `json:"${name},omitempty"`)
  }
  return text.slice(0, start) + block + text.slice(end)
}

const optionalNames = (arguments_: readonly IRArgument[]) => arguments_.filter((a) => a.optional).map((a) => a.name)

export function withOptionalFieldsOmitted(stock: string, ir: WebrpcIR): string {
  let text = stock
  for (const type of ir.types) {
    if (type.kind !== 'struct') continue
    const optional = type.fields.filter((field) => field.optional).map((field) => field.name)
    text = omitEmptyIn(text, `\ntype ${type.name} struct {\n`, '\n}\n', optional, `struct ${type.name}`)
  }
  for (const service of ir.services) {
    const receiver = lowerCamel(service.name)
    for (const method of service.methods) {
      const what = `${service.name}.${method.name}`
      const call = text.indexOf(`\nfunc (c *${receiver}Client) ${method.name}(`)
      const serve = text.indexOf(`\nfunc (s *${receiver}Server) serve${method.name}JSON(`)
      if (call < 0 || serve < 0)
        throw new Error(`scripts/emit/golang: ${what}: the client or server function not found`)
      // The request the client sends (`in`) and the answer the server sends (`respPayload`).
      text =
        text.slice(0, call) +
        omitEmptyIn(text.slice(call), 'in := struct {', '\n\t}{', optionalNames(method.inputs), `${what} request`)
      const serveAt = text.indexOf(`\nfunc (s *${receiver}Server) serve${method.name}JSON(`)
      text =
        text.slice(0, serveAt) +
        omitEmptyIn(
          text.slice(serveAt),
          'respPayload := struct {',
          '\n\t}{',
          optionalNames(method.outputs),
          `${what} answer`,
        )
    }
  }
  return text
}
