import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { userExample } from '../docs/examples/user-examples.js'
import { audiences } from './support/audiences.js'
import { npmInstall, type ConsumerProject } from './support/consumer-project.js'
import { sharedConsumerProject } from './support/shared-project.js'

const { devDependencies } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>
}
/** The test authors' guide's vitest example, as a test author copies it. */
const example = userExample('msw-vitest')

let project: ConsumerProject

beforeAll(async () => {
  // The tarball and the peers the guide names for test authors with MSW (the run's install of them,
  // shared-project.ts), and vitest installed in this test's folder inside it: nothing of this repository.
  project = await sharedConsumerProject(audiences.testAuthor.peers)
  writeFileSync(join(project.dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  await npmInstall(project.dir, [`vitest@${devDependencies.vitest}`])
}, 300_000)

afterAll(() => project?.remove())

it("the guide's vitest example passes in an empty project with the packed tarball and msw", () => {
  writeFileSync(join(project.dir, 'floor-price.test.ts'), example)
  const output = execFileSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'floor-price.test.ts'], {
    cwd: project.dir,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', NO_COLOR: '1' },
  })
  expect(output).toMatch(/Tests\s+2 passed \(2\)/)
}, 120_000)
