import { deflateRawSync, inflateRawSync } from 'node:zlib'

/**
 * How the outbox and the history keep a delivery's body (a bytea column): a format byte, then the body's UTF-8 as
 * raw DEFLATE against a dictionary of a payload's fixed parts. A payload is about 1.6 KB of JSON, most of it keys,
 * zero-padded words and hex repeated between `event.values` and `rawLog`; stored this way it takes about 300 bytes,
 * and each row it is written into (the outbox, then the history) writes that much less to the WAL and to disk. The
 * bytes sent and signed are the body as it was built: storing it changes nothing a receiver sees.
 *
 * A stored format never changes once released, as rows written in it may be read years later: a new format is a new
 * format byte, and the reader keeps every earlier one.
 */
const FORMAT_AS_IS = 0x7b // '{': a body kept as its JSON text, as the outbox kept it before it was compressed
const FORMAT_DEFLATE_DICTIONARY_1 = 0x01

const zeros = (digits: number) => `0x${'0'.repeat(digits)}`
const word = zeros(64)
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const transferSingleTopic = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'

/** A payload as the engine writes it (payload.ts), its values zeroed: what every payload repeats. */
const samplePayload = (
  type: string,
  contractType: string,
  event: { topicHash: string; eventSig: string; types: string[]; names: string[] },
  topics: number,
  dataWords: number,
) =>
  JSON.stringify({
    uid: word,
    type,
    blockNumber: 0,
    blockHash: word,
    parentBlockHash: word,
    contractAddress: zeros(40),
    contractType,
    txnHash: word,
    txnIndex: 0,
    txnLogIndex: '0',
    ts: '2026-01-01T00:00:00.000Z',
    event: { ...event, values: event.types.map(() => word) },
    logDataType: 'TOKEN_TRANSFER',
    rawLog: { data: zeros(64 * dataWords), topics: [event.topicHash, ...Array(topics - 1).fill(word)] },
  })

/** Dictionary 1: frozen with its format (stored-body.test.ts reads a body stored with it). */
const DICTIONARY_1 = Buffer.from(
  samplePayload(
    'BLOCK_REMOVED',
    'ERC20',
    {
      topicHash: transferTopic,
      eventSig: 'Transfer(address indexed from, address indexed to, uint256 value)',
      types: ['address', 'address', 'uint256'],
      names: ['from', 'to', 'value'],
    },
    3,
    1,
  ) +
    samplePayload(
      'BLOCK_ADDED',
      'ERC1155',
      {
        topicHash: transferSingleTopic,
        eventSig:
          'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
        types: ['address', 'address', 'address', 'uint256', 'uint256'],
        names: ['operator', 'from', 'to', 'id', 'value'],
      },
      4,
      2,
    ),
)

/**
 * Level 1: as small within a few bytes as the default level here, and a fifth cheaper; a 4 KiB window holds the
 * dictionary and a payload's first kilobyte, and is cheaper to set up than the default 32 KiB (a reader's window is
 * always the default, which reads any smaller one).
 */
const DEFLATE_OPTIONS = { dictionary: DICTIONARY_1, level: 1, windowBits: 12 }

/** A body as the store keeps it. */
export function storedBody(body: string): Buffer {
  const deflated = deflateRawSync(body, DEFLATE_OPTIONS)
  const stored = Buffer.allocUnsafe(deflated.length + 1)
  stored[0] = FORMAT_DEFLATE_DICTIONARY_1
  deflated.copy(stored, 1)
  return stored
}

/** The body a stored one holds, as it was built. */
export function bodyFromStored(stored: Uint8Array): string {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength)
  switch (bytes[0]) {
    case FORMAT_DEFLATE_DICTIONARY_1:
      return inflateRawSync(bytes.subarray(1), { dictionary: DICTIONARY_1 }).toString('utf8')
    case FORMAT_AS_IS:
      return bytes.toString('utf8')
    default:
      throw new Error(`a stored delivery body in an unknown format (first byte ${bytes[0]})`)
  }
}
