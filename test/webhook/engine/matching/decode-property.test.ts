import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { decodeAbiParameters, encodeAbiParameters, getAddress, pad, type Hex } from 'viem'
import { parseEventSignature } from '../../../../src/webhook/index.js'
import { MatchingIndex } from '../../../../src/webhook/engine/matching/matching-index.js'
import { eventRoles } from '../../../../src/webhook/engine/matching/token-standards.js'

const CONTRACT = '0x000000000000000000000000000000000000c0de'
const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => getAddress(`0x${Buffer.from(bytes).toString('hex')}`))
const uint256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })

describe('decoding round trip (fast-check)', () => {
  test('TransferBatch: every value decodes back to what the log carried; token-id filters see every id', () => {
    const event = parseEventSignature(
      'TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
    )
    fc.assert(
      fc.property(
        address,
        address,
        address,
        fc.array(uint256, { minLength: 1, maxLength: 8 }),
        fc.nat(7),
        (operator, from, to, ids, pick) => {
          const amounts = ids.map((id) => id / 2n)
          const topics = [event.topicHash as Hex, ...[operator, from, to].map((a) => pad(a.toLowerCase() as Hex))]
          const data = encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [ids, amounts])
          const wanted = ids[pick % ids.length]!
          const index = new MatchingIndex()
          index.add([
            {
              listenerId: 'l',
              chainId: 1,
              contractAddress: CONTRACT,
              event,
              roles: eventRoles(event),
              tokenIds: new Set([wanted]),
              accounts: new Set([to.toLowerCase()]),
            },
          ])
          const [match] = index.match(1, { address: CONTRACT, topics, data })
          expect(match).toBeDefined()
          const decoded = match!.decoded.values.map(
            (value, i) => decodeAbiParameters([{ type: event.types[i]! }], value as Hex)[0],
          )
          expect(decoded).toEqual([operator, from, to, ids, amounts])
        },
      ),
      { numRuns: 200 },
    )
  })

  test('ERC-20 Transfer: an account filter matches exactly when from or to is the account', () => {
    const event = parseEventSignature('Transfer(address indexed from, address indexed to, uint256 value)')
    fc.assert(
      fc.property(
        address,
        address,
        address,
        uint256,
        fc.integer({ min: 0, max: 2 }),
        (from, to, stranger, value, which) => {
          const account = [from, to, stranger][which]!
          const index = new MatchingIndex()
          index.add([
            {
              listenerId: 'l',
              chainId: 1,
              contractAddress: CONTRACT,
              event,
              roles: eventRoles(event),
              tokenIds: undefined,
              accounts: new Set([account.toLowerCase()]),
            },
          ])
          const topics = [event.topicHash as Hex, pad(from.toLowerCase() as Hex), pad(to.toLowerCase() as Hex)]
          const found = index.match(1, {
            address: CONTRACT,
            topics,
            data: encodeAbiParameters([{ type: 'uint256' }], [value]),
          })
          expect(found.length).toBe(account === from || account === to ? 1 : 0)
        },
      ),
      { numRuns: 200 },
    )
  })
})
