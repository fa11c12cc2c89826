import type { SourceFile } from 'ts-morph'
import type { IRService } from '../ir.js'
import { PassShapeError, type Pass, type PassContext } from './pass.js'

const name = 'server'

function handlerTypeText(service: IRService): string {
  const handlers = service.methods.map(
    (m) => `  ${m.name}: (args: ${m.name}Args, context: Context) => ${m.name}Return | Promise<${m.name}Return>`,
  )
  return `/** The handlers a server implements for ${service.name}; \`context\` is whatever the host passes (caller, project, signal). */
export type ${service.name}Service<Context = unknown> = {
${handlers.join('\n')}
}`
}

function dispatchText(service: IRService): string {
  const methods = service.methods.map((m) => `'${m.name}'`).join(', ')
  return `/** Method names of ${service.name}, routed as /rpc/${service.name}/<Method>. */
export const ${service.name}Methods = [${methods}] as const

export type ${service.name}Method = (typeof ${service.name}Methods)[number]

export function is${service.name}Method(method: string): method is ${service.name}Method {
  return (${service.name}Methods as readonly string[]).includes(method)
}

/** Calls the handler of \`method\`; a synchronous throw becomes a rejected promise. Arguments must be validated by the host first. */
export function dispatch${service.name}<Context>(
  service: ${service.name}Service<Context>,
  method: ${service.name}Method,
  args: unknown,
  context: Context,
): Promise<unknown> {
  return new Promise((resolve) => resolve((service[method] as (args: unknown, context: Context) => unknown)(args, context)))
}`
}

/**
 * Replaces the stock express server (which imports express, validates enums as structs and writes
 * error bodies without \`error\`) with framework-free typed handlers and a dispatcher, for src/server.
 */
export const serverPass: Pass = {
  name,
  apply(file: SourceFile, context: PassContext) {
    for (const service of context.ir.services) {
      const handlerType = file.getTypeAlias(`${service.name}Service`)
      if (!handlerType) throw new PassShapeError(name, `no type ${service.name}Service`)
      if (file.getVariableStatement(`${service.name}Methods`)) continue

      const app = file.getVariableStatement(`create${service.name}App`)
      const express = file.getImportDeclaration('express')
      const serverError = file.getClass('WebRPCError')
      if (!app || !express || !serverError) {
        throw new PassShapeError(
          name,
          `stock server of ${service.name} (create${service.name}App, express import, WebRPCError) not found`,
        )
      }
      for (const validator of ['JS_TYPES', 'TYPE_VALIDATORS', 'validateType'])
        file.getVariableStatement(validator)?.remove()
      for (const statement of file.getVariableStatements()) {
        if (statement.getDeclarations().some((d) => /^validate[A-Z]/.test(d.getName()))) statement.remove()
      }
      app.remove()
      express.remove()
      serverError.remove()
      handlerType.replaceWithText(`${handlerTypeText(service)}\n\n${dispatchText(service)}`)
    }
  },
}
