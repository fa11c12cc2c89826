import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, expect, it } from 'vitest'
import { npmStartArgs } from '../support/npm-start.js'
import { seededDataDir } from '../support/store-dump.js'

// Holding a database already, as a DATA_DIR a previous run left: the lock is what is tested, not initdb
// (test/local/main.test.ts runs a real one).
const dataDir = seededDataDir(mkdtempSync(join(tmpdir(), 'npm-start-twice-')))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function startMain() {
  return spawn(process.execPath, npmStartArgs(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', FIXTURES: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

it('a second `npm start` on the same DATA_DIR prints one clear error line and exits non-zero; the first keeps serving', async () => {
  const first = startMain()
  const firstExit = new Promise<number | null>((resolve) => first.on('exit', (code) => resolve(code)))
  try {
    const lines = createInterface({ input: first.stdout! })[Symbol.asyncIterator]()
    const printed = JSON.parse((await lines.next()).value as string) as { url: string }

    const second = startMain()
    let stdout = ''
    let stderr = ''
    second.stdout!.on('data', (chunk: Buffer) => (stdout += chunk))
    second.stderr!.on('data', (chunk: Buffer) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => second.on('exit', (c) => resolve(c)))
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr.trimEnd().split('\n')).toEqual([
      `local server failed to start: data directory ${dataDir} is already in use by process ${first.pid}; ` +
        'stop that server or use another DATA_DIR',
    ])

    // The first server was not disturbed.
    const response = await fetch(`${printed.url}/rpc/Metadata/Nope`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(404)
  } finally {
    first.kill('SIGTERM')
  }
  expect(await firstExit).toBe(0)
})
