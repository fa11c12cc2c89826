export type UrlShape = 'network-path-segment' | 'network-host-prefix' | 'fixed'

/** Where a service lives: the shape of its address and the default template (`{network}` stands for the network). */
export interface ServiceRoute {
  readonly shape: UrlShape
  readonly defaultUrl: string
}

/** A value outside the schema's networks reached a client at run time; thrown before any request. */
export class UnknownNetworkError extends TypeError {
  readonly network: unknown

  constructor(network: unknown) {
    super(`unknown network ${JSON.stringify(String(network)).slice(0, 80)}: expected one of NETWORKS`)
    this.name = 'UnknownNetworkError'
    this.network = network
  }
}

/** An address template that cannot select the network the way the service needs. */
export class InvalidServiceUrlError extends TypeError {
  constructor(service: string, template: string, problem: string) {
    super(`urls.${service} = ${JSON.stringify(template)}: ${problem}`)
    this.name = 'InvalidServiceUrlError'
  }
}

/** Whether `value` is one of `names` (a list, so `toString` or `__proto__` is never a name). */
export const isOneOf = <Name extends string>(names: readonly Name[], value: unknown): value is Name =>
  (names as readonly unknown[]).includes(value)

/** Throws UnknownNetworkError unless `value` is one of the networks `names`. */
export function assertOneOf<Name extends string>(names: readonly Name[], value: unknown): Name {
  if (!isOneOf(names, value)) throw new UnknownNetworkError(value)
  return value
}

/** A table of `values` keyed by `names` in order: `keyed(['a', 'b'], [1, 2])` is `{ a: 1, b: 2 }`. */
export const keyed = <Name extends string, Value>(
  names: readonly Name[],
  values: readonly Value[],
): { readonly [name in Name]: Value } =>
  Object.fromEntries(names.map((name, index) => [name, values[index]])) as { readonly [name in Name]: Value }

/**
 * The address of a service: its template (the default unless one is given) with `{network}` filled in.
 * A network-scoped service needs `{network}` in the template and a network, which `checkNetwork` checks
 * and returns; a fixed one takes neither.
 */
export function serviceUrl(
  service: string,
  route: ServiceRoute,
  network: unknown,
  template: string | undefined,
  checkNetwork: (value: unknown) => string,
): string {
  template ??= route.defaultUrl
  const hasNetwork = template.includes('{network}')
  if (hasNetwork === (route.shape === 'fixed'))
    throw new InvalidServiceUrlError(
      service,
      template,
      hasNetwork ? 'this service has no {network}' : 'must contain {network}',
    )
  return hasNetwork ? template.replaceAll('{network}', checkNetwork(network)) : template
}
