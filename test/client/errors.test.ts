import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  WebrpcBadResponseError,
  WebrpcEndpointError,
  WebrpcError,
  createClients,
  localUrls,
  webrpcErrorByName,
  webrpcErrorTable,
} from '../../src/entries/index.js'
import { errorTableRows } from '../support/api-contract-tables.js'
import { callOperation, operations } from './support/operations.js'
import { startRecordingServer, type RecordingServer } from './support/recording-server.js'

let server: RecordingServer
beforeAll(async () => {
  server = await startRecordingServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const clients = () =>
  createClients({ network: 'arbitrum', accessKey: 'ak', secretKey: 'sk', urls: localUrls(server.origin) })
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should reject'),
    (error: unknown) => error as WebrpcError,
  )

describe('decoding server errors', () => {
  it('the table has the 22 errors of docs/errors.md', () => {
    expect(webrpcErrorTable.map((row) => row.error).sort()).toEqual(errorTableRows.map(([name]) => name).sort())
  })

  const ops = operations()
  webrpcErrorTable.forEach((row, index) => {
    // Spread the rows over all operations, so every client decodes errors.
    const operation = ops[index % ops.length]!
    it(`${row.error} (${row.code}, HTTP ${row.status}) from ${operation.service}.${operation.method}, msg and cause kept`, async () => {
      const wire = {
        error: row.error,
        code: row.code,
        msg: `${row.msg}: detail ${index}`,
        cause: `cause ${index}`,
        status: row.status,
      }
      server.respondWith(() => ({ status: row.status, body: JSON.stringify(wire) }))
      const error = await rejection(callOperation(clients(), operation))
      expect(server.requests).toHaveLength(1)
      expect(error).toBeInstanceOf(webrpcErrorByName[row.error]!)
      expect(error).toBeInstanceOf(WebrpcError)
      expect({
        name: error.name,
        error: error.error,
        code: error.code,
        msg: error.msg,
        message: error.message,
        cause: error.cause,
        status: error.status,
      }).toEqual({
        name: row.error,
        error: row.error,
        code: row.code,
        msg: wire.msg,
        message: wire.msg,
        cause: wire.cause,
        status: row.status,
      })
      expect(JSON.parse(JSON.stringify(error))).toEqual(wire)
    })
  })

  it('an unknown code becomes WebrpcEndpoint with the payload kept', async () => {
    const wire = { error: 'Teapot', code: 4180, msg: 'short and stout', cause: 'spout', status: 418 }
    server.respondWith(() => ({ status: 418, body: JSON.stringify(wire) }))
    const error = await rejection(clients().relayer.listGasSponsors({ projectId: 1 }))
    expect(error).toBeInstanceOf(WebrpcEndpointError)
    expect(error).toMatchObject({ code: 0, msg: 'short and stout', cause: 'spout', status: 418, payload: wire })
  })

  it('an empty or non-JSON error body becomes WebrpcBadResponse with the HTTP status', async () => {
    for (const [status, body] of [
      [502, ''],
      [503, '<html>gateway</html>'],
    ] as const) {
      server.respondWith(() => ({ status, body }))
      const error = await rejection(clients().builder.getAudience({ projectId: 1, audienceId: 2 }))
      expect(error).toBeInstanceOf(WebrpcBadResponseError)
      expect(error.status).toBe(status)
    }
  })
})
