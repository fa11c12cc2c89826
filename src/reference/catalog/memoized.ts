import type { Catalog } from './catalog.js'

/** Enough for every distinct read of the sample data and sizeable fixtures; GetOrders' arguments are unbounded. */
export const DEFAULT_MAX_ENTRIES = 4096

/**
 * A catalog that answers each distinct read once from `catalog` and then from memory: for a catalog whose rows
 * cannot change while it is open (see openData in src/local/server.ts). The answers are the wrapped catalog's
 * own, so they are identical to its answers for every operation and every row it holds. At most `maxEntries`
 * answers are kept, the least recently read dropped first. Reads of one key at once share one query; a failed
 * read is not kept. Answers are shared between callers, as memoryCatalog's are: callers do not change them.
 */
export function memoizedCatalog(catalog: Catalog, maxEntries = DEFAULT_MAX_ENTRIES): Catalog {
  const answers = new Map<string, Promise<unknown>>()

  function read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = answers.get(key)
    if (kept) {
      // Map keeps insertion order: moving the key to the end makes the first key the least recently read.
      answers.delete(key)
      answers.set(key, kept)
      return kept as Promise<T>
    }
    const answer = load()
    answers.set(key, answer)
    answer.catch(() => {
      if (answers.get(key) === answer) answers.delete(key)
    })
    if (answers.size > maxEntries) answers.delete(answers.keys().next().value!)
    return answer
  }

  const keyOf = (operation: keyof Catalog, ...args: unknown[]) => JSON.stringify([operation, ...args])

  return {
    projects: () => read(keyOf('projects'), () => catalog.projects()),
    hasProject: (id) => read(keyOf('hasProject', id), () => catalog.hasProject(id)),
    collectionId: (chainId, address) =>
      read(keyOf('collectionId', chainId, address), () => catalog.collectionId(chainId, address)),
    countTokens: (id) => read(keyOf('countTokens', id), () => catalog.countTokens(id)),
    tokenMetadata: (id, tokenId) => read(keyOf('tokenMetadata', id, tokenId), () => catalog.tokenMetadata(id, tokenId)),
    tokenAttributes: (id) => read(keyOf('tokenAttributes', id), () => catalog.tokenAttributes(id)),
    collectionOrders: (id, side) => read(keyOf('collectionOrders', id, side), () => catalog.collectionOrders(id, side)),
    // Only the fields a wanted order is matched by make the key (callers may pass more, e.g. the marketplace).
    chainOrders: (chainId, wanted) =>
      read(
        keyOf(
          'chainOrders',
          chainId,
          wanted.map((w) => [w.contractAddress, w.orderId]),
        ),
        () => catalog.chainOrders(chainId, wanted),
      ),
    audience: (projectId, audienceId) =>
      read(keyOf('audience', projectId, audienceId), () => catalog.audience(projectId, audienceId)),
    audienceMembers: (projectId, audienceId) =>
      read(keyOf('audienceMembers', projectId, audienceId), () => catalog.audienceMembers(projectId, audienceId)),
    gasSponsors: (projectId, chainId) =>
      read(keyOf('gasSponsors', projectId, chainId), () => catalog.gasSponsors(projectId, chainId)),
  }
}
