import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'

/** Debian's chromium; test/support/global-setup.ts installs it. Missing means the test fails, never skips. */
const chromiumPath = '/usr/bin/chromium'
const entry = fileURLToPath(new URL('./browser/entry.ts', import.meta.url))
const workerScript = readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8')

let page: Server
let pageUrl: string
let context: BrowserContext
const userDataDir = mkdtempSync(join(tmpdir(), 'chromium-msw-'))

beforeAll(async () => {
  if (!existsSync(chromiumPath))
    throw new Error(`${chromiumPath} is missing: install Debian's chromium (apt-get install -y chromium)`)
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  })
  const script = bundle.outputFiles[0]!.text
  page = createServer((req, res) => {
    if (req.url === '/bundle.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script)
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
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}, 120_000)

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
