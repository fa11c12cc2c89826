import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sampleCollections } from '../../src/reference/data/sample-data.js'
import { collectionAt } from '../reference/sample-model.js'
import { startTestServer, type TestServer } from './support.js'
import { chromiumArgs } from '../support/chromium.js'
import { chromiumReady } from '../support/chromium-ready.js'

const profile = mkdtempSync(join(tmpdir(), 'chromium-docs-'))
/** Where the screenshot goes (kept after the run, outside the repository). */
const screenshot = join(tmpdir(), 'web3-market-contract-docs.png')

let server: TestServer
let context: BrowserContext

beforeAll(async () => {
  // Debian's chromium, once the run's install has ended (test/support/chromium.ts): missing, the test fails, never skips.
  const executablePath = await chromiumReady()
  server = await startTestServer()
  context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: chromiumArgs,
  })
}, 300_000)

afterAll(async () => {
  await context?.close()
  await server?.close()
  rmSync(profile, { recursive: true, force: true })
})

it('/docs lists every operation of the five services and calls the local server from the page', async () => {
  const tab = await context.newPage()
  await tab.goto(`${server.url}/docs`)
  const paths = tab.locator('.opblock-summary-path')
  await expect.poll(() => paths.count(), { timeout: 30_000 }).toBe(10)
  expect((await paths.allTextContents()).map((p) => p.replace(/\u200b/g, '')).sort()).toEqual([
    '/rpc/Builder/GetAudience',
    '/rpc/Indexer/AddWebhookListener',
    '/rpc/Indexer/RemoveWebhookListener',
    '/rpc/Marketplace/GenerateBuyTransaction',
    '/rpc/Marketplace/GetCountOfAllCollectibles',
    '/rpc/Marketplace/GetFloorOrder',
    '/rpc/Marketplace/GetHighestPriceListingForCollectible',
    '/rpc/Marketplace/GetOrders',
    '/rpc/Metadata/TokenCollectionFilters',
    '/rpc/Relayer/ListGasSponsors',
  ])

  // "Try it out" on GetCountOfAllCollectibles, with the sample access key, against this server.
  await tab.evaluate((key) => {
    const docs = (globalThis as unknown as { docs: Record<string, { preauthorizeApiKey(n: string, v: string): void }> })
      .docs
    docs.marketplace!.preauthorizeApiKey('AccessKey', key)
  }, server.accessKey)
  const operation = tab.locator('.opblock[id$="-Marketplace_GetCountOfAllCollectibles"]')
  await operation.locator('.opblock-summary').click()
  const heroes = sampleCollections.heroes.contractAddress
  await operation.locator('textarea.body-param__text').fill(JSON.stringify({ contractAddress: heroes }))
  await operation.locator('button.execute').click()
  const body = operation.locator('.live-responses-table .response-col_description pre').first()
  await expect.poll(() => body.textContent(), { timeout: 15_000 }).toContain('"count"')
  expect(JSON.parse((await body.textContent())!)).toEqual({ count: collectionAt('polygon', heroes).tokens.length })
  await tab.screenshot({ path: screenshot, fullPage: false })
}, 90_000)
