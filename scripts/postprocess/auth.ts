import { Node, SyntaxKind, type ClassDeclaration, type SourceFile } from 'ts-morph'
import type { IRMethod, IRService } from '../ir.js'
import { credentialsModuleText } from './auth-module.js'
import { insertImport } from './insert-import.js'
import { PassShapeError, type Pass, type PassContext } from './pass.js'

const name = 'auth'
export const credentialsModuleImport = './credentials.gen.js'

/** The key a method needs, from its RIDL annotation `@auth:"secret"` (read from the IR). */
export const authKind = (method: IRMethod): 'accessKey' | 'secretKey' =>
  method.annotations?.auth?.value === 'secret' ? 'secretKey' : 'accessKey'

const needsSecretKey = (service: IRService): boolean => service.methods.some((m) => authKind(m) === 'secretKey')

const clientMethodName = (method: IRMethod): string => method.name[0]!.toLowerCase() + method.name.slice(1)

function descriptorText(service: IRService): string {
  const entries = service.methods.map((m) => `  ${m.name}: '${authKind(m)}',`)
  return `/** The key each ${service.name} method needs; a server host checks the same (SPEC §5). */
export const ${service.name}Auth = {
${entries.join('\n')}
} as const`
}

function optionsMembersText(service: IRService): string {
  const accessKey = `/** Public project access key, sent as X-Access-Key on every call. */
accessKey: string`
  const secretKey = `/** Secret API key, sent as \`Authorization: BEARER <secretKey>\` only on the calls that need it. Server-side only: never ship it to a browser. */
secretKey?: string`
  return needsSecretKey(service) ? `${accessKey}\n${secretKey}` : accessKey
}

const createHTTPRequestText = `const createHTTPRequest = (
  body: object = {},
  headers: object = {},
  signal: AbortSignal | null = null,
  credentials: Readonly<Record<string, string>> = {},
): object => {
  const reqHeaders: { [key: string]: string } = { ...perCallHeaders(headers), ...credentials, 'Content-Type': 'application/json' }
  reqHeaders[WebrpcHeader] = WebrpcHeaderValue

  return {
    method: 'POST',
    headers: reqHeaders,
    body: JSON.stringify(body || {}),
    signal,
  }
}`

function authenticateMethod(cls: ClassDeclaration, service: IRService, method: IRMethod): void {
  const where = `${service.name}.${clientMethodName(method)}`
  const arrow = cls.getProperty(clientMethodName(method))?.getInitializerIfKind(SyntaxKind.ArrowFunction)
  const body = arrow?.getBody()
  const statements = body && Node.isBlock(body) ? body.getStatements() : []
  const returned =
    statements.length === 1 && Node.isReturnStatement(statements[0]) ? statements[0].getExpression() : undefined
  const request = returned
    ?.getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((call) => call.getExpression().getText() === 'createHTTPRequest')
  // The stock client sends `{}` for a method without inputs.
  const expectedArguments = method.inputs.length > 0 ? 'args,headers,signal' : '{},headers,signal'
  if (
    !body ||
    !Node.isBlock(body) ||
    !returned ||
    request?.length !== 1 ||
    request[0]!
      .getArguments()
      .map((a) => a.getText())
      .join() !== expectedArguments
  ) {
    throw new PassShapeError(
      name,
      `${where} is not an arrow function returning this.fetch(..., createHTTPRequest(${expectedArguments.replaceAll(',', ', ')}))`,
    )
  }
  const kind = authKind(method)
  request[0]!.addArgument('credentials')
  returned.replaceWithText(`${returned.getText()}.catch((error) => {
    throw redactCredentials(error, this.#credentials.secrets)
  })`)
  body.insertStatements(
    0,
    `const credentials = this.#credentials.${kind}
if (!credentials) return Promise.reject(missingCredentialError('${kind}', '${service.name}.${method.name}'))`,
  )
}

/**
 * Sends X-Access-Key on every call and `Authorization: BEARER <secretKey>` on the calls annotated
 * `@auth:"secret"` only; a call whose key is missing rejects with UnauthorizedError before sending.
 * Keys live in a private field and are redacted from errors. Emits `<Service>Auth` for server hosts.
 * Runs after the routing pass, whose `<Service>ClientOptions` it extends.
 */
export const authPass: Pass = {
  name,
  apply(file: SourceFile, context: PassContext) {
    context.emitFile('credentials.gen.ts', credentialsModuleText())
    const services = context.ir.services.filter((service) => !file.getVariableStatement(`${service.name}Auth`))
    if (services.length === 0) return

    const createHTTPRequest = file.getVariableStatement('createHTTPRequest')
    const parameters = createHTTPRequest
      ?.getDeclarations()[0]
      ?.getInitializerIfKind(SyntaxKind.ArrowFunction)
      ?.getParameters()
    if (!createHTTPRequest || parameters?.map((p) => p.getName()).join() !== 'body,headers,signal') {
      throw new PassShapeError(name, 'no createHTTPRequest(body, headers, signal)')
    }
    for (const service of services) {
      const cls = file.getClass(service.name)
      const options = file.getInterface(`${service.name}ClientOptions`)
      const constructor = cls?.getConstructors()[0]
      if (!cls || !options || constructor?.getParameters()[0]?.getName() !== 'options') {
        throw new PassShapeError(
          name,
          `class ${service.name} with constructor(options: ${service.name}ClientOptions) not found (the routing pass runs first)`,
        )
      }
      for (const method of service.methods) authenticateMethod(cls, service, method)
      cls.insertProperty(0, { name: '#credentials', type: 'Credentials', isReadonly: true })
      const secretKey = needsSecretKey(service) ? 'options.secretKey' : 'undefined'
      constructor.addStatements(`this.#credentials = credentials(options.accessKey, ${secretKey})`)
      const afterNetwork = (options.getProperty('network')?.getChildIndex() ?? -1) + 1
      options.insertMember(afterNetwork, optionsMembersText(service))
      file.insertStatements(options.getChildIndex(), `${descriptorText(service)}\n`)
    }
    createHTTPRequest.replaceWithText(createHTTPRequestText)
    insertImport(
      file,
      ['credentials', 'missingCredentialError', 'perCallHeaders', 'redactCredentials', 'Credentials'],
      credentialsModuleImport,
    )
  },
}
