import { describe, expect, it } from 'vitest'
import { errorsPass } from '../../scripts/postprocess/errors.js'
import { postprocess } from '../../scripts/postprocess/index.js'
import { PassShapeError } from '../../scripts/postprocess/pass.js'
import { irOf, stockClient } from './support/stock.js'

const runErrors = (stem: string, source: string) => postprocess(stem, source, irOf(stem), [errorsPass])

describe('errors pass', () => {
  it('moves every error class into errors.gen.ts, keeps the generator header first, and drops -10', () => {
    const { text, emitted } = runErrors('metadata', stockClient('metadata'))
    expect(text.split('\n')[0]).toBe('/* eslint-disable */')
    expect(text).not.toMatch(/class \w+Error extends WebrpcError|WebrpcStreamFinished/)
    // Imported at the top, not after the stock server's `import express` further down.
    expect(text.indexOf("from './errors.gen.js'")).toBeGreaterThan(0)
    expect(text.indexOf("from './errors.gen.js'")).toBeLessThan(text.indexOf('export const WebrpcHeader'))
    const errorsModule = emitted.get('errors.gen.ts')!
    expect(errorsModule).toContain('export class WebrpcClientDisconnectedError')
    expect(errorsModule).not.toContain('StreamFinished')
  })

  it('emits the same errors.gen.ts for every service', () => {
    const modules = ['marketplace', 'indexer'].map((stem) =>
      runErrors(stem, stockClient(stem)).emitted.get('errors.gen.ts'),
    )
    expect(modules[0]).toBe(modules[1])
  })

  it('is idempotent', () => {
    const once = runErrors('relayer', stockClient('relayer')).text
    expect(runErrors('relayer', once).text).toBe(once)
  })

  it('fails, naming itself, on a generator that renamed -8 (webrpc-gen v0.27+: WebrpcClientAborted)', () => {
    const renamed = stockClient('builder')
      .replaceAll('WebrpcClientDisconnected', 'WebrpcClientAborted')
      .replace('`client disconnected`', '`request aborted by client`')
    expect(() => runErrors('builder', renamed)).toThrowError(PassShapeError)
    expect(() => runErrors('builder', renamed)).toThrowError(/pass "errors".*code -8/)
  })

  it('fails, naming itself, when the client no longer has buildResponse', () => {
    const changed = stockClient('builder')
      .replace('const buildResponse =', 'const readResponse =')
      .replaceAll('buildResponse(', 'readResponse(')
    expect(() => runErrors('builder', changed)).toThrowError(/pass "errors".*buildResponse/)
  })
})
