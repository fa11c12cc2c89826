/** A type guard for the method names of one service. */
export function methodGuard<Method extends string>(methods: readonly Method[]): (name: string) => name is Method {
  const names = new Set<string>(methods)
  return (name): name is Method => names.has(name)
}

/**
 * Calls the handler of `method`; a synchronous throw becomes a rejected promise. The host validates
 * the method name and the arguments first.
 */
export function dispatchHandler<Service, Context>(
  service: Service,
  method: keyof Service & string,
  args: unknown,
  context: Context,
): Promise<unknown> {
  const handler = service[method] as (args: unknown, context: Context) => unknown
  return new Promise((resolve) => resolve(handler(args, context)))
}
