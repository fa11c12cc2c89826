import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as errors from '../../gen/errors.gen.js'
import * as indexer from '../../gen/indexer.gen.js'
import * as marketplace from '../../gen/marketplace.gen.js'
import { genDir } from '../../scripts/pipeline/paths.js'
import { errorTableRows } from '../support/api-contract-tables.js'

const classOf = (name: string) => (errors as unknown as Record<string, errors.WebrpcErrorClass>)[`${name}Error`]

describe('the error table of docs/errors.md', () => {
  it('has exactly its 22 rows', () => {
    const rows = errors.webrpcErrorTable.map((r) => [r.error, r.code, r.msg, r.status])
    expect(rows).toHaveLength(22)
    expect(new Set(rows.map((r) => JSON.stringify(r)))).toEqual(new Set(errorTableRows.map((r) => JSON.stringify(r))))
  })

  it.each(errorTableRows)('%s: class, name, code, message, status and wire JSON', (name, code, msg, status) => {
    const ErrorClass = classOf(name)
    expect(ErrorClass, `${name}Error is exported`).toBeTypeOf('function')
    const error = new ErrorClass!()
    expect(error).toBeInstanceOf(errors.WebrpcError)
    expect(error).toBeInstanceOf(Error)
    expect([error.name, error.code, error.message, error.status]).toEqual([name, code, msg, status])
    expect(error.toJSON()).toEqual({ error: name, code, msg, status })
    expect(errors.webrpcErrorByCode[code]).toBe(ErrorClass)
  })

  it.each(errorTableRows)('%s decodes by code from a wire body, keeping msg and cause', (name, code, _msg, status) => {
    const decoded = errors.webrpcErrorFromPayload(
      { error: name, code, msg: 'server said so', cause: 'because', status },
      status,
    )
    expect(decoded).toBeInstanceOf(classOf(name)!)
    expect(decoded.toJSON()).toEqual({ error: name, code, msg: 'server said so', cause: 'because', status })
  })

  it('decodes an unknown code as WebrpcEndpoint with the payload kept', () => {
    const payload = { error: 'Brand new', code: 4242, msg: 'something new', status: 418 }
    const decoded = errors.webrpcErrorFromPayload(payload, 418)
    expect(decoded).toBeInstanceOf(errors.WebrpcEndpointError)
    expect([decoded.message, decoded.status, decoded.payload]).toEqual(['something new', 418, payload])
  })

  it('decodes an empty or non-JSON body as WebrpcBadResponse with the HTTP status', () => {
    for (const text of ['', '<html>bad gateway</html>']) {
      const decoded = errors.webrpcErrorFromResponseText(502, text)
      expect(decoded).toBeInstanceOf(errors.WebrpcBadResponseError)
      expect(decoded.status).toBe(502)
    }
  })

  it('is one set of classes, which the service modules use and do not re-export', async () => {
    const [root, entry] = await Promise.all([
      import('../../src/entries/index.js'),
      import('../../src/entries/errors.js'),
    ])
    expect(root.UnauthorizedError).toBe(errors.UnauthorizedError)
    expect(entry.WebrpcBadRouteError).toBe(errors.WebrpcBadRouteError)
    expect(Object.keys(marketplace).filter((name) => name.endsWith('Error'))).toEqual([])
    expect(Object.keys(indexer).filter((name) => name.endsWith('Error'))).toEqual([])
  })

  it('leaves no generator error outside the table (webrpc-gen’s -10 WebrpcStreamFinished) in gen/', () => {
    for (const file of readdirSync(genDir).filter((f) => f.endsWith('.ts'))) {
      expect(readFileSync(join(genDir, file), 'utf8'), file).not.toMatch(/StreamFinished|ClientAborted/)
    }
  })
})
