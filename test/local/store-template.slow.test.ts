import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { expect, it } from 'vitest'
import { UNUSED_TEMPLATE_KEPT_MS } from '../../src/local/store-template.js'
import { inMemoryStartEnvIn, npmStartArgs } from '../support/npm-start.js'
import { waitUntil } from '../webhook/support/receiver-server.js'

const DAY_MS = 24 * 60 * 60 * 1000

it("`npm start` in memory removes the user's store templates that no start used for 30 days, and only those", async () => {
  const home = mkdtempSync(join(tmpdir(), 'template-home-'))
  const cache = join(home, '.cache', 'web3-market-contract')
  mkdirSync(cache, { recursive: true })
  const unused = join(cache, 'pglite-0.5.15-0123456789abcdef-in-memory.tar')
  const recent = join(cache, 'pglite-0.5.15-fedcba9876543210-in-memory.tar')
  for (const [file, ageMs] of [
    [unused, UNUSED_TEMPLATE_KEPT_MS + DAY_MS],
    [recent, DAY_MS],
  ] as const) {
    writeFileSync(file, 'an earlier version of the package kept this')
    const at = new Date(Date.now() - ageMs)
    utimesSync(file, at, at)
  }
  const child = spawn(process.execPath, npmStartArgs(), {
    cwd: home,
    env: inMemoryStartEnvIn(home),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
    expect((await lines.next()).value).toContain('"url"')
    // The store opens just after the line; the folder is tidied as it does.
    await waitUntil(() => !existsSync(unused), 'the template unused for 30 days is removed', 30_000)
    expect(existsSync(recent)).toBe(true)
  } finally {
    child.kill('SIGTERM')
    await exited
    rmSync(home, { recursive: true, force: true })
  }
}, 60_000)
