import { entryTable, type PeerLoadingSubpath, type RunTimePeers } from './entry-table.js'

/**
 * The one-line error a missing optional peer turns into: the entry points whose module loads peers
 * (entry-table.ts) load it through `loadWithPeers`/`requireWithPeers`, and the bin's commands through
 * `missingPeerError`, so Node's "Cannot find package" from deep inside dist/ becomes the install command of
 * that audience.
 */
export class MissingPeerDependencyError extends Error {
  override name = 'MissingPeerDependencyError'
}

/** `web3-market-contract/webhook` for `./webhook`: how the messages name an entry point. */
export const entryLabel = (subpath: string): string => `web3-market-contract${subpath.slice(1)}`

/** The one-line error for `error` when it is Node's failure to find one of `peers`; otherwise undefined. */
export function missingPeerError(
  peers: RunTimePeers,
  error: unknown,
  label: string,
): MissingPeerDependencyError | undefined {
  const code = (error as { code?: unknown } | null)?.code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined
  const missing = /Cannot find (?:package|module) '([^']+)'/.exec(String((error as Error).message))?.[1]
  const { packages, install } = peers
  const peer = packages.find((name) => missing === name || missing?.startsWith(`${name}/`))
  if (!peer) return undefined
  return new MissingPeerDependencyError(
    `${label} needs the optional peer dependency ${peer}, which is not installed: ${install} ${packages.join(' ')}`,
    { cause: error },
  )
}

const entryPeerError = (subpath: PeerLoadingSubpath, error: unknown) =>
  missingPeerError(entryTable[subpath].peers, error, entryLabel(subpath)) ?? error

/** `import()` of an entry's module, a missing peer reported as one line. */
export async function loadWithPeers<T>(subpath: PeerLoadingSubpath, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    throw entryPeerError(subpath, error)
  }
}

/** `require()` of an entry's module (Node 20.19+ loads ES modules synchronously), a missing peer reported as one line. */
export function requireWithPeers<T>(subpath: PeerLoadingSubpath, load: () => T): T {
  try {
    return load()
  } catch (error) {
    throw entryPeerError(subpath, error)
  }
}
