import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { repoRoot } from '../../scripts/paths.js'

it.each([
  ['generate.ts', 'npm run gen'],
  ['check.ts', 'npm run gen:check'],
  ['install-tools.ts', 'npm run tools'],
  ['watch.ts', 'npm run gen:watch'],
  ['breaking.ts', 'npm run gen:breaking'],
])('scripts/%s --help prints its usage and does nothing else', (script, usage) => {
  const output = execFileSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', script), '--help'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  expect(output.startsWith(usage)).toBe(true)
})
