import type { SourceFile } from './ts-morph.js'
import { authKind, needsSecretKey, type IRService } from '../../pipeline/ir.js'
import {
  addPropertyEdit,
  applyEdits,
  descriptorName,
  PassShapeError,
  type Pass,
  type PassContext,
  type TextEdit,
} from './pass.js'

const name = 'auth'

function descriptorText(service: IRService): string {
  const entries = service.methods.map((m) => `  ${m.name}: '${authKind(m)}',`)
  return `/** The key each ${service.name} method needs; a server host checks the same (docs/auth.md). */
export const ${service.name}Auth = {
${entries.join('\n')}
} as const

`
}

function optionsMembersText(service: IRService): string {
  const accessKey = `  /** Public project access key, sent as X-Access-Key on every call. */
  accessKey: string`
  const secretKey = `  /** Secret API key, sent as \`Authorization: BEARER <secretKey>\` only on the calls that need it. Server-side only: never ship it to a browser. */
  secretKey?: string`
  return needsSecretKey(service) ? `${accessKey}\n${secretKey}` : accessKey
}

/**
 * Sends X-Access-Key on every call and `Authorization: BEARER <secretKey>` on the calls annotated
 * `@auth:"secret"` only: the client options take the keys, `<Service>Auth` (also read by server hosts)
 * tells the runtime which key each method needs, and a call whose key is missing rejects with
 * UnauthorizedError before sending. Runs after the routing pass, whose `<Service>ClientOptions` it extends.
 */
export const authPass: Pass = {
  name,
  apply(file: SourceFile, context: PassContext) {
    const edits: TextEdit[] = []
    for (const service of context.ir.services) {
      if (file.getVariableStatement(`${service.name}Auth`)) continue
      const options = file.getInterface(`${service.name}ClientOptions`)
      const descriptor = file.getVariableStatement(descriptorName(service.name))
      if (!options || !descriptor) {
        throw new PassShapeError(
          name,
          `interface ${service.name}ClientOptions and ${descriptorName(service.name)} not found (the routing pass runs first)`,
        )
      }
      const network = options.getProperty('network')
      const membersAt = network ? network.getEnd() : options.getStart() + options.getText().indexOf('{') + 1
      edits.push(
        { start: membersAt, text: `\n${optionsMembersText(service)}` },
        addPropertyEdit(file, descriptorName(service.name), `auth: ${service.name}Auth`),
        // Before the descriptor, which reads it when the module loads.
        { start: descriptor.getStart(true), text: descriptorText(service) },
      )
    }
    if (edits.length > 0) applyEdits(file, edits)
  },
}
