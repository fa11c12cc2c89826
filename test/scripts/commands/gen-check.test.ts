import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyRepoForGeneration } from '../../support/repo-copy.js'

function runCheck(dir: string) {
  return spawnSync(process.execPath, [join(dir, 'scripts', 'launch.mjs'), 'check'], { cwd: dir, encoding: 'utf8' })
}

describe('npm run gen:check', () => {
  let dir: string
  beforeAll(() => {
    dir = copyRepoForGeneration()
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('passes on the committed gen/', () => {
    const result = runCheck(dir)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('fails, naming the files, when a .ridl changed without regeneration', () => {
    const ridl = join(dir, 'schema', 'builder.ridl')
    writeFileSync(
      ridl,
      readFileSync(ridl, 'utf8').replace('  - name: string\n', '  - name: string\n  - label?: string\n'),
    )
    const result = runCheck(dir)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('builder.gen.ts')
    expect(result.stderr).toContain('builder.webrpc.json')
    expect(result.stdout).toContain('+  label?: string')
  })
})
