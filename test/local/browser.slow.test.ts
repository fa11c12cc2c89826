import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sampleCollections } from '../../src/reference/data/sample-data.js'
import { activeOrders, byUsd, collectionAt } from '../reference/sample-model.js'
import { startTestServer, type TestServer } from './support.js'
import { chromiumArgs } from '../support/chromium.js'
import { chromiumReady } from '../support/chromium-ready.js'

const entry = fileURLToPath(new URL('./browser/entry.ts', import.meta.url))

let api: TestServer
let page: Server
let pageUrl: string
let context: BrowserContext
const userDataDir = mkdtempSync(join(tmpdir(), 'chromium-profile-'))
let preflights = 0

beforeAll(async () => {
  // Debian's chromium, once the run's install has ended (test/support/chromium.ts): missing, the test fails, never skips.
  const executablePath = await chromiumReady()
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
  })
  const script = bundle.outputFiles[0]!.text
  api = await startTestServer()
  api.httpServer.on('request', (req) => {
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] === 'POST') preflights++
  })
  page = createServer((req, res) => {
    if (req.url === '/bundle.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script)
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<!doctype html><title>client</title><script src="/bundle.js"></script>')
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  // "localhost" vs the API's "127.0.0.1": another origin, so every call is cross-origin.
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
  await api?.close()
  rmSync(userDataDir, { recursive: true, force: true })
})

it('a page on another origin calls the local server with the bundled client (CORS preflight included)', async () => {
  const tab = await context.newPage()
  await tab.goto(pageUrl)
  const heroes = sampleCollections.heroes.contractAddress
  const result = await tab.evaluate(
    ([base, key, contract]) =>
      (globalThis as unknown as { runCalls: (...a: string[]) => Promise<unknown> }).runCalls(base!, key!, contract!),
    [api.url, api.accessKey, heroes],
  )
  const attributes = collectionAt('polygon', heroes).tokens.flatMap((t) => t.attributes.map((a) => a.trait_type))
  expect(result).toMatchObject({
    filterNames: [...new Set(attributes)].sort(),
    sponsorCount: 2,
    webrpcHeader: expect.stringMatching(/^webrpc@v0\.23\.4;/),
    unauthorized: { error: 'Unauthorized', code: 1000, status: 401 },
  })
  const floor = activeOrders('polygon', heroes, 'listing').sort(byUsd('polygon', 1))[0]!
  expect((result as { floorTokenId: unknown }).floorTokenId).toBe(floor.tokenId)
  expect(preflights).toBeGreaterThan(0)
  expect(new URL(pageUrl).origin).not.toBe(new URL(api.url).origin)
})
