import { describe, expect, it } from 'vitest'
import { sourceLogProblem } from '../../../../src/webhook/engine/chain/ingest.js'
import type { SourceLog } from '../../../../src/webhook/engine/delivery/payload.js'

const hash = (digit: string) => `0x${digit.repeat(64)}` as const
const log: SourceLog = {
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  topics: [hash('a')],
  data: '0x0001',
  blockNumber: 1,
  blockHash: hash('b'),
  parentBlockHash: hash('c'),
  blockTimestamp: 1_700_000_000,
  transactionHash: hash('d'),
  transactionIndex: 0,
  txnLogIndex: 0,
}

describe('sourceLogProblem: a raw log handed to local ingestion', () => {
  it.each([
    ['a well-formed log', {}],
    ['a lower-case address', { address: log.address.toLowerCase() }],
    [
      'a mixed-case address whatever its checksum (a node hands logs over as it likes)',
      { address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    ],
    ['empty data', { data: '0x' }],
  ])('accepts %s', (_, change) => {
    expect(sourceLogProblem({ ...log, ...change })).toBeUndefined()
  })

  it.each([
    [{ address: '0x1234' }, 'log.address: not an address'],
    [{ address: 42 }, 'log.address: not an address'],
    [{ topics: [] }, 'log.topics: 1 to 4 topics required'],
    [{ topics: ['0x12'] }, 'log.topics[0]: not a 32-byte hex hash'],
    [{ data: '0x123' }, 'log.data: not hex bytes'],
    [{ data: '0xzz' }, 'log.data: not hex bytes'],
    [{ data: '1234' }, 'log.data: not hex bytes'],
    [{ blockHash: hash('g') }, 'log.blockHash: not a 32-byte hex hash'],
    [{ blockNumber: -1 }, 'log.blockNumber: not a non-negative integer'],
  ])('refuses %j: %s', (change, problem) => {
    expect(sourceLogProblem({ ...log, ...change })).toBe(problem)
  })
})
