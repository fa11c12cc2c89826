import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { encodeAbiParameters, getAddress, type Hex } from 'viem'
import { parseEventSignature } from '../../../../src/webhook/index.js'
import {
  MatchingIndex,
  type LogToMatch,
  type Subscription,
} from '../../../../src/webhook/engine/matching/matching-index.js'
import { eventRoles } from '../../../../src/webhook/engine/matching/token-standards.js'
import { TOPIC, word } from '../../support/logs.js'

const single = parseEventSignature(
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
)
// Addresses are hashes: so are these, and they collide in the index's table as real ones do.
const contract = (n: number) => `0x${createHash('sha256').update(String(n)).digest('hex').slice(0, 40)}`
const subscription = (
  listenerId: string,
  contractAddress: string,
  extra: Partial<Subscription> = {},
): Subscription => ({
  listenerId,
  chainId: 1,
  contractAddress,
  event: single,
  roles: eventRoles(single),
  tokenIds: undefined,
  accounts: undefined,
  ...extra,
})
const singleLog = (address: string, id = 7n): LogToMatch => ({
  address,
  topics: [TOPIC.TransferSingle, word(1n), word(2n), word(3n)],
  data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [id, 1n]),
})
const listenersOf = (index: MatchingIndex, chainId: number, log: LogToMatch) =>
  index.match(chainId, log).map((match) => match.subscription.listenerId)

describe('matching index', () => {
  test('many token contracts: each log finds its own listener, in any letter case, also after half of them leave', () => {
    const index = new MatchingIndex()
    const count = 3_000
    index.add(Array.from({ length: count }, (_, n) => subscription(`l${n}`, getAddress(contract(n)))))
    for (let n = 0; n < count; n += 2) index.remove(`l${n}`)
    expect(index.listenerCount).toBe(count / 2)
    for (let n = 0; n < count; n++) {
      const expected = n % 2 ? [`l${n}`] : []
      expect(listenersOf(index, 1, singleLog(contract(n)))).toEqual(expected)
      expect(listenersOf(index, 1, singleLog(contract(n).toUpperCase().replace('0X', '0x')))).toEqual(expected)
    }
    expect(listenersOf(index, 1, singleLog(contract(count)))).toEqual([])
  })

  test('strings that are not addresses match nothing', () => {
    const index = new MatchingIndex()
    index.add([subscription('l1', contract(1))])
    for (const address of [
      '',
      'not an address',
      `${contract(1)}0`,
      contract(1).replace('1', 'g'),
      `0x${'é'.repeat(40)}`,
    ])
      expect(listenersOf(index, 1, singleLog(address))).toEqual([])
  })

  test('listeners of one token contract keep their order when one in the middle leaves', () => {
    const index = new MatchingIndex()
    for (const id of ['l1', 'l2', 'l3']) index.add([subscription(id, contract(9))])
    index.remove('l2')
    index.add([subscription('l4', contract(9))])
    expect(listenersOf(index, 1, singleLog(contract(9)))).toEqual(['l1', 'l3', 'l4'])
    for (const id of ['l1', 'l3', 'l4']) index.remove(id)
    expect(listenersOf(index, 1, singleLog(contract(9)))).toEqual([])
    expect(index.listenerCount).toBe(0)
  })

  test('token ids 32 apart share a summary bit and are still told apart', () => {
    const index = new MatchingIndex()
    index.add([
      subscription('only 39', contract(1), { tokenIds: new Set([39n]) }),
      subscription('7 or 39', contract(1), { tokenIds: new Set([7n, 39n]) }),
      subscription('any id', contract(1), { chainId: undefined }),
    ])
    expect(listenersOf(index, 1, singleLog(contract(1), 7n))).toEqual(['7 or 39', 'any id'])
    expect(listenersOf(index, 1, singleLog(contract(1), 39n))).toEqual(['only 39', '7 or 39', 'any id'])
    expect(listenersOf(index, 2, singleLog(contract(1), 39n))).toEqual(['any id'])
  })

  test('the token standard a token contract showed is kept per chain', () => {
    const ambiguous = parseEventSignature('ApprovalForAll(address indexed a, address indexed b, bool approved)')
    const index = new MatchingIndex()
    index.add([
      subscription('l1', contract(5), { chainId: undefined, event: ambiguous, roles: eventRoles(ambiguous) }),
      subscription('l2', contract(5), { chainId: 2, event: single, roles: eventRoles(single) }),
    ])
    const approval: LogToMatch = {
      address: contract(5),
      topics: [TOPIC.ApprovalForAll, word(1n), word(2n)],
      data: word(1n),
    }
    const standardOn = (chainId: number) => index.match(chainId, approval).map((match) => match.contractType)
    expect(standardOn(1)).toEqual(['UNKNOWN'])
    index.match(1, singleLog(contract(5)))
    const erc721Transfer = {
      address: contract(5),
      topics: [TOPIC.Transfer, word(1n), word(2n), word(3n)],
      data: '0x' as Hex,
    }
    index.match(2, erc721Transfer)
    expect(standardOn(1)).toEqual(['ERC1155'])
    expect(standardOn(2)).toEqual(['ERC721'])
    expect(standardOn(3)).toEqual(['UNKNOWN'])
    index.remove('l1')
    index.remove('l2')
    index.add([subscription('l3', contract(5), { chainId: undefined, event: ambiguous, roles: eventRoles(ambiguous) })])
    expect(standardOn(1)).toEqual(['UNKNOWN'])
    expect(standardOn(2)).toEqual(['UNKNOWN'])
  })

  test('one log, two shapes of the same event: each decoded its own way', () => {
    const first = parseEventSignature('Moved(uint256 indexed a, uint256 b)')
    const second = parseEventSignature('Moved(uint256 a, uint256 indexed b)')
    const index = new MatchingIndex()
    index.add([
      subscription('first', contract(1), { event: first, roles: eventRoles(first) }),
      subscription('second', contract(1), { event: second, roles: eventRoles(second) }),
      subscription('first again', contract(1), { event: first, roles: eventRoles(first) }),
    ])
    const log: LogToMatch = { address: contract(1), topics: [first.topicHash as Hex, word(3n)], data: word(4n) }
    expect(index.match(1, log).map((match) => [match.subscription.listenerId, match.decoded.args])).toEqual([
      ['first', [3n, 4n]],
      ['second', [4n, 3n]],
      ['first again', [3n, 4n]],
    ])
  })
})
