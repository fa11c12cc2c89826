import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { localUrls } from '../../src/client/local-urls.js'
import { createClients, type Clients } from '../../src/entries/index.js'
import { startLocalServer, type LocalServer } from '../../src/local/server.js'
import { requestExamples } from '../../src/reference/data/request-examples.js'
import { dumpedStore } from '../support/store-dump.js'
import { buildGoProgram, runGoProgram } from './support/go-program.js'

// The Go module's clients (go/, made by contract.NewClients) and the TypeScript clients send the same requests
// to the local contract server: every operation answers both the same, and documented errors reach Go as the
// generator's typed errors (errors.Is).

interface GoOutcome {
  answer?: Record<string, unknown>
  error?: { name: string; code: number; is: string }
}

let server: LocalServer
let clients: Clients
let callsProgram: string

beforeAll(async () => {
  callsProgram = buildGoProgram(join(repoRoot, 'test', 'go', 'calls'), 'calls')
  server = await startLocalServer({ port: 0, dataDirDump: dumpedStore() })
  clients = createClients({
    network: 'polygon',
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    urls: localUrls(server.url),
    // The first webhook call opens the in-memory store: seconds, more on a loaded machine.
    timeoutMs: 60_000,
  })
}, 120_000)

afterAll(async () => {
  await server?.close()
  if (callsProgram) rmSync(dirname(callsProgram), { recursive: true, force: true })
})

async function goCalls(
  calls: { operation: string; request: unknown }[],
  keys: { accessKey?: string; secretKey?: string } = {},
): Promise<GoOutcome[]> {
  const input = {
    url: server.url,
    accessKey: keys.accessKey ?? server.accessKey,
    secretKey: keys.secretKey ?? server.secretKey,
    network: 'polygon',
    calls,
  }
  return JSON.parse(await runGoProgram(callsProgram, JSON.stringify(input))) as GoOutcome[]
}

/** The TypeScript client's answer to an operation, as JSON would carry it. */
async function tsAnswer(operation: string, request: unknown): Promise<unknown> {
  const [service, method] = operation.split('.') as [string, string]
  const client = (clients as unknown as Record<string, Record<string, (args: unknown) => Promise<unknown>>>)[
    service[0]!.toLowerCase() + service.slice(1)
  ]!
  const answer = await client[method[0]!.toLowerCase() + method.slice(1)]!(request)
  return JSON.parse(JSON.stringify(answer))
}

/**
 * A JSON value without its nulls: Go holds an absent optional value and a null one (PropertyFilter's `min`, "a
 * number or null") as the same nil, and leaves both out.
 */
const withoutNulls = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutNulls)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, child]) => child !== null)
            .map(([key, child]) => [key, withoutNulls(child)]),
        )
      : value

const reads = Object.keys(requestExamples).filter((operation) => !operation.startsWith('Indexer.'))

describe('the Go clients against the local contract server', () => {
  it.each(reads)('%s answers Go as it answers TypeScript', async (operation) => {
    const request = requestExamples[operation]
    const [go] = await goCalls([{ operation, request }])
    expect(go!.error).toBeUndefined()
    expect(withoutNulls(go!.answer)).toEqual(withoutNulls(await tsAnswer(operation, request)))
  })

  it("the Indexer's webhook calls: a listener added and removed, as TypeScript gets it", async () => {
    const add = requestExamples['Indexer.AddWebhookListener']
    const [goAdded] = await goCalls([{ operation: 'Indexer.AddWebhookListener', request: add }])
    const tsAdded = (await tsAnswer('Indexer.AddWebhookListener', add)) as { listener: Record<string, unknown> }
    const goListener = goAdded!.answer!.listener as Record<string, unknown>
    // A new listener has its own id, signing secret and times: the rest of the answer is the same.
    const fresh = ['id', 'secret', 'createdAt', 'updatedAt']
    const withoutFresh = (listener: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(listener).filter(([key]) => !fresh.includes(key)))
    expect(Object.keys(goListener).sort()).toEqual(Object.keys(tsAdded.listener).sort())
    expect(withoutFresh(goListener)).toEqual(withoutFresh(tsAdded.listener))

    const remove = (id: unknown) => ({ ...(requestExamples['Indexer.RemoveWebhookListener'] as object), id })
    const [goRemoved] = await goCalls([{ operation: 'Indexer.RemoveWebhookListener', request: remove(goListener.id) }])
    expect(goRemoved!.answer).toEqual(await tsAnswer('Indexer.RemoveWebhookListener', remove(tsAdded.listener.id)))
  })

  it('documented errors arrive as their typed Go errors', async () => {
    const [unauthorized] = await goCalls(
      [{ operation: 'Indexer.AddWebhookListener', request: requestExamples['Indexer.AddWebhookListener'] }],
      { secretKey: '' },
    )
    const [invalidArgument, notFound] = await goCalls([
      { operation: 'Relayer.ListGasSponsors', request: { projectId: 1, page: { page: 0 } } },
      {
        operation: 'Marketplace.GetFloorOrder',
        request: { contractAddress: '0x00000000000000000000000000000000000000fe' },
      },
    ])
    expect([unauthorized, invalidArgument, notFound]).toEqual([
      { error: { name: 'Unauthorized', code: 1000, is: 'Unauthorized' } },
      { error: { name: 'InvalidArgument', code: 2001, is: 'InvalidArgument' } },
      { error: { name: 'NotFound', code: 3000, is: 'NotFound' } },
    ])
  })
})
