import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { chromiumArgs } from '../support/chromium.js'
import { chromiumReady } from '../support/chromium-ready.js'
import { userExample } from '../docs/examples/user-examples.js'

const entry = fileURLToPath(new URL('./browser/entry.ts', import.meta.url))
/** The test authors' guide's browser example, imported by package name from this repository's sources. */
const guideExample = userExample('msw-browser')
const alias = {
  'web3-market-contract/msw': join(repoRoot, 'src/msw/index.ts'),
  'web3-market-contract': join(repoRoot, 'src/entries/index.ts'),
}
const workerScript = readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8')

let page: Server
let pageUrl: string
let context: BrowserContext
const userDataDir = mkdtempSync(join(tmpdir(), 'chromium-msw-'))

beforeAll(async () => {
  // Debian's chromium, once the run's install has ended (test/support/chromium.ts): missing, the test fails, never skips.
  const executablePath = await chromiumReady()
  const options = { bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, alias } as const
  const script = (await build({ ...options, entryPoints: [entry] })).outputFiles[0]!.text
  const example = (await build({ ...options, stdin: { contents: guideExample, resolveDir: repoRoot, loader: 'ts' } }))
    .outputFiles[0]!.text
  page = createServer((req, res) => {
    if (req.url === '/bundle.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script)
    if (req.url === '/example.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(example)
    if (req.url === '/example')
      return res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><title>example</title><script type="module" src="/example.js"></script>')
    if (req.url === '/mockServiceWorker.js')
      return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(workerScript)
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<!doctype html><title>msw</title><script type="module" src="/bundle.js"></script>')
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  // localhost is a secure context, where service workers may register.
  pageUrl = `http://localhost:${(page.address() as { port: number }).port}/`
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: chromiumArgs,
  })
}, 300_000)

afterAll(async () => {
  await context?.close()
  await new Promise((resolve) => page?.close(resolve))
  rmSync(userDataDir, { recursive: true, force: true })
})

it('a page calls the default service addresses with the clients, answered by msw/browser worker from contractHandlers()', async () => {
  const tab = await context.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  await tab.goto(pageUrl)
  await tab.waitForFunction(() => 'runCalls' in globalThis)
  const result = await tab.evaluate(() => (globalThis as unknown as { runCalls: () => Promise<unknown> }).runCalls())
  expect(errors).toEqual([])
  expect(result).toEqual({
    floorOrderId: expect.any(String),
    filterNames: expect.arrayContaining([expect.any(String)]),
    listeners: [true],
    overridden: 'NotFound: an empty floor',
  })
})

it("the test authors' guide's browser example runs in chromium: the floor order, then the override's NotFound", async () => {
  const tab = await context.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  const lines: string[] = []
  const done = new Promise<void>((resolve) =>
    tab.on('console', (message) => {
      // The override's NotFound is a 400, which chromium reports as an error line of its own.
      if (message.type() === 'log') lines.push(message.text())
      if (message.text().startsWith('empty floor')) resolve()
    }),
  )
  // Another origin than the first test's page (127.0.0.1, also a secure context): a worker registration of its own.
  await tab.goto(`${pageUrl.replace('localhost', '127.0.0.1')}example`)
  await done
  expect(errors).toEqual([])
  expect(lines).toEqual([expect.stringMatching(/^floor order \d+$/), 'empty floor answered NotFound true'])
})
