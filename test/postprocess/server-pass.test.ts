import { describe, expect, it } from 'vitest'
import { postprocess } from '../../scripts/postprocess/index.js'
import { serverPass } from '../../scripts/postprocess/server.js'
import { irOf, stockClient } from './support/stock.js'
import { dispatchBuilder, isBuilderMethod, type BuilderService } from '../../gen/builder.gen.js'

const runServer = (stem: string, source: string) => postprocess(stem, source, irOf(stem), [serverPass]).text

describe('server pass', () => {
  it('replaces the stock express app and its hand-rolled validators with typed handlers and a dispatcher', () => {
    const text = runServer('relayer', stockClient('relayer'))
    expect(text).not.toMatch(/express|createRelayerApp|TYPE_VALIDATORS|class WebRPCError/)
    expect(text).toContain('export type RelayerService<Context = unknown> = {')
    expect(text).toContain("export const RelayerMethods = ['ListGasSponsors'] as const")
    expect(text).toContain('export function dispatchRelayer<Context>(')
  })

  it('is idempotent', () => {
    const once = runServer('indexer', stockClient('indexer'))
    expect(runServer('indexer', once)).toBe(once)
  })

  it('fails, naming itself, when the stock server is not there', () => {
    const changed = stockClient('metadata').replace('export const createMetadataApp', 'export const makeMetadataApp')
    expect(() => runServer('metadata', changed)).toThrowError(/pass "server".*createMetadataApp/)
  })

  it('dispatches to the handler with its context, and turns a synchronous throw into a rejection', async () => {
    const seen: unknown[] = []
    const service: BuilderService<string> = {
      GetAudience: (args, context) => {
        seen.push(args, context)
        if (args.audienceId === 0) throw new Error('no audience 0')
        return { audience: { id: args.audienceId, projectId: args.projectId, name: 'a' }, contacts: [], contracts: [] }
      },
    }
    await expect(
      dispatchBuilder(service, 'GetAudience', { projectId: 1, audienceId: 2 }, 'ctx'),
    ).resolves.toMatchObject({ audience: { id: 2 } })
    expect(seen).toEqual([{ projectId: 1, audienceId: 2 }, 'ctx'])
    await expect(dispatchBuilder(service, 'GetAudience', { projectId: 1, audienceId: 0 }, 'ctx')).rejects.toThrow(
      'no audience 0',
    )
    expect([isBuilderMethod('GetAudience'), isBuilderMethod('constructor'), isBuilderMethod('getAudience')]).toEqual([
      true,
      false,
      false,
    ])
  })
})
