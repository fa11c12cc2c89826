import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHost } from '../../src/server/host.js'
import { listen, type RunningServer } from '../../src/server/node.js'
import { runClientChecks } from './interop/client-checks.js'
import { generateInteropStubs } from './interop/generate.js'
import { testApiMount, type InteropModule } from './interop/test-api-server.js'

const run = promisify(execFile)
const outDir = mkdtempSync(join(tmpdir(), 'webrpc-interop-'))
let webrpcTest: string
let gen: InteropModule

beforeAll(async () => {
  webrpcTest = generateInteropStubs(outDir).webrpcTest
  // A service file exports its own names; the error classes live in the shared errors module beside it. One after
  // the other: the service's own import of that module and this one, made at once, could load it twice, and the
  // client's errors were then not instances of these classes.
  const importGenerated = (file: string) => import(pathToFileURL(join(outDir, file)).href)
  const service = await importGenerated('test.gen.ts')
  const errors = await importGenerated('errors.gen.ts')
  gen = { ...errors, ...service } as InteropModule
}, 120_000)
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

describe('webrpc-test interoperability (webrpc v0.23.4 reference client and server)', () => {
  let server: RunningServer
  const unexpected: unknown[] = []

  beforeAll(async () => {
    server = await listen(createHost({ services: [testApiMount(gen)], log: (_, error) => unexpected.push(error) }), {
      port: 0,
    })
  })
  afterAll(() => server?.close())

  it('our host with our generated stubs passes `webrpc-test -client`', async () => {
    const result = await run(webrpcTest, ['-client', `-url=${server.url}`], { timeout: 60_000 }).then(
      (done) => ({ code: 0, output: done.stdout + done.stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    )
    expect(result.output).toBe('')
    expect(result.code).toBe(0)
    // GetError's plain throw is the only unexpected error, and it stayed off the wire.
    expect(unexpected.map((e) => (e as Error).message)).toEqual(['internal error'])
  })

  it('our generated client passes the checks of webrpc-test against `webrpc-test -server`', async () => {
    const port = await freePort()
    const reference: ChildProcess = spawn(webrpcTest, ['-server', `-port=${port}`, '-timeout=90s'], { stdio: 'ignore' })
    try {
      const url = `http://127.0.0.1:${port}`
      await run(webrpcTest, ['-waitForServer', `-url=${url}`, '-timeout=30s'], { timeout: 40_000 })
      const TestApi = gen.TestApi as new (options: {
        url: string
        accessKey: string
      }) => Record<string, (...args: unknown[]) => Promise<Record<string, unknown>>>
      // The fully post-processed client: routed to the given address, sending X-Access-Key (ignored by webrpc-test).
      const failures = await runClientChecks(new TestApi({ url, accessKey: 'interop-access-key' }), gen)
      expect(failures).toEqual([])
    } finally {
      reference.kill('SIGTERM')
    }
  })
})
