import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalServer, type LocalServer } from '../../src/local/server.js'
import { contractHandlers, mockSecretKey } from '../../src/msw/index.js'
import { otherProject, sampleProject } from '../../src/reference/data/sample-data.js'
import { DEFAULT_MAX_LISTENERS_PER_PROJECT } from '../../src/webhook/engine/listeners/listener-requests.js'
import { listenerRefusals, type Caller, type MadeListeners } from './listener-refusals.js'
import { rawCalls, type RawCall } from './requests.js'
import { dumpedStore } from '../support/store-dump.js'

// One semantics (docs/endpoints.md): the MSW handlers and the local server answer every call byte for byte alike.
const mockOrigin = 'http://contract-mock.test'
const jwtSecret = 'same-answers'
let local: LocalServer
const handlers = contractHandlers({
  urls: {
    marketplace: `${mockOrigin}/{network}/`,
    metadata: mockOrigin,
    builder: mockOrigin,
    relayer: `${mockOrigin}/{network}-relayer`,
    indexer: `${mockOrigin}/{network}-indexer`,
  },
  jwtSecret,
})
const mock = setupServer(...handlers)

beforeAll(async () => {
  // The run's made store, as the other local-server tests start from, rather than an initdb of its own.
  local = await startLocalServer({ port: 0, jwtSecret, log: () => undefined, dataDirDump: dumpedStore() })
  mock.listen({ onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  mock.close()
  await local?.close()
})

async function answer(origin: string, call: RawCall) {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Access-Key': local.accessKey,
    ...call.headers,
  }
  if (call.bearer) headers.Authorization = `BEARER ${local.secretKey}`
  const method = call.method ?? 'POST'
  const response = await fetch(origin + call.path, { method, headers, body: method === 'GET' ? undefined : call.body })
  return {
    status: response.status,
    webrpc: response.headers.get('webrpc'),
    contentType: response.headers.get('content-type'),
    allow: response.headers.get('allow'),
    body: await response.text(),
  }
}

it.each(rawCalls.map((call) => [call.name, call] as const))('%s: the same answer from both', async (_, call) => {
  const fromServer = await answer(local.url, call)
  const fromMock = await answer(mockOrigin, call)
  expect(fromMock).toEqual(fromServer)
})

it('the calls cover answers and errors alike', async () => {
  const statuses = new Set<number>()
  for (const call of rawCalls) statuses.add((await answer(mockOrigin, call)).status)
  expect([...statuses].sort()).toEqual([200, 400, 401, 403, 404, 405])
})

const callers = {
  'the project': sampleProject,
  'another project': otherProject,
} satisfies Record<Caller, { id: number; accessKey: string }>

/** One Indexer call on the polygon route with a project's access key and secret key. */
async function listenerCall(origin: string, method: string, body: unknown, caller: Caller = 'the project') {
  const project = callers[caller]
  const response = await fetch(`${origin}/polygon-indexer/rpc/Indexer/${method}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Access-Key': project.accessKey,
      Authorization: `BEARER ${await mockSecretKey({ jwtSecret }, project.id)}`,
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, webrpc: response.headers.get('webrpc'), body: await response.text() }
}

async function addedListener(origin: string, caller: Caller): Promise<string> {
  const body = {
    url: 'http://127.0.0.1:9/hook',
    filters: { contractAddresses: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'], events: ['Minted(address,uint256)'] },
  }
  const answer = await listenerCall(origin, 'AddWebhookListener', body, caller)
  expect(answer).toMatchObject({ status: 200 })
  return (JSON.parse(answer.body) as { listener: { id: string } }).listener.id
}

/** What each side refuses against: the same listeners made on each, by its own answers. */
async function madeListeners(
  origin: string,
  fillProject: (listenerId: string) => Promise<void>,
): Promise<MadeListeners> {
  const removed = await addedListener(origin, 'the project')
  const removal = { id: removed, projectId: String(sampleProject.id) }
  expect(await listenerCall(origin, 'RemoveWebhookListener', removal)).toMatchObject({ status: 200 })
  const othersActive = await addedListener(origin, 'another project')
  await fillProject(othersActive)
  return { removed, othersActive }
}

/** The other project's listener copied in the local server's table until the project is at its limit. */
async function fillInTable(listenerId: string): Promise<void> {
  await local.sql.query(
    `insert into webhook_listeners (id, project_id, chain_id, url, filters, secret, created_at, updated_at)
     select gen_random_uuid()::text, project_id, chain_id, url, filters, secret, created_at, updated_at
     from webhook_listeners cross join generate_series(2, $2) where id = $1`,
    [listenerId, DEFAULT_MAX_LISTENERS_PER_PROJECT],
  )
}

/** The mock keeps its listeners in memory: they are added through it, fast. */
async function fillThroughMock(): Promise<void> {
  for (let made = 1; made < DEFAULT_MAX_LISTENERS_PER_PROJECT; made += 100)
    await Promise.all(
      Array.from({ length: Math.min(100, DEFAULT_MAX_LISTENERS_PER_PROJECT - made) }, () =>
        addedListener(mockOrigin, 'another project'),
      ),
    )
}

describe('every refusal of AddWebhookListener and RemoveWebhookListener', () => {
  const made = new Map<string, MadeListeners>()
  beforeAll(async () => {
    made.set(local.url, await madeListeners(local.url, fillInTable))
    made.set(mockOrigin, await madeListeners(mockOrigin, fillThroughMock))
  })

  it.each(listenerRefusals.map((refusal) => [refusal.name, refusal] as const))(
    '%s: the same error from both',
    async (_, refusal) => {
      const answers = await Promise.all(
        [local.url, mockOrigin].map(async (origin) => {
          const listeners = made.get(origin)!
          const answer = await listenerCall(origin, refusal.method, refusal.body(listeners), refusal.caller)
          const ids = Object.values(listeners)
          return { ...answer, body: ids.reduce((body, id) => body.replaceAll(id, '<listener>'), answer.body) }
        }),
      )
      const [fromServer, fromMock] = answers
      expect(fromServer!.status).toBeGreaterThanOrEqual(400)
      expect(fromMock).toEqual(fromServer)
    },
  )
})
