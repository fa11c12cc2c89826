import type { DataTag, InfiniteData } from '@tanstack/query-core'
import { hashQueryKey } from './hash-key.js'
import { byMethod, type CallOf, type QueryCallOptions, type ServiceKey } from './options.js'

/** The fields of docs/resources.md's Page that paging reads: which page, its size, and whether more follow. */
interface PageFields {
  page?: number
  pageSize?: number
  more?: boolean
}

/** The key of a contract infinite query: the plain query's key and `'infinite'`, so a prefix matches both. */
export type ContractInfiniteQueryKey<Args = unknown> = readonly [
  service: ServiceKey,
  network: string | null,
  method: string,
  args: Args,
  kind: 'infinite',
]

/**
 * What `fetchInfiniteQuery`, `useInfiniteQuery`, `InfiniteQueryObserver`, … take for one paged read: the first
 * page is `args.page` (the server's first page when absent), each next page the one after the last page answered,
 * with the same page size, until an answer's `page.more` is false.
 */
export interface ContractInfiniteQueryOptions<Result, Args, PageParam> {
  readonly queryKey: DataTag<ContractInfiniteQueryKey<Args>, InfiniteData<Result, PageParam>>
  readonly queryFn: (context: { readonly signal: AbortSignal; readonly pageParam: PageParam }) => Promise<Result>
  readonly initialPageParam: PageParam
  readonly getNextPageParam: (lastPage: Result, allPages: Result[], lastPageParam: PageParam) => PageParam | undefined
  readonly queryKeyHashFn: (queryKey: readonly unknown[]) => string
}

/** Infinite-query options for each paged read of a client, by its method names: `queries.infinite.getOrders(args)`. */
export type InfiniteQueries<Client, Method extends string> = {
  readonly [M in Method as Uncapitalize<M>]: CallOf<Client, M> extends (
    args: infer Args,
    ...rest: never[]
  ) => Promise<infer Result>
    ? Args extends { page?: infer Page }
      ? Result extends { page: PageFields }
        ? (args: Args, options?: QueryCallOptions) => ContractInfiniteQueryOptions<Result, Args, NonNullable<Page>>
        : never
      : never
    : never
}

/** The page after `lastPage`, keeping the request's other page fields; undefined after the last page. */
function nextPage(lastPage: { page: PageFields }, lastPageParam: PageFields): PageFields | undefined {
  const { more, page, pageSize } = lastPage.page
  const current = page ?? lastPageParam.page
  if (!more || current === undefined) return undefined
  return { ...lastPageParam, page: current + 1, pageSize: pageSize ?? lastPageParam.pageSize }
}

/** Infinite-query options for `methods` (the paged reads) of `client`. */
export function infiniteQueries<Client extends object, Method extends string>(
  client: Client,
  service: ServiceKey,
  network: string | null,
  methods: readonly Method[],
): InfiniteQueries<Client, Method> {
  return byMethod(client, methods, (method, call) => (args: { page?: PageFields }, options?: QueryCallOptions) => ({
    queryKey: [service, network, method, args, 'infinite'],
    queryFn: ({ signal, pageParam }: { signal: AbortSignal; pageParam: PageFields }) =>
      call({ ...args, page: pageParam }, { ...options, signal }),
    initialPageParam: args.page ?? {},
    getNextPageParam: (lastPage: { page: PageFields }, _: unknown, lastPageParam: PageFields) =>
      nextPage(lastPage, lastPageParam),
    queryKeyHashFn: hashQueryKey,
  }))
}
