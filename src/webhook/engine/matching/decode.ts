import { decodeAbiParameters, encodeAbiParameters, getAddress, type AbiParameter } from 'viem'
import type { Hex } from '../../../values/hex.js'
import type { ParsedEvent } from './event-signature.js'

export interface DecodedArguments {
  /** One hex string per argument (see decodeEventArguments). */
  values: string[]
  /** Decoded argument values (bigint, address string, boolean, ...); undefined for hashed indexed arguments. */
  args: unknown[]
}

/**
 * Decodes a log against a listened event. Each value is the argument's ABI encoding as hex: the
 * 32-byte topic for an indexed argument (for indexed strings, bytes and arrays that topic is the
 * keccak-256 of the value, as the EVM stores it), and the standalone ABI encoding for a
 * non-indexed one (a 32-byte word for static types). Returns undefined when the log does not fit
 * the event (another topic count, undecodable data).
 */
export function decodeEventArguments(
  event: ParsedEvent,
  topics: readonly Hex[],
  data: Hex,
): DecodedArguments | undefined {
  const indexedCount = event.indexed.filter(Boolean).length
  if (topics.length !== indexedCount + 1 || topics[0]?.toLowerCase() !== event.topicHash) return undefined
  const inputs = event.abi.inputs as readonly (AbiParameter & { indexed?: boolean })[]
  const dataInputs = inputs.filter((input) => !input.indexed)
  let dataValues: readonly unknown[]
  try {
    dataValues = decodeAbiParameters(dataInputs, data)
  } catch {
    return undefined
  }
  // Head words are the encoding of one-word static arguments; only others need re-encoding.
  const headWords = dataInputs.every((input) => ONE_WORD.test(input.type))
  const values: string[] = []
  const args: unknown[] = []
  let topicPosition = 1
  let dataPosition = 0
  for (const input of inputs) {
    if (input.indexed) {
      const topic = topics[topicPosition++]!.toLowerCase() as Hex
      values.push(topic)
      args.push(indexedValue(input.type, topic))
    } else {
      const value = dataValues[dataPosition]
      values.push(
        headWords
          ? `0x${data.slice(2 + 64 * dataPosition, 66 + 64 * dataPosition).toLowerCase()}`
          : encodeAbiParameters([input], [value]),
      )
      args.push(value)
      dataPosition++
    }
  }
  return { values, args }
}

const ONE_WORD = /^(u?int\d*|address|bool|bytes([1-9]|[12]\d|3[0-2]))$/

function indexedValue(type: string, topic: Hex): unknown {
  if (type === 'address') return getAddress(`0x${topic.slice(26)}`)
  if (/^uint\d*$/.test(type)) return BigInt(topic)
  if (type === 'bool') return BigInt(topic) !== 0n
  return undefined
}
