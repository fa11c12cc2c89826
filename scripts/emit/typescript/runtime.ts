import { Node, SyntaxKind, type ClassDeclaration, type SourceFile, type Statement } from './ts-morph.js'
import { clientMethodName, isSafe, serviceKey, type IRMethod, type IRService } from '../../pipeline/ir.js'
import { schemaErrorRows } from './shared-modules/errors.js'
import { runtimeModule } from './shared-modules/header.js'
import { descriptorName, PassShapeError, type Pass, type PassContext } from './pass.js'
import { isPagedRead } from './paged-reads.js'
import { checkStockErrors } from './stock-errors.js'

const name = 'runtime'
export const errorsModuleImport = './errors.gen.js'

/** Declarations of the stock file whose behaviour lives in src/runtime: removed, never emitted per service. */
const runtimeHelpers = new Set([
  'WebrpcGenVersions',
  'VersionFromHeader',
  'parseWebrpcGenVersions',
  'createHTTPRequest',
  'buildResponse',
  'WebrpcError',
  'errors',
  'WebrpcErrorCodes',
  'webrpcErrorByCode',
  'Fetch',
])

const leadingTrivia = (statement: Statement): string =>
  statement.getFullText().slice(0, statement.getStart() - statement.getFullStart())

const declaredName = (statement: Statement): string | undefined => {
  if (Node.isVariableStatement(statement)) return statement.getDeclarations()[0]?.getName()
  if (
    Node.isFunctionDeclaration(statement) ||
    Node.isClassDeclaration(statement) ||
    Node.isInterfaceDeclaration(statement) ||
    Node.isTypeAliasDeclaration(statement) ||
    Node.isEnumDeclaration(statement)
  )
    return statement.getName()
  return undefined
}

/** The stock arrow property of a client method, checked to take (args?, headers?, signal?) as the runtime calls it. */
function methodText(cls: ClassDeclaration, service: IRService, method: IRMethod): string {
  const arrow = cls.getProperty(clientMethodName(method))?.getInitializerIfKind(SyntaxKind.ArrowFunction)
  const parameters = arrow?.getParameters() ?? []
  const names = parameters.map((p) => p.getName()).join()
  const expected = method.inputs.length > 0 ? 'args,headers,signal' : 'headers,signal'
  const returnType = arrow?.getReturnTypeNode()?.getText()
  if (!arrow || names !== expected || !returnType) {
    throw new PassShapeError(
      name,
      `${service.name}.${clientMethodName(method)} is not an arrow function (${expected.replaceAll(',', ', ')}): Promise<…>`,
    )
  }
  const args = method.inputs.length > 0 ? 'args' : 'undefined'
  const argsParameter = method.inputs.length > 0 ? `${parameters[0]!.getText()}, ` : ''
  return `  ${clientMethodName(method)} = (${argsParameter}${callParameters}): ${returnType} =>
    this.#client.call('${method.name}', ${args}, options, deprecatedSignal)`
}

/** The stock trailing parameters of a call, and ours: call options, or the deprecated headers and signal. */
const stockCallParameters = 'headers?: object, signal?: AbortSignal'
const callParameters = 'options?: CallOptions | DeprecatedCallHeaders, deprecatedSignal?: AbortSignal'

/** The service's client interface, its methods taking call options. */
function clientInterfaceText(text: string, service: IRService): string {
  const members = text.split('{').slice(1).join('{')
  if (members.split(stockCallParameters).length !== service.methods.length + 1)
    throw new PassShapeError(name, `interface ${service.name}: every method should end in (…, ${stockCallParameters})`)
  return `export interface ${service.name}Client {${members.replaceAll(stockCallParameters, callParameters)}`
}

/** Where the service's response validators load from, when validateResponses is first switched on. */
function validatorsLoaderText(stem: string): string {
  return `() => import('./validators/${stem}.js')`
}

function clientText(cls: ClassDeclaration, service: IRService, stem: string): string {
  const methods = service.methods.map((method) => methodText(cls, service, method))
  const safe = service.methods.filter(isSafe).map((method) => `'${method.name}'`)
  const paged = service.methods.filter(isPagedRead).map((method) => `'${method.name}'`)
  return `/** The ${service.name} methods marked \`@safe\` in the schema: reads without side effects, the only calls a client retries. */
export const ${service.name}SafeMethods = [${safe.join(', ')}] as const

/** What the shared client runtime needs to know of ${service.name}. */
const ${descriptorName(service.name)}: ServiceDescriptor = {
  name: '${service.name}',
  key: '${serviceKey(service)}',
  webrpcHeader: WebrpcHeaderValue,
  errors: webrpcErrorByCode,
  safeMethods: ${service.name}SafeMethods,
  responseValidators: ${validatorsLoaderText(stem)},
}

export class ${service.name} implements ${service.name}Client {
  readonly #client: ServiceClient

  constructor(options: { url: string; fetch?: Fetch }) {
    this.#client = new ServiceClient(${descriptorName(service.name)}, options)
  }

${methods.join('\n\n')}
}

/** The ${service.name} reads that page (\`page?: Page\` in, \`page: Page\` out), which have infinite-query options. */
export const ${service.name}PagedMethods = [${paged.join(', ')}] as const`
}

/**
 * Moves what every client shares out of the stock file into src/runtime: version-header parsing,
 * request building, response and error decoding, the error classes (one gen/errors.gen.ts built
 * from docs/errors.md's error table, checked against the generator's own) and the fetch type. The client class
 * keeps one arrow per method that calls the runtime; its interface becomes `<Service>Client`, as a
 * class and an interface of one name are a duplicate identifier on TypeScript 7.
 */
export const runtimePass: Pass = {
  name,
  apply(file: SourceFile, context: PassContext) {
    if (file.getImportDeclaration((d) => d.getModuleSpecifierValue() === errorsModuleImport)) return
    const statements = file.getStatements()
    const errorClasses = file.getClasses().filter((c) => c.getExtends()?.getText() === 'WebrpcError')
    checkStockErrors(name, errorClasses, schemaErrorRows(context.ir))
    const stockErrorNames = new Set(errorClasses.map((c) => c.getName()))
    const kept: string[] = []
    for (const statement of statements) {
      const declared = declaredName(statement)
      if (declared && (runtimeHelpers.has(declared) || stockErrorNames.has(declared))) continue
      const service = context.ir.services.find((s) => s.name === declared)
      if (service && Node.isInterfaceDeclaration(statement)) {
        kept.push(`${leadingTrivia(statement)}${clientInterfaceText(statement.getText(), service)}`)
      } else if (service && Node.isClassDeclaration(statement)) {
        kept.push(`${leadingTrivia(statement)}${clientText(statement, service, context.stem)}`)
      } else kept.push(statement.getFullText())
    }
    for (const service of context.ir.services) {
      if (!file.getClass(service.name) || !file.getInterface(service.name))
        throw new PassShapeError(name, `no class and interface ${service.name}`)
    }
    for (const helper of ['createHTTPRequest', 'buildResponse', 'WebrpcError', 'Fetch']) {
      if (!statements.some((s) => declaredName(s) === helper)) throw new PassShapeError(name, `no ${helper}`)
    }
    const clientRuntime = runtimeModule(context.runtimeDir, 'client')
    const callOptionsRuntime = runtimeModule(context.runtimeDir, 'call-option-types')
    // The generator's header comment leads the first statement; the imports go right after it.
    const header = leadingTrivia(statements[0]!).trimEnd()
    kept[0] = kept[0]!.slice(header.length)
    file.replaceWithText(
      [
        header,
        `\n\nimport { ServiceClient, type Fetch, type ServiceDescriptor } from '${clientRuntime}'`,
        `\nimport type { BaseCallOptions, CallOptions, DeprecatedCallHeaders } from '${callOptionsRuntime}'`,
        `\nimport { webrpcErrorByCode } from '${errorsModuleImport}'`,
        `\n\nexport { type Fetch } from '${clientRuntime}'`,
        `\nexport type { BaseCallOptions, CallOptions, CallRequest, CallResponse, DeprecatedCallHeaders, RetryOptions, ValidateResponses } from '${callOptionsRuntime}'`,
        `\nexport { VersionFromHeader, type WebrpcGenVersions } from '${runtimeModule(context.runtimeDir, 'version-header')}'`,
        ...kept,
        '\n',
      ].join(''),
    )
  },
}
