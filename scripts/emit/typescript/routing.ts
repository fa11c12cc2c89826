import { SyntaxKind, type ClassDeclaration, type SourceFile } from './ts-morph.js'
import { serviceKey, type IRService } from '../../pipeline/ir.js'
import { loadRoutingData, routeConstName, type ServiceRoute } from '../../pipeline/routing-data.js'
import { insertImport } from './insert-import.js'
import {
  addPropertyEdit,
  applyEdits,
  descriptorName,
  PassShapeError,
  type Pass,
  type PassContext,
  type TextEdit,
} from './pass.js'

const name = 'routing'
export const networksModuleImport = './networks.gen.js'

function optionsText(service: IRService, key: string, route: ServiceRoute): string {
  const scoped = route.shape !== 'fixed'
  const network = scoped
    ? `  /** Selects the ${route.shape === 'network-host-prefix' ? `\`<network>-${key}\` host` : 'path segment'} of every call (docs/overview.md). */\n  network: Network\n`
    : ''
  return `/** How the ${service.name} client reaches its service, and the call options of all its calls. */
export interface ${service.name}ClientOptions extends BaseCallOptions {
${network}  /** Address template replacing the default \`${route.defaultUrl}\`${scoped ? '; must contain `{network}`' : ''}. */
  url?: string
  /** Defaults to the global fetch. */
  fetch?: Fetch
}

`
}

const networkGetter = `/** The network every call of this client goes to; fixed for the life of the client. */
  get network(): Network {
    return this.#network
  }`

function runtimeClient(file: SourceFile, service: IRService): ClassDeclaration {
  const cls = file.getClass(service.name)
  const constructor = cls?.getConstructors()[0]
  const descriptor = file
    .getVariableDeclaration(descriptorName(service.name))
    ?.getInitializerIfKind(SyntaxKind.ObjectLiteralExpression)
  if (!cls || constructor?.getParameters()[0]?.getName() !== 'options' || !descriptor) {
    throw new PassShapeError(
      name,
      `class ${service.name} with constructor(options) and ${descriptorName(service.name)} not found (the runtime pass runs first)`,
    )
  }
  return cls
}

/**
 * Makes every client reach its service by network: constructors take `{ network, url?, fetch? }` (no
 * network for fixed-address services), reject a network outside the `Network` union before any
 * request, and hand the service's route (gen/networks.gen.ts, from schema/networks.json) to the runtime.
 */
export const routingPass: Pass = {
  name,
  apply(file: SourceFile, context: PassContext) {
    const routing = context.routing ?? loadRoutingData()
    const routed = context.ir.services.filter((service) => !file.getInterface(`${service.name}ClientOptions`))
    if (routed.length === 0) return

    let usesNetwork = false
    const edits: TextEdit[] = []
    for (const service of routed) {
      const key = serviceKey(service)
      const route = routing.services[key]
      if (!route)
        throw new Error(
          `the routing data (schema/networks.json) has no service "${key}" (service ${service.name} of ${context.stem}.ridl)`,
        )
      const scoped = route.shape !== 'fixed'
      usesNetwork ||= scoped
      const cls = runtimeClient(file, service)
      const constructor = cls.getConstructors()[0]!
      const optionsType = constructor.getParameters()[0]!.getTypeNodeOrThrow()
      edits.push(
        { start: cls.getStart(true), text: optionsText(service, key, route) },
        { start: optionsType.getStart(), end: optionsType.getEnd(), text: `${service.name}ClientOptions` },
        addPropertyEdit(file, descriptorName(service.name), `route: ${routeConstName(key)}`),
      )
      if (scoped) {
        edits.push(
          { start: cls.getPropertyOrThrow('#client').getEnd(), text: '\n  readonly #network: Network' },
          {
            start: constructor.getBodyOrThrow().getStart() + 1,
            text: '\n    this.#network = assertNetwork(options.network)',
          },
          { start: constructor.getEnd(), text: `\n\n  ${networkGetter}` },
        )
      }
    }
    applyEdits(file, edits)
    insertImport(
      file,
      [
        ...routed.map((service) => routeConstName(serviceKey(service))),
        ...(usesNetwork ? ['assertNetwork', 'type Network'] : []),
      ],
      networksModuleImport,
    )
  },
}
