import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startLocalServer, type LocalServer } from '../../src/local/server.js'
import { contractHandlers } from '../../src/msw/index.js'
import { rawCalls, type RawCall } from './requests.js'

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
  local = await startLocalServer({ port: 0, jwtSecret, log: () => undefined })
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
