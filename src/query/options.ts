import type { DataTag } from '@tanstack/query-core'
import type { CallOptions } from '../runtime/call-option-types.js'
import { hashQueryKey } from './hash-key.js'

/** A service's key in the query key: `marketplace`, `metadata`, … (as in `urls`). */
export type ServiceKey = 'marketplace' | 'metadata' | 'builder' | 'relayer' | 'indexer'

/**
 * The key of a contract query: service, network (null for a service without one), RIDL method name,
 * arguments. A prefix (`['marketplace']`, `['marketplace', 'polygon']`) matches a service or a network.
 */
export type ContractQueryKey<Args = unknown> = readonly [
  service: ServiceKey,
  network: string | null,
  method: string,
  args: Args,
]

/** Call options of a query or mutation; the signal is TanStack's (cancellation). */
export type QueryCallOptions = Omit<CallOptions, 'signal'>

/** What `fetchQuery`, `useQuery`, `ensureQueryData`, … take: the key, the function, and a bigint-safe hash. */
export interface ContractQueryOptions<Result, Args> {
  readonly queryKey: DataTag<ContractQueryKey<Args>, Result>
  readonly queryFn: (context: { readonly signal: AbortSignal }) => Promise<Result>
  readonly queryKeyHashFn: (queryKey: readonly unknown[]) => string
}

/** What `useMutation` or `MutationObserver` take for one write. */
export interface ContractMutationOptions<Result, Args> {
  readonly mutationKey: readonly [service: ServiceKey, network: string | null, method: string]
  readonly mutationFn: (args: Args) => Promise<Result>
}

export type CallOf<Client, Method extends string> = Client[Uncapitalize<Method> & keyof Client]

/** Query options for each read of a client, by its method names: `queries.getOrders(args)`. */
export type ReadQueries<Client, Method extends string> = {
  readonly [M in Method as Uncapitalize<M>]: CallOf<Client, M> extends (
    args: infer Args,
    ...rest: never[]
  ) => Promise<infer Result>
    ? (args: Args, options?: QueryCallOptions) => ContractQueryOptions<Result, Args>
    : never
}

/** Mutation options for each write of a client, by its method names: `mutations.addWebhookListener()`. */
export type WriteMutations<Client, Method extends string> = {
  readonly [M in Method as Uncapitalize<M>]: CallOf<Client, M> extends (
    args: infer Args,
    ...rest: never[]
  ) => Promise<infer Result>
    ? (options?: QueryCallOptions) => ContractMutationOptions<Result, Args>
    : never
}

export type AnyCall = (args: unknown, options?: CallOptions) => Promise<unknown>

const propertyOf = (method: string): string => method[0]!.toLowerCase() + method.slice(1)
const callOf = (client: object, method: string): AnyCall => (client as Record<string, AnyCall>)[propertyOf(method)]!

/** A table of one value per method, keyed by the client's property name (`GetOrders` → `getOrders`). */
export function byMethod<Table>(
  client: object,
  methods: readonly string[],
  make: (method: string, call: AnyCall) => unknown,
): Table {
  return Object.fromEntries(
    methods.map((method) => [propertyOf(method), make(method, callOf(client, method))]),
  ) as Table
}

/** Query options for `methods` (the reads) of `client`. */
export function readQueries<Client extends object, Method extends string>(
  client: Client,
  service: ServiceKey,
  network: string | null,
  methods: readonly Method[],
): ReadQueries<Client, Method> {
  return byMethod(client, methods, (method, call) => (args: unknown, options?: QueryCallOptions) => ({
    queryKey: [service, network, method, args],
    queryFn: ({ signal }: { signal: AbortSignal }) => call(args, { ...options, signal }),
    queryKeyHashFn: hashQueryKey,
  }))
}

/** Mutation options for `methods` (the writes) of `client`. */
export function writeMutations<Client extends object, Method extends string>(
  client: Client,
  service: ServiceKey,
  network: string | null,
  methods: readonly Method[],
): WriteMutations<Client, Method> {
  return byMethod(client, methods, (method, call) => (options?: QueryCallOptions) => ({
    mutationKey: [service, network, method],
    mutationFn: (args: unknown) => call(args, options),
  }))
}
