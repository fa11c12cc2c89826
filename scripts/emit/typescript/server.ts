import type { SourceFile } from './ts-morph.js'
import type { IRService } from '../../pipeline/ir.js'
import { runtimeModule } from './shared-modules/header.js'
import { insertImport } from './insert-import.js'
import type { Pass, PassContext } from './pass.js'

const name = 'server'

function serverText(service: IRService): string {
  const s = service.name
  const handlers = service.methods.map(
    (m) => `  ${m.name}: (args: ${m.name}Args, context: Context) => ${m.name}Return | Promise<${m.name}Return>`,
  )
  return `

//
// Server
//

/** The handlers a server implements for ${s}; \`context\` is whatever the host passes (caller, project, signal). */
export type ${s}Service<Context = unknown> = {
${handlers.join('\n')}
}

/** Method names of ${s}, routed as /rpc/${s}/<Method>. */
export const ${s}Methods = [${service.methods.map((m) => `'${m.name}'`).join(', ')}] as const

export type ${s}Method = (typeof ${s}Methods)[number]

export const is${s}Method = /* @__PURE__ */ methodGuard(${s}Methods)

/** Calls the handler of \`method\`; a synchronous throw becomes a rejected promise. Arguments must be validated by the host first. */
export const dispatch${s}: <Context>(
  service: ${s}Service<Context>,
  method: ${s}Method,
  args: unknown,
  context: Context,
) => Promise<unknown> = dispatchHandler
`
}

/**
 * Server stubs from the IR (the stock `-server` output is an express app, never generated): typed
 * handler interfaces, the method table and a dispatcher bound to the shared runtime, for src/server.
 */
export const serverPass: Pass = {
  name,
  apply(file: SourceFile, context: PassContext) {
    const services = context.ir.services.filter((service) => !file.getVariableStatement(`${service.name}Methods`))
    if (services.length === 0) return
    const reexports = file.getExportDeclarations().find((d) => !d.hasNamedExports())
    file.insertText(reexports ? reexports.getFullStart() : file.getEnd(), services.map(serverText).join(''))
    insertImport(file, ['dispatchHandler', 'methodGuard'], runtimeModule(context.runtimeDir, 'dispatch'))
  },
}
