import { encodeAbiParameters, keccak256, pad, stringToHex, toHex, type Hex } from 'viem'
import type { SourceLog } from '../../../src/webhook/index.js'

export const TOPIC = {
  Transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  Approval: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  ApprovalForAll: '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31',
  TransferSingle: '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
  TransferBatch: '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb',
  URI: '0x6bb7ff708619ba0610cba295a58592e0451dee2622938c8755667688daf3529b',
} as const

export const word = (value: bigint | number | string): Hex =>
  (typeof value === 'string' ? pad(value as Hex) : pad(toHex(value))).toLowerCase() as Hex

let transactionCounter = 0

/** A log with made-up block facts for the local ingestion path; every call is a new transaction. */
export function sourceLog(
  address: string,
  topics: Hex[],
  data: Hex = '0x',
  overrides: Partial<SourceLog> = {},
): SourceLog {
  transactionCounter++
  return {
    address,
    topics,
    data,
    blockNumber: 100 + transactionCounter,
    blockHash: keccak256(stringToHex(`block ${transactionCounter}`)),
    parentBlockHash: keccak256(stringToHex(`block ${transactionCounter - 1}`)),
    blockTimestamp: 1_700_000_000 + transactionCounter,
    transactionHash: keccak256(stringToHex(`tx ${transactionCounter}`)),
    transactionIndex: 0,
    txnLogIndex: 0,
    ...overrides,
  }
}

export function transferSingleLog(
  contract: string,
  operator: string,
  from: string,
  to: string,
  id: bigint,
  value: bigint,
): SourceLog {
  return sourceLog(
    contract,
    [TOPIC.TransferSingle, word(operator), word(from), word(to)],
    encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [id, value]),
  )
}

/** The token contract the cluster tests stream mints of, and the filters of their listeners. */
const STREAM_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const STREAM_HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A mint of token `id` of the stream's contract: every call is a new transaction. */
export const streamMint = (id: bigint): SourceLog =>
  transferSingleLog(STREAM_CONTRACT, STREAM_HOLDER, STREAM_HOLDER, STREAM_HOLDER, id, 1n)

/** Filters that match every mint of the stream. */
export const streamFilters = () => ({
  contractAddresses: [STREAM_CONTRACT],
  events: ['TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'],
})
