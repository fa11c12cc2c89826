import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureGoTool } from '../../scripts/install-tools.js'
import { copyRepoForGeneration } from '../support/repo-copy.js'

let dir: string
let watcher: ChildProcess
let output = ''

function waitForOutput(pattern: RegExp, from: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in watcher output:\n${output.slice(from)}`)), 20_000)
    const poll = setInterval(() => {
      const match = output.slice(from).match(pattern)
      if (!match) return
      clearTimeout(timer)
      clearInterval(poll)
      resolve(output.slice(from))
    }, 50)
  })
}

beforeAll(async () => {
  ensureGoTool('webrpc-gen')
  dir = copyRepoForGeneration()
  watcher = spawn(process.execPath, ['--import', 'tsx', join(dir, 'scripts', 'watch.ts')], { cwd: dir })
  watcher.stdout!.on('data', (chunk) => (output += chunk))
  watcher.stderr!.on('data', (chunk) => (output += chunk))
  await waitForOutput(/watching schema, scripts/, 0)
})

afterAll(() => {
  watcher.kill()
  rmSync(dir, { recursive: true, force: true })
})

it('prints webrpc-gen’s error for a broken .ridl, keeps watching, and regenerates once it is fixed', async () => {
  const ridl = join(dir, 'schema', 'relayer.ridl')
  const original = readFileSync(ridl, 'utf8')

  let from = output.length
  writeFileSync(ridl, original.replace('  - active: bool', '  - active bool'))
  const failed = await waitForOutput(/generation failed after \d+ ms; still watching/, from)
  expect(failed).toContain('changed: schema/relayer.ridl')
  expect(failed).toContain('webrpc-gen failed on schema/relayer.ridl')

  from = output.length
  writeFileSync(ridl, original.replace('  - active: bool', '  - active: bool\n  - label?: string'))
  await waitForOutput(/regenerated in \d+ ms/, from)
  expect(readFileSync(join(dir, 'gen', 'relayer.gen.ts'), 'utf8')).toContain('label?: string')
})
