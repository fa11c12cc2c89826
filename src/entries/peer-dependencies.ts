/**
 * The optional peer dependencies each entry point needs at run time (the clients need none), and the one-line
 * error a missing one turns into: the entry points in src/entries load their module through
 * `loadWithPeers`/`requireWithPeers`, so Node's "Cannot find package" from deep inside dist/ becomes the
 * install command of that audience.
 */
export const peerDependencies = {
  'web3-market-contract/local': {
    packages: ['@electric-sql/pglite', 'pg', 'viem', 'jose'],
    install: 'npm install --save-dev',
  },
  'web3-market-contract/msw': {
    packages: ['msw', 'viem', 'jose'],
    install: 'npm install --save-dev',
  },
  'web3-market-contract/server': { packages: ['jose'], install: 'npm install' },
  'web3-market-contract/webhook': { packages: ['viem'], install: 'npm install' },
  'web3-market-contract/webhook/engine': { packages: ['viem'], install: 'npm install' },
  'web3-market-contract conform': { packages: ['fast-check'], install: 'npm install --save-dev' },
  'web3-market-contract proxy': { packages: [], install: 'npm install --save-dev' },
  'web3-market-contract trigger': { packages: [], install: 'npm install --save-dev' },
} as const

export type PeerDependentEntry = keyof typeof peerDependencies

export class MissingPeerDependencyError extends Error {
  override name = 'MissingPeerDependencyError'
}

/** The one-line error for `error` when it is Node's failure to find one of `entry`'s peers; otherwise undefined. */
export function missingPeerError(
  entry: PeerDependentEntry,
  error: unknown,
  label: string = entry,
): MissingPeerDependencyError | undefined {
  const code = (error as { code?: unknown } | null)?.code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined
  const missing = /Cannot find (?:package|module) '([^']+)'/.exec(String((error as Error).message))?.[1]
  const { packages, install } = peerDependencies[entry]
  const peer = packages.find((name) => missing === name || missing?.startsWith(`${name}/`))
  if (!peer) return undefined
  return new MissingPeerDependencyError(
    `${label} needs the optional peer dependency ${peer}, which is not installed: ${install} ${packages.join(' ')}`,
    { cause: error },
  )
}

/** `import()` of an entry's module, a missing peer reported as one line. */
export async function loadWithPeers<T>(entry: PeerDependentEntry, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    throw missingPeerError(entry, error) ?? error
  }
}

/** `require()` of an entry's module (Node 20.19+ loads ES modules synchronously), a missing peer reported as one line. */
export function requireWithPeers<T>(entry: PeerDependentEntry, load: () => T): T {
  try {
    return load()
  } catch (error) {
    throw missingPeerError(entry, error) ?? error
  }
}
