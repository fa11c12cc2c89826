import { describe, expect, test } from 'vitest'
import { parseEventSignature } from '../../../../src/webhook/index.js'
import { TOPIC } from '../../support/logs.js'

describe('event signatures', () => {
  test.each([
    ['Transfer(address indexed from, address indexed to, uint256 value)', TOPIC.Transfer],
    ['Approval(address indexed owner, address indexed spender, uint256 value)', TOPIC.Approval],
    ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)', TOPIC.Transfer],
    ['Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)', TOPIC.Approval],
    ['ApprovalForAll(address indexed owner, address indexed operator, bool approved)', TOPIC.ApprovalForAll],
    [
      'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
      TOPIC.TransferSingle,
    ],
    [
      'TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
      TOPIC.TransferBatch,
    ],
    ['ApprovalForAll(address indexed account, address indexed operator, bool approved)', TOPIC.ApprovalForAll],
    ['URI(string value, uint256 indexed id)', TOPIC.URI],
  ])('%s has the keccak-256 topic hash of its canonical form', (signature, topicHash) => {
    const parsed = parseEventSignature(signature)
    expect(parsed.topicHash).toBe(topicHash)
    expect(parsed.eventSig).toBe(signature)
  })

  test('the short form names its arguments arg1, arg2, ... and keeps indexed', () => {
    const parsed = parseEventSignature(
      'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)',
    )
    expect(parsed).toMatchObject({
      eventSig:
        'TransferSingle(address indexed arg1, address indexed arg2, address indexed arg3, uint256 arg4, uint256 arg5)',
      topicHash: TOPIC.TransferSingle,
      types: ['address', 'address', 'address', 'uint256', 'uint256'],
      names: ['arg1', 'arg2', 'arg3', 'arg4', 'arg5'],
      indexed: [true, true, true, false, false],
    })
  })

  test('a short form without indexed is accepted with no indexed arguments', () => {
    expect(parseEventSignature('Transfer(address,address,uint256)')).toMatchObject({
      topicHash: TOPIC.Transfer,
      indexed: [false, false, false],
    })
  })

  test('partly named arguments get argN by position', () => {
    expect(parseEventSignature('URI(string, uint256 indexed id)').names).toEqual(['arg1', 'id'])
  })

  test.each([
    ['Transfer(address,address', 'not a Solidity event signature'],
    ['Transfer(uint257 value)', 'not a Solidity event signature'],
    ['', 'empty event signature'],
    [
      'E(uint8 indexed a, uint8 indexed b, uint8 indexed c, uint8 indexed d)',
      '4 indexed arguments; an event has at most 3',
    ],
    ['E(uint8 a, uint8 a)', 'argument name a is used twice'],
  ])('%j is refused: %s', (signature, message) => {
    expect(() => parseEventSignature(signature)).toThrow(message)
  })
})
