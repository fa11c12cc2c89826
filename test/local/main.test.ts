import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, expect, it } from 'vitest'
import { createClients, localUrls } from '../../src/entries/index.js'
import { sampleCollections, sampleData } from '../../src/reference/data/sample-data.js'
import { inMemoryStartEnv, npmStartArgs } from '../support/npm-start.js'

// npm start's working folder: a store kept on disk would appear in it.
const cwd = mkdtempSync(join(tmpdir(), 'npm-start-'))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))

it('`npm start` (no DATA_DIR: in memory) prints one JSON line of working credentials, serves, and stops cleanly on SIGTERM', async () => {
  const child = spawn(process.execPath, npmStartArgs(), {
    cwd,
    env: inMemoryStartEnv(),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  try {
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
    const first = (await lines.next()).value as string
    const printed = JSON.parse(first) as { url: string; accessKey: string; secretKey: string; projectId: number }
    expect(Object.keys(printed).sort()).toEqual(['accessKey', 'projectId', 'secretKey', 'url'])
    const second = (await lines.next()).value as string
    expect(second).toBe(`Local contract server listening on ${printed.url} (store: embedded PostgreSQL in memory)`)

    const clients = createClients({
      network: 'polygon',
      accessKey: printed.accessKey,
      secretKey: printed.secretKey,
      urls: localUrls(printed.url),
    })
    const heroes = sampleCollections.heroes.contractAddress
    const { count } = await clients.marketplace.getCountOfAllCollectibles({ contractAddress: heroes })
    expect(count).toBe(sampleData.collections!.find((c) => c.contractAddress === heroes)!.tokens.length)
    const { audience } = await clients.builder.getAudience({ projectId: printed.projectId, audienceId: 1 })
    expect(audience.projectId).toBe(printed.projectId)
    const { listener } = await clients.indexer.addWebhookListener({
      url: 'http://127.0.0.1:9/hook',
      filters: {
        contractAddresses: [heroes],
        events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
      },
    })
    expect(listener.projectId).toBe(String(printed.projectId))
  } finally {
    child.kill('SIGTERM')
  }
  expect(await exited).toBe(0)
  // The webhook listener opened the embedded store in memory: nothing was written where it ran.
  expect(readdirSync(cwd)).toEqual([])
})
