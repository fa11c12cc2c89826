import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { inject } from 'vitest'
import { withLockAsync } from './cache-dir.js'
import { consumerIn, installProject, type ConsumerProject } from './consumer-project.js'
import { packedTarball } from './packed-tarball.js'

/**
 * consumerProject's install, made once per test run and shared by the test files that ask for the same `extra`:
 * keyed by the tarball's content and the sorted specs, in this run's folder (run-dir-setup.ts), so a new tarball
 * or a new run installs afresh. Each caller gets a fresh folder of its own inside the shared project, where Node,
 * TypeScript and esbuild find the packages by walking up to its node_modules. No test may change that
 * node_modules: one that needs another package asks for it in `extra`.
 */
export async function sharedConsumerProject(extra: string[] = []): Promise<ConsumerProject> {
  const runDir = inject('consumerRunDir')
  if (!runDir) throw new Error('no consumerRunDir: vitest.config.ts runs test/package/support/run-dir-setup.ts first')
  const tarball = packedTarball()
  const specs = JSON.stringify([...extra].sort())
  const key = createHash('sha256').update(readFileSync(tarball)).update(specs).digest('hex').slice(0, 16)
  const root = join(runDir, key)
  const installed = join(root, 'installed')
  await withLockAsync(`${basename(runDir)}-${key}`, async () => {
    if (existsSync(installed)) return
    rmSync(root, { recursive: true, force: true }) // what a failed install left
    await installProject(root, [tarball, ...extra])
    writeFileSync(installed, specs)
  })
  const dir = mkdtempSync(join(root, 'test-'))
  return consumerIn(dir, root, () => rmSync(dir, { recursive: true, force: true }))
}
