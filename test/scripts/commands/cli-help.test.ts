import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { repoRoot } from '../../../scripts/pipeline/paths.js'

it.each([
  ['generate', 'npm run gen'],
  ['check', 'npm run gen:check'],
  ['install-tools', 'npm run tools'],
  ['watch', 'npm run gen:watch'],
  ['breaking', 'npm run gen:breaking'],
])('scripts/launch.mjs %s --help prints its usage and does nothing else', (command, usage) => {
  const output = execFileSync(process.execPath, [join(repoRoot, 'scripts', 'launch.mjs'), command, '--help'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  expect(output.startsWith(usage)).toBe(true)
})
