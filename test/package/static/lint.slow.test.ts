import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../../scripts/pipeline/paths.js'
import { packedTarball } from '../support/packed-tarball.js'

const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name)

/**
 * publint, and @arethetypeswrong/cli with its esm-only profile: the package is ES modules with ES module
 * declarations; require() works on Node 20.19+ (tested in test/package/package.slow.test.ts), which attw's node10 and
 * node16-from-CommonJS columns do not model (docs/guides/app-developers.md, "Module systems and TypeScript").
 */
const linters = [
  ['publint', ['run', '--strict'], /^All good!$/m],
  ['attw', ['--profile', 'esm-only', '--no-color', '--no-emoji'], /^"web3-market-contract"$/m],
] as const

describe('the packed tarball', () => {
  let tarball: string

  beforeAll(() => {
    tarball = packedTarball()
  }, 180_000)

  it.each(linters)('%s exits 0 reporting no problem', (linter, args, report) => {
    // CI=true makes publint colour its output; the report is read as plain text.
    const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }
    const { status, stdout, stderr } = spawnSync(bin(linter), [...args, tarball], {
      cwd: repoRoot,
      encoding: 'utf8',
      env,
    })
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' })
    expect(stdout).toMatch(report)
  })
})
