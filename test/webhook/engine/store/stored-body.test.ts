import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { bodyFromStored, storedBody } from '../../../../src/webhook/engine/store/stored-body.js'

const hash = () => `0x${randomBytes(32).toString('hex')}`
const word = (hex: string) => `0x${hex.slice(2).padStart(64, '0')}`

/** A TransferSingle's BLOCK_ADDED as the engine builds it (delivery/payload.ts), with fresh hashes. */
function transferSinglePayload(): string {
  const holder = `0x${randomBytes(20).toString('hex')}`
  const topics = [
    '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
    word(holder),
    word(holder),
    word(holder),
  ]
  return JSON.stringify({
    uid: hash(),
    type: 'BLOCK_ADDED',
    blockNumber: 19_000_000,
    blockHash: hash(),
    parentBlockHash: hash(),
    contractAddress: `0x${randomBytes(20).toString('hex')}`,
    contractType: 'ERC1155',
    txnHash: hash(),
    txnIndex: 48,
    txnLogIndex: '0',
    ts: '2026-11-28T20:07:46.000Z',
    event: {
      topicHash: topics[0],
      eventSig:
        'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
      types: ['address', 'address', 'address', 'uint256', 'uint256'],
      names: ['operator', 'from', 'to', 'id', 'value'],
      values: [...topics.slice(1), word('0x30'), word('0x1')],
    },
    logDataType: 'TOKEN_TRANSFER',
    rawLog: { data: `0x${word('0x30').slice(2)}${word('0x1').slice(2)}`, topics },
  })
}

describe('a delivery body as the store keeps it', () => {
  test('reads back as the very text it was built as, whatever it holds', () => {
    for (const body of [
      transferSinglePayload(),
      '{}',
      JSON.stringify({ note: 'ünïcödé ✓', n: 1 }),
      'x'.repeat(100_000),
    ])
      expect(bodyFromStored(storedBody(body))).toBe(body)
  })

  test('takes less than a fifth of the bytes of a payload as the engine builds it', () => {
    const body = transferSinglePayload()
    expect(storedBody(body).length).toBeLessThan(Buffer.byteLength(body) / 5)
  })

  test('a body stored in a released format still reads: the format and its dictionary never change', () => {
    const written = Buffer.from('0143d43b89499441687e87d73b381ae4e6788a64bc09ac1600', 'hex')
    expect(bodyFromStored(written)).toBe(
      '{"uid":"0xabababababababababababababababababababababababababababababababab","type":"BLOCK_REMOVED","blockNumber":7,"contractType":"ERC1155","logDataType":"TOKEN_TRANSFER"}',
    )
    // Stored from the text of dictionary 1 itself: it reads back only through every byte of that dictionary.
    const dictionaryItself = Buffer.from(
      '01a35dbd33da20c7a879461be4683508e17a85b8ba045bbd815c590cf77a62604a67b4d275b4410e2d57d128684368b4410ea9b7461be4a30d72b41c42804b9dc60e555a4c83c7908129f209c4144169b42a63b4418e1262a0063900',
      'hex',
    )
    expect(createHash('sha256').update(bodyFromStored(dictionaryItself)).digest('hex')).toBe(
      '2eaf14bbe6ba26bca44e22a0a6e1d693058e7c503b94ee98af95aeb4a2875661',
    )
  })

  test('a body kept as its JSON text, as the outbox kept it before, reads as it is', () => {
    const body = transferSinglePayload()
    expect(bodyFromStored(new Uint8Array(Buffer.from(body)))).toBe(body)
  })

  test('bytes in no known format are refused, not read as a body', () => {
    expect(() => bodyFromStored(Buffer.from([0x02, 0x00]))).toThrow(/unknown format/)
  })
})
