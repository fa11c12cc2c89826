import { describe, expect, it } from 'vitest'
import { sampleCollections, sampleData } from '../../src/reference/data/sample-data.js'
import { operationTests } from '../reference/operation-cases.js'
import { clientsFor, createTestDatabase, startTestServer, useDatabaseForThisFile } from './support.js'

/**
 * The DATABASE_URL path on a real PostgreSQL server (started by test/support/global-setup.ts): the same store
 * code as the embedded default. Without that server every test here fails, saying why.
 */
const databaseUrl = await createTestDatabase('local_operations').catch((error: Error) => error)
if (databaseUrl instanceof Error) {
  it('runs the local server on a PostgreSQL server', () => {
    throw databaseUrl
  })
} else {
  useDatabaseForThisFile(databaseUrl)

  it('the server under test really is on that PostgreSQL database', async () => {
    const server = await startTestServer()
    try {
      const { rows } = await server.sql.query<{ db: string; version: string }>(
        'select current_database() as db, version() as version',
      )
      expect(rows[0]!.db).toBe(new URL(databaseUrl).pathname.slice(1))
      expect(rows[0]!.version).not.toMatch(/emscripten|wasm/i)
    } finally {
      await server.close()
    }
  })

  // Every operation, checked for values exactly as on the embedded store.
  describe('every operation on PostgreSQL (test/reference/operation-cases.ts)', () => operationTests())

  describe('restart on the same database', () => {
    it('keeps a registered webhook listener, the JWT secret and the data written', async () => {
      const restartUrl = await createTestDatabase('local_restart')
      const heroes = sampleCollections.heroes.contractAddress
      const transfer721 = 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'
      const first = await startTestServer({ databaseUrl: restartUrl })
      const { listener } = await clientsFor(first).indexer.addWebhookListener({
        url: 'http://127.0.0.1:9/persisted-in-postgres',
        filters: { contractAddresses: [heroes], events: [transfer721] },
      })
      const secretBefore = first.jwtSecret
      expect(first.unexpected).toEqual([])
      await first.close()

      // The sample data is loaded again on start: it must not duplicate what is there.
      const second = await startTestServer({ databaseUrl: restartUrl })
      try {
        expect(second.jwtSecret).toBe(secretBefore)
        const clients = clientsFor(second)
        const { count } = await clients.marketplace.getCountOfAllCollectibles({ contractAddress: heroes })
        expect(count).toBe(sampleData.collections!.find((c) => c.contractAddress === heroes)!.tokens.length)
        expect(
          (await clients.indexer.removeWebhookListener({ id: listener.id, projectId: String(second.projectId) }))
            .status,
        ).toBe(true)
        await expect(
          clients.indexer.removeWebhookListener({ id: listener.id, projectId: String(second.projectId) }),
        ).rejects.toMatchObject({ error: 'NotFound' })
        expect(second.unexpected).toEqual([])
      } finally {
        await second.close()
      }
    })
  })
}
