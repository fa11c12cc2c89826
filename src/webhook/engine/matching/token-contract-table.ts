import { ADDRESS_WORDS, addressWord, looksLikeAddress, readAddressWords } from './address-words.js'

const LAST_WORD = ADDRESS_WORDS - 1

/** A token contract's fields, after the words of its address (plain numbers: V8 folds them). */
export const TokenContractField = {
  /** First and last subscription entry of the token contract (see SubscriptionEntries), -1 when none. */
  Head: ADDRESS_WORDS,
  Tail: ADDRESS_WORDS + 1,
  /** The token standard its logs showed, as the caller encodes it; 0 when none yet. */
  Standard: ADDRESS_WORDS + 2,
} as const
export type TokenContractField = (typeof TokenContractField)[keyof typeof TokenContractField]

/** 8 words = 32 bytes per token contract record. */
const STRIDE = 8
const MIN_BITS = 4

/**
 * Watched token contracts by address, in two Int32Arrays. A hash table (open addressing, linear probing) of
 * 8-byte slots holds each token contract's last address word and record number: 2 MB at 100,000 token contracts,
 * so a log of an unwatched token contract reads 8 of its 40 digits and about one cache line, where a Map
 * keyed by address strings touches its bucket, its entry and the key string. The records (address,
 * then the fields) are numbered densely and keep their number while the token contract is watched.
 * 100,000 token contracts are two arrays for the garbage collector instead of 100,000 objects.
 */
export class TokenContractTable {
  private bits = MIN_BITS
  /** Per slot: last address word, record number + 1 (0: empty). */
  private slots = new Int32Array(2 << MIN_BITS)
  private records = new Int32Array(STRIDE * 16)
  private count = 0
  private recordsUsed = 0
  /** Freed records, linked through their Head field. */
  private free = -1
  /** The address being looked up. */
  private readonly key = new Int32Array(ADDRESS_WORDS)

  /** The record of a watched token contract, or -1 (also for a string that is not an address). */
  find(address: string): number {
    if (!looksLikeAddress(address)) return -1
    const last = addressWord(address, LAST_WORD)
    if (last === undefined) return -1
    const { slots, records, key } = this
    const mask = (1 << this.bits) - 1
    let parsed = false
    for (let slot = homeSlot(last, this.bits); slots[2 * slot + 1] !== 0; slot = (slot + 1) & mask) {
      if (slots[2 * slot] !== last) continue
      if (!parsed && !(parsed = readAddressWords(address, key))) return -1
      const at = (slots[2 * slot + 1]! - 1) * STRIDE
      if (
        records[at] === key[0] &&
        records[at + 1] === key[1] &&
        records[at + 2] === key[2] &&
        records[at + 3] === key[3]
      )
        return at / STRIDE
    }
    return -1
  }

  /** The record of the token contract, added (Head and Tail -1, other fields 0) if it was not there; throws for a non-address. */
  findOrAdd(address: string): number {
    const found = this.find(address)
    if (found >= 0) return found
    if (!readAddressWords(address, this.key)) throw new Error(`not an address: ${address}`)
    if ((this.count + 1) * 2 > 1 << this.bits) this.grow()
    const record = this.newRecord()
    const at = record * STRIDE
    this.records.set(this.key, at)
    this.records.fill(0, at + ADDRESS_WORDS, at + STRIDE)
    this.records[at + TokenContractField.Head] = -1
    this.records[at + TokenContractField.Tail] = -1
    this.place(this.key[LAST_WORD]!, record)
    this.count++
    return record
  }

  field(record: number, field: TokenContractField): number {
    return this.records[record * STRIDE + field]!
  }

  setField(record: number, field: TokenContractField, value: number): void {
    this.records[record * STRIDE + field] = value
  }

  /** Backward-shift deletion: later slots of the same probe run move up, so lookups need no tombstones. */
  delete(record: number): void {
    const { slots } = this
    const mask = (1 << this.bits) - 1
    let hole = homeSlot(this.records[record * STRIDE + LAST_WORD]!, this.bits)
    while (slots[2 * hole + 1] !== record + 1) hole = (hole + 1) & mask
    for (let next = (hole + 1) & mask; slots[2 * next + 1] !== 0; next = (next + 1) & mask) {
      const home = homeSlot(slots[2 * next]!, this.bits)
      if (((next - home) & mask) >= ((next - hole) & mask)) {
        slots[2 * hole] = slots[2 * next]!
        slots[2 * hole + 1] = slots[2 * next + 1]!
        hole = next
      }
    }
    slots[2 * hole] = slots[2 * hole + 1] = 0
    this.records[record * STRIDE + TokenContractField.Head] = this.free
    this.free = record
    this.count--
  }

  private newRecord(): number {
    if (this.free >= 0) {
      const record = this.free
      this.free = this.records[record * STRIDE + TokenContractField.Head]!
      return record
    }
    if ((this.recordsUsed + 1) * STRIDE > this.records.length) {
      const grown = new Int32Array(this.records.length * 2)
      grown.set(this.records)
      this.records = grown
    }
    return this.recordsUsed++
  }

  private place(lastWord: number, record: number): void {
    const mask = (1 << this.bits) - 1
    let slot = homeSlot(lastWord, this.bits)
    while (this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask
    this.slots[2 * slot] = lastWord
    this.slots[2 * slot + 1] = record + 1
  }

  private grow(): void {
    const old = this.slots
    this.bits++
    this.slots = new Int32Array(2 << this.bits)
    for (let at = 0; at < old.length; at += 2) if (old[at + 1] !== 0) this.place(old[at]!, old[at + 1]! - 1)
  }
}

/** Addresses are hashes already: their last word, mixed once, picks the slot. */
function homeSlot(lastWord: number, bits: number): number {
  return Math.imul(lastWord, 0x9e3779b1) >>> (32 - bits)
}
