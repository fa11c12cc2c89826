import { parseAbiItem, toEventSelector, toEventSignature, type AbiEvent } from 'viem'
import type { ListenedEvent } from '../../../../gen/indexer.gen.js'
import { Problem } from '../../../values/problem.js'

/**
 * The ABI item of an event, as viem's parseAbiItem makes it; declared here so the package's published
 * declarations never load viem's, which need the DOM library.
 */
export interface EventAbi {
  readonly type: 'event'
  readonly name: string
  readonly inputs: readonly EventAbiParameter[]
  readonly anonymous?: boolean
}

export interface EventAbiParameter {
  readonly name?: string
  readonly type: string
  readonly indexed?: boolean
  readonly internalType?: string
  readonly components?: readonly EventAbiParameter[]
}

/** A listened event with the ABI item that decodes it. */
export interface ParsedEvent extends ListenedEvent {
  abi: EventAbi
}

const MAX_SIGNATURE_LENGTH = 512
const MAX_MEMOISED = 10_000
// Many listeners share the few token signatures: parse each once (the result is never mutated).
const memo = new Map<string, ParsedEvent>()

/**
 * Parses a Solidity event signature, full (`Transfer(address indexed from, ...)`) or short
 * (`Transfer(address,address,uint256)`), into its canonical form and keccak-256 topic hash.
 * Unnamed arguments are named arg1, arg2, ... by position. Throws an invalid-argument Problem saying why
 * (naming `field`, the argument the signature came in, when given).
 */
export function parseEventSignature(signature: string, field?: string): ParsedEvent {
  const refuse = (reason: string, cause?: unknown) => new Problem('invalid-argument', reason, { field, cause })
  if (typeof signature !== 'string') throw refuse('not a string')
  const known = memo.get(signature)
  if (known) return known
  const parsed = parseUncached(signature, refuse)
  if (memo.size >= MAX_MEMOISED) memo.delete(memo.keys().next().value!)
  memo.set(signature, parsed)
  return parsed
}

function parseUncached(signature: string, refuse: (reason: string, cause?: unknown) => Problem): ParsedEvent {
  const text = signature.trim().replace(/^event\s+/, '')
  if (text.length === 0) throw refuse('empty event signature')
  if (text.length > MAX_SIGNATURE_LENGTH) throw refuse(`longer than ${MAX_SIGNATURE_LENGTH} characters`)
  let item: AbiEvent
  try {
    item = parseAbiItem(`event ${text}`) as AbiEvent
  } catch (error) {
    throw refuse(`not a Solidity event signature (${firstLine(error)})`, error)
  }
  if (item.type !== 'event') throw refuse('not a Solidity event signature')
  if (item.anonymous) throw refuse('anonymous events have no topic hash to listen on')
  const indexedCount = item.inputs.filter((input) => input.indexed).length
  if (indexedCount > 3) throw refuse(`${indexedCount} indexed arguments; an event has at most 3`)

  const inputs = item.inputs.map((input, position) => ({ ...input, name: input.name || `arg${position + 1}` }))
  const names = inputs.map((input) => input.name)
  const duplicate = names.find((name, position) => names.indexOf(name) !== position)
  if (duplicate) throw refuse(`argument name ${duplicate} is used twice`)
  const abi: AbiEvent = { type: 'event', name: item.name, inputs }
  return {
    eventSig: `${item.name}(${inputs.map(describeInput).join(', ')})`,
    topicHash: toEventSelector(toEventSignature(abi)),
    types: inputs.map(canonicalType),
    names,
    indexed: inputs.map((input) => input.indexed === true),
    abi,
  }
}

/** The type as it appears in the topic-hash signature: tuples expanded, no names. */
export function canonicalType(parameter: EventAbiParameter): string {
  if (!parameter.type.startsWith('tuple')) return parameter.type
  const components = parameter.components ?? []
  return `(${components.map(canonicalType).join(',')})${parameter.type.slice('tuple'.length)}`
}

function describeInput(input: EventAbiParameter): string {
  return [canonicalType(input), input.indexed ? 'indexed' : '', input.name].filter(Boolean).join(' ')
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
}
