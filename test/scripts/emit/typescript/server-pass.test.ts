import { describe, expect, it } from 'vitest'
import { postprocess } from '../../../../scripts/emit/typescript/index.js'
import { serverPass } from '../../../../scripts/emit/typescript/server.js'
import { committedIR } from '../../../support/ir.js'
import { miniIR, stockClient } from './support/stock.js'
import { dispatchBuilder, isBuilderMethod, type BuilderService } from '../../../../gen/builder.gen.js'

const runServer = (stem: string, source: string, ir = committedIR(stem)) => postprocess(stem, source, ir, [serverPass])

describe('server pass', () => {
  it('adds typed handlers, the method table and a dispatcher from the IR (no express app is generated)', () => {
    const stock = stockClient('relayer')
    expect(stock).not.toMatch(/express|createRelayerApp/)
    const text = runServer('relayer', stock)
    expect(text).toContain('export type RelayerService<Context = unknown> = {')
    expect(text).toContain("export const RelayerMethods = ['ListGasSponsors'] as const")
    expect(text).toContain('export const isRelayerMethod = /* @__PURE__ */ methodGuard(RelayerMethods)')
    expect(text).toContain('export const dispatchRelayer: <Context>(')
    expect(text).toMatch(/import \{ dispatchHandler, methodGuard \} from '\.\.\/src\/runtime\/dispatch\.js'/)
  })

  it('follows the IR: every method of the IR is a handler and a table entry', () => {
    const ir = miniIR('Pinger', [{ name: 'Ping' }, { name: 'Echo' }])
    const text = runServer('pinger', '// header\nexport const x = 1\n', ir)
    expect(text).toContain("export const PingerMethods = ['Ping', 'Echo'] as const")
    expect(text).toContain('  Ping: (args: PingArgs, context: Context) => PingReturn | Promise<PingReturn>')
  })

  it('is idempotent', () => {
    const once = runServer('indexer', stockClient('indexer'))
    expect(runServer('indexer', once)).toBe(once)
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
