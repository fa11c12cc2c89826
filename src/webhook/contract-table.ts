import { ADDRESS_WORDS, addressWord, looksLikeAddress, readAddressWords } from './address-words.js'

/** Per-contract fields kept in the contract's slot, after its address words (plain numbers: V8 folds them). */
export const ContractField = {
  /** First and last subscription entry of the contract (see SubscriptionEntries), -1 when none. */
  Head: ADDRESS_WORDS,
  Tail: ADDRESS_WORDS + 1,
  /** The chain (interned number) on which the contract's logs showed a token standard, 0 when none yet. */
  StandardChain: ADDRESS_WORDS + 2,
  /** That standard (the caller's code). */
  Standard: ADDRESS_WORDS + 3,
} as const
export type ContractField = (typeof ContractField)[keyof typeof ContractField]
const USED = ADDRESS_WORDS + 4

/** 16 words = 64 bytes: a slot is about one cache line. */
const STRIDE = 16
const MIN_BITS = 4

/**
 * Watched contracts by address: an open-addressing hash table (linear probing) whose slots hold the
 * address as five 32-bit words next to the contract's fields, all in one Int32Array. A log of a watched
 * contract costs about one cache line to find its entry, a log of another contract as much, where a Map
 * keyed by address strings touches its bucket, its entry, the key string and then the contract object;
 * and 100,000 contracts are one array for the garbage collector instead of 100,000 objects.
 * Slots move when the table grows or a contract is deleted: a slot number is valid until the next add or delete.
 */
export class ContractTable {
  private bits = MIN_BITS
  private slots = new Int32Array(STRIDE << MIN_BITS)
  private count = 0
  /** The address being looked up. */
  private readonly key = new Int32Array(ADDRESS_WORDS)

  get size(): number {
    return this.count
  }

  /**
   * The slot of a watched contract, or -1 (also for a string that is not an address). The last word
   * alone picks the home slot and rules out other contracts, so a log of an unwatched contract reads
   * 8 of its 40 digits.
   */
  find(address: string): number {
    if (!looksLikeAddress(address)) return -1
    const last = addressWord(address, ADDRESS_WORDS - 1)
    if (last === undefined) return -1
    const { slots, key } = this
    const mask = (1 << this.bits) - 1
    let parsed = false
    for (let slot = homeSlot(last, this.bits); slots[slot * STRIDE + USED] === 1; slot = (slot + 1) & mask) {
      const at = slot * STRIDE
      if (slots[at + ADDRESS_WORDS - 1] !== last) continue
      if (!parsed && !(parsed = readAddressWords(address, key))) return -1
      if (slots[at] === key[0] && slots[at + 1] === key[1] && slots[at + 2] === key[2] && slots[at + 3] === key[3])
        return slot
    }
    return -1
  }

  /** The slot of the contract, added (fields: Head and Tail -1, others 0) if it was not there; throws for a non-address. */
  findOrAdd(address: string): number {
    if (!readAddressWords(address, this.key)) throw new Error(`not an address: ${address}`)
    const found = this.probe()
    if (found >= 0) return found
    if ((this.count + 1) * 2 > 1 << this.bits) {
      this.grow()
      return this.findOrAdd(address)
    }
    const slot = -found - 1
    const at = slot * STRIDE
    this.slots.set(this.key, at)
    this.slots[at + ContractField.Head] = -1
    this.slots[at + ContractField.Tail] = -1
    this.slots[at + USED] = 1
    this.count++
    return slot
  }

  field(slot: number, field: ContractField): number {
    return this.slots[slot * STRIDE + field]!
  }

  setField(slot: number, field: ContractField, value: number): void {
    this.slots[slot * STRIDE + field] = value
  }

  /** Backward-shift deletion: later slots of the same probe run move up, so lookups need no tombstones. */
  delete(slot: number): void {
    const mask = (1 << this.bits) - 1
    let hole = slot
    for (let next = (hole + 1) & mask; this.slots[next * STRIDE + USED] === 1; next = (next + 1) & mask) {
      const home = this.home(next * STRIDE)
      if (((next - home) & mask) >= ((next - hole) & mask)) {
        this.slots.copyWithin(hole * STRIDE, next * STRIDE, next * STRIDE + STRIDE)
        hole = next
      }
    }
    this.slots.fill(0, hole * STRIDE, hole * STRIDE + STRIDE)
    this.count--
  }

  /** The slot holding `key` (≥ 0), else -(the empty slot where it belongs) - 1. */
  private probe(): number {
    const { slots, key } = this
    const mask = (1 << this.bits) - 1
    for (let slot = this.home(-1); ; slot = (slot + 1) & mask) {
      const at = slot * STRIDE
      if (slots[at + USED] !== 1) return -slot - 1
      if (
        slots[at] === key[0] &&
        slots[at + 1] === key[1] &&
        slots[at + 2] === key[2] &&
        slots[at + 3] === key[3] &&
        slots[at + 4] === key[4]
      )
        return slot
    }
  }

  /** Home slot of the address at `at` in the slots, or of `key` when `at` is -1. */
  private home(at: number): number {
    return homeSlot(at < 0 ? this.key[ADDRESS_WORDS - 1]! : this.slots[at + ADDRESS_WORDS - 1]!, this.bits)
  }

  private grow(): void {
    const old = this.slots
    this.bits++
    this.slots = new Int32Array(STRIDE << this.bits)
    this.count = 0
    const mask = (1 << this.bits) - 1
    for (let at = 0; at < old.length; at += STRIDE) {
      if (old[at + USED] !== 1) continue
      let slot = homeSlot(old[at + ADDRESS_WORDS - 1]!, this.bits)
      while (this.slots[slot * STRIDE + USED] === 1) slot = (slot + 1) & mask
      this.slots.set(old.subarray(at, at + STRIDE), slot * STRIDE)
      this.count++
    }
  }
}

/** Addresses are hashes already: their last word, mixed once, picks the slot. */
function homeSlot(lastWord: number, bits: number): number {
  return Math.imul(lastWord, 0x9e3779b1) >>> (32 - bits)
}
