import { describe, expect, test } from 'vitest'
import type { Hex } from 'viem'
import { parseEventSignature } from '../../../../src/webhook/index.js'
import { MatchingIndex, type Subscription } from '../../../../src/webhook/engine/matching/matching-index.js'
import { eventRoles } from '../../../../src/webhook/engine/matching/token-standards.js'
import { TOPIC } from '../../support/logs.js'

// Hand-written vectors: 32-byte words as the EVM writes them.
const w = (hex: string) => hex.padStart(64, '0')
const word = (hex: string) => `0x${w(hex)}` as Hex
const data = (...words: string[]) => `0x${words.join('')}` as Hex
const ALICE = 'a11ce00000000000000000000000000000000001'
const BOB = 'b0b0000000000000000000000000000000000002'
const OPERATOR = '0e7a700000000000000000000000000000000003'
const CONTRACT = '0x00000000000000000000000000000000000c0de0'
const IPFS_X = '697066733a2f2f78' // "ipfs://x"

interface Vector {
  signature: string
  topics: Hex[]
  data: Hex
  contractType: string
  logDataType: string
  values: string[]
}

const VECTORS: Record<string, Vector> = {
  'ERC20 Transfer': {
    signature: 'Transfer(address indexed,address indexed,uint256)',
    topics: [TOPIC.Transfer, word(ALICE), word(BOB)],
    data: data(w('3e8')),
    contractType: 'ERC20',
    logDataType: 'TOKEN_TRANSFER',
    values: [word(ALICE), word(BOB), word('3e8')],
  },
  'ERC20 Approval': {
    signature: 'Approval(address indexed,address indexed,uint256)',
    topics: [TOPIC.Approval, word(ALICE), word(OPERATOR)],
    data: data(w('ff')),
    contractType: 'ERC20',
    logDataType: 'EVENT',
    values: [word(ALICE), word(OPERATOR), word('ff')],
  },
  'ERC721 Transfer': {
    signature: 'Transfer(address indexed,address indexed,uint256 indexed)',
    topics: [TOPIC.Transfer, word(ALICE), word(BOB), word('2a')],
    data: '0x',
    contractType: 'ERC721',
    logDataType: 'TOKEN_TRANSFER',
    values: [word(ALICE), word(BOB), word('2a')],
  },
  'ERC721 Approval': {
    signature: 'Approval(address indexed,address indexed,uint256 indexed)',
    topics: [TOPIC.Approval, word(ALICE), word(OPERATOR), word('2a')],
    data: '0x',
    contractType: 'ERC721',
    logDataType: 'EVENT',
    values: [word(ALICE), word(OPERATOR), word('2a')],
  },
  'ERC721 ApprovalForAll': {
    signature: 'ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
    topics: [TOPIC.ApprovalForAll, word(ALICE), word(OPERATOR)],
    data: data(w('1')),
    contractType: 'ERC721',
    logDataType: 'EVENT',
    values: [word(ALICE), word(OPERATOR), word('1')],
  },
  'ERC1155 TransferSingle': {
    signature: 'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)',
    topics: [TOPIC.TransferSingle, word(OPERATOR), word(''), word(BOB)],
    data: data(w('7'), w('5')),
    contractType: 'ERC1155',
    logDataType: 'TOKEN_TRANSFER',
    values: [word(OPERATOR), word(''), word(BOB), word('7'), word('5')],
  },
  'ERC1155 TransferBatch': {
    signature: 'TransferBatch(address indexed,address indexed,address indexed,uint256[],uint256[])',
    topics: [TOPIC.TransferBatch, word(OPERATOR), word(ALICE), word(BOB)],
    data: data(w('40'), w('a0'), w('2'), w('1'), w('2'), w('2'), w('a'), w('14')),
    contractType: 'ERC1155',
    logDataType: 'TOKEN_TRANSFER',
    values: [
      word(OPERATOR),
      word(ALICE),
      word(BOB),
      data(w('20'), w('2'), w('1'), w('2')),
      data(w('20'), w('2'), w('a'), w('14')),
    ],
  },
  'ERC1155 ApprovalForAll': {
    signature: 'ApprovalForAll(address indexed account, address indexed operator, bool approved)',
    topics: [TOPIC.ApprovalForAll, word(ALICE), word(OPERATOR)],
    data: data(w('0')),
    contractType: 'ERC1155',
    logDataType: 'EVENT',
    values: [word(ALICE), word(OPERATOR), word('0')],
  },
  'ERC1155 URI': {
    signature: 'URI(string,uint256 indexed)',
    topics: [TOPIC.URI, word('3')],
    data: data(w('20'), w('8'), IPFS_X.padEnd(64, '0')),
    contractType: 'ERC1155',
    logDataType: 'EVENT',
    values: [data(w('20'), w('8'), IPFS_X.padEnd(64, '0')), word('3')],
  },
}

function subscription(signature: string, extra: Partial<Subscription> = {}, id = 'l1'): Subscription {
  const event = parseEventSignature(signature)
  return {
    listenerId: id,
    chainId: 1,
    contractAddress: CONTRACT,
    event,
    roles: eventRoles(event),
    tokenIds: undefined,
    accounts: undefined,
    ...extra,
  }
}

describe('decoding vectors for the nine token event signatures of docs/webhooks.md', () => {
  test.each(Object.entries(VECTORS))('%s', (_, vector) => {
    const index = new MatchingIndex()
    index.add([subscription(vector.signature)])
    const [match, ...others] = index.match(1, { address: CONTRACT, topics: vector.topics, data: vector.data })
    expect(others).toEqual([])
    expect(match!.contractType).toBe(vector.contractType)
    expect(match!.subscription.roles.logDataType).toBe(vector.logDataType)
    expect(match!.decoded.values).toEqual(vector.values)
    // The ApprovalForAll vectors name their arguments (names tell ERC-721 from ERC-1155); the rest are short forms.
    const expectedNames = /ApprovalForAll/.test(vector.signature)
      ? ['owner', 'operator', 'approved']
      : vector.values.map((_, i) => `arg${i + 1}`)
    if (vector.contractType === 'ERC1155' && /ApprovalForAll/.test(vector.signature)) expectedNames[0] = 'account'
    expect(match!.subscription.event.names).toEqual(expectedNames)
  })

  test('a log with another topic count or undecodable data does not match', () => {
    const index = new MatchingIndex()
    index.add([subscription(VECTORS['ERC1155 TransferSingle']!.signature)])
    const vector = VECTORS['ERC1155 TransferSingle']!
    expect(index.match(1, { address: CONTRACT, topics: vector.topics.slice(0, 3), data: vector.data })).toEqual([])
    expect(index.match(1, { address: CONTRACT, topics: vector.topics, data: data(w('7')) })).toEqual([])
    expect(index.match(2, { address: CONTRACT, topics: vector.topics, data: vector.data })).toEqual([])
  })
})

describe('token id and account filters', () => {
  const ids = (...values: bigint[]) => new Set(values)
  const accounts = (...values: string[]) => new Set(values.map((value) => `0x${value}`))
  const matches = (vectorName: string, extra: Partial<Subscription>) => {
    const vector = VECTORS[vectorName]!
    const index = new MatchingIndex()
    index.add([subscription(vector.signature, extra)])
    return index.match(1, { address: CONTRACT, topics: vector.topics, data: vector.data }).length
  }

  test.each([
    ['ERC1155 TransferSingle', { tokenIds: ids(7n) }, 1],
    ['ERC1155 TransferSingle', { tokenIds: ids(5n) }, 0], // 5 is the value, not the id
    ['ERC1155 TransferBatch', { tokenIds: ids(2n) }, 1],
    ['ERC1155 TransferBatch', { tokenIds: ids(10n, 20n) }, 0], // amounts, not ids
    ['ERC721 Transfer', { tokenIds: ids(42n) }, 1],
    ['ERC721 Transfer', { tokenIds: ids(43n) }, 0],
    ['ERC1155 URI', { tokenIds: ids(3n) }, 1],
    ['ERC20 Transfer', { tokenIds: ids(1000n) }, 1], // no token id argument: not narrowed
    ['ERC20 Transfer', { accounts: accounts(BOB) }, 1],
    ['ERC20 Transfer', { accounts: accounts(OPERATOR) }, 0],
    ['ERC1155 TransferBatch', { accounts: accounts(OPERATOR) }, 1],
    ['ERC1155 TransferSingle', { tokenIds: ids(7n), accounts: accounts(ALICE) }, 0],
  ] as const)('%s with %o matches %i time(s)', (vectorName, extra, expected) => {
    expect(matches(vectorName, extra as Partial<Subscription>)).toBe(expected)
  })

  test('one delivery per listener even when two of its signatures fit the log', () => {
    const index = new MatchingIndex()
    index.add([
      subscription(VECTORS['ERC721 ApprovalForAll']!.signature),
      subscription(VECTORS['ERC1155 ApprovalForAll']!.signature),
      subscription(VECTORS['ERC1155 ApprovalForAll']!.signature, {}, 'l2'),
    ])
    // The contract showed it is an ERC-1155 by emitting TransferSingle first.
    const single = VECTORS['ERC1155 TransferSingle']!
    index.match(1, { address: CONTRACT, topics: single.topics, data: single.data })
    const vector = VECTORS['ERC1155 ApprovalForAll']!
    const found = index.match(1, { address: CONTRACT, topics: vector.topics, data: vector.data })
    expect(
      found.map((match) => [match.subscription.listenerId, match.contractType, match.subscription.event.names[0]]),
    ).toEqual([
      ['l1', 'ERC1155', 'account'],
      ['l2', 'ERC1155', 'account'],
    ])
  })

  test('removing a listener removes it from every bucket', () => {
    const index = new MatchingIndex()
    index.add([subscription(VECTORS['ERC20 Transfer']!.signature), subscription(VECTORS['ERC721 Transfer']!.signature)])
    index.remove('l1')
    expect(index.listenerCount).toBe(0)
    const vector = VECTORS['ERC20 Transfer']!
    expect(index.match(1, { address: CONTRACT, topics: vector.topics, data: vector.data })).toEqual([])
  })
})
