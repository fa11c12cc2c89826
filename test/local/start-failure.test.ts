import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { npmStartArgs } from '../support/npm-start.js'

const scratch = mkdtempSync(join(tmpdir(), 'start-failure-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A port nothing listens on: one the system gave and took back. */
let closedPort: number
beforeAll(async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closedPort = (server.address() as { port: number }).port
  await new Promise((resolve) => server.close(resolve))
})

async function npmStart(env: Record<string, string>) {
  const child = spawn(process.execPath, npmStartArgs(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: '', DATABASE_URL: '', FIXTURES: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { code, stdout, lines: stderr.trimEnd().split('\n') }
}

/** One line naming the failure, exit code 1, nothing on stdout: not a stack. */
function expectOneClearLine(result: Awaited<ReturnType<typeof npmStart>>, reason: RegExp) {
  expect(result.code).toBe(1)
  expect(result.stdout).toBe('')
  expect(result.lines).toHaveLength(1)
  expect(result.lines[0]).toMatch(/^local server failed to start: \S/)
  expect(result.lines[0]).toMatch(reason)
}

describe('a store that refuses the server at start', () => {
  it('PostgreSQL refusing the connection (127.0.0.1)', async () => {
    const result = await npmStart({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/postgres` })
    expectOneClearLine(result, /ECONNREFUSED|refused/i)
  })

  it('PostgreSQL refusing the connection on every address of localhost', async () => {
    const result = await npmStart({ DATABASE_URL: `postgres://postgres@localhost:${closedPort}/postgres` })
    expectOneClearLine(result, /ECONNREFUSED|refused/i)
  })

  it('a DATA_DIR that is a file', async () => {
    const file = join(scratch, 'not-a-folder')
    writeFileSync(file, 'x')
    const result = await npmStart({ DATA_DIR: file })
    expectOneClearLine(result, /not-a-folder/)
  })

  it('a DATA_DIR whose database PGlite cannot open', async () => {
    const dataDir = join(scratch, 'broken')
    mkdirSync(join(dataDir, 'base'), { recursive: true })
    writeFileSync(join(dataDir, 'PG_VERSION'), 'not a version\n')
    const result = await npmStart({ DATA_DIR: dataDir })
    expectOneClearLine(result, new RegExp(`could not open the embedded PostgreSQL in ${dataDir} \\(.+\\)`))
  })
})
