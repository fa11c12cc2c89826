import type { ClassDeclaration, SourceFile } from 'ts-morph'
import type { IRService } from '../ir.js'
import { insertImport } from './insert-import.js'
import { PassShapeError, type Pass, type PassContext } from './pass.js'
import { loadRoutingData, type ServiceRoute } from './routing-data.js'
import { networksModuleText } from './routing-module.js'

const name = 'routing'
export const networksModuleImport = './networks.gen.js'

/** The key of a service in schema/networks.json and in the `urls` option: its name in lower camel case. */
export const serviceKey = (service: IRService): string => service.name[0]!.toLowerCase() + service.name.slice(1)

function optionsText(service: IRService, key: string, route: ServiceRoute): string {
  const scoped = route.shape !== 'fixed'
  const network = scoped
    ? `  /** Selects the ${route.shape === 'network-host-prefix' ? `\`<network>-${key}\` host` : 'path segment'} of every call (SPEC §1). */\n  network: Network\n`
    : ''
  return `/** How the ${service.name} client reaches its service. */
export interface ${service.name}ClientOptions {
${network}  /** Address template replacing the default \`${route.defaultUrl}\`${scoped ? '; must contain `{network}`' : ''}. */
  url?: string
  /** Defaults to the global fetch. */
  fetch?: Fetch
}`
}

function constructorText(service: IRService, key: string, scoped: boolean): string {
  const resolve = scoped
    ? `this.#network = assertNetwork(options.network)
    this.baseUrl = resolveServiceUrl('${key}', this.#network, options.url).replace(/\\/*$/, '')`
    : `this.baseUrl = resolveServiceUrl('${key}', undefined, options.url).replace(/\\/*$/, '')`
  return `constructor(options: ${service.name}ClientOptions) {
    ${resolve}
    const fetch = options.fetch ?? globalThis.fetch
    if (typeof fetch !== 'function') throw new TypeError('${service.name}: no global fetch; pass options.fetch')
    this.fetch = (input: RequestInfo, init?: RequestInit) => fetch(input, init)
  }`
}

const networkGetter = {
  docs: ['The network every call of this client goes to; fixed for the life of the client.'],
  name: 'network',
  returnType: 'Network',
  statements: 'return this.#network',
}

function stockClient(file: SourceFile, service: IRService): ClassDeclaration {
  const cls = file.getClass(service.name)
  const parameters = cls
    ?.getConstructors()[0]
    ?.getParameters()
    .map((p) => p.getName())
  if (!cls || parameters?.join() !== 'hostname,fetch' || !cls.getProperty('hostname') || !cls.getMethod('url')) {
    throw new PassShapeError(
      name,
      `class ${service.name} with constructor(hostname, fetch), property hostname and method url() not found`,
    )
  }
  return cls
}

/**
 * Makes every client reach its service by network: a `Network` union and `NETWORKS` list (gen/networks.gen.ts),
 * and constructors taking `{ network, url?, fetch? }` (no network for fixed-address services) that resolve the
 * address once and reject a network outside the union before any request.
 */
export const routingPass: Pass = {
  name,
  apply(file: SourceFile, context: PassContext) {
    const routing = context.routing ?? loadRoutingData()
    context.emitFile('networks.gen.ts', networksModuleText(routing))
    const routed = context.ir.services.filter((service) => !file.getInterface(`${service.name}ClientOptions`))
    if (routed.length === 0) return

    let usesNetwork = false
    for (const service of routed) {
      const key = serviceKey(service)
      const route = routing.services[key]
      if (!route)
        throw new Error(
          `the routing data (schema/networks.json) has no service "${key}" (service ${service.name} of ${context.stem}.ridl)`,
        )
      const scoped = route.shape !== 'fixed'
      usesNetwork ||= scoped
      const cls = stockClient(file, service)
      cls
        .getProperty('hostname')!
        .replaceWithText(`${scoped ? 'readonly #network: Network\n  ' : ''}protected baseUrl: string`)
      cls.getConstructors()[0]!.replaceWithText(constructorText(service, key, scoped))
      cls.getMethod('url')!.setBodyText('return this.baseUrl + this.path + name')
      if (scoped) cls.insertGetAccessor(cls.getConstructors()[0]!.getChildIndex() + 1, networkGetter)
      file.insertStatements(cls.getChildIndex(), `${optionsText(service, key, route)}\n`)
    }
    insertImport(
      file,
      usesNetwork ? ['assertNetwork', 'resolveServiceUrl', 'Network'] : ['resolveServiceUrl'],
      networksModuleImport,
    )
    file.addExportDeclaration({ moduleSpecifier: networksModuleImport })
  },
}
