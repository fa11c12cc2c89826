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
  // Not `new Promise(resolve => resolve(...))`: that wraps a handler's own promise in another, two more turns
  // of the microtask queue per call; Promise.resolve returns it as it is.
  try {
    return Promise.resolve(handler(args, context))
  } catch (error) {
    return Promise.reject(error)
  }
}
