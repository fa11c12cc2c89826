/** Fields of a subscription entry (plain numbers: V8 folds them). */
export const EntryField = {
  /** Next entry of the same contract, -1 at the end; next free entry when free. */
  Next: 0,
  /** Interned chain number, 0: every chain. */
  Chain: 1,
  /** Interned topic0 and the topic count: the log shape the event matches. */
  Topic0: 2,
  Topics: 3,
  /** Interned decoding shape (argument types and indexing). */
  Shape: 4,
  /** Interned positions of the token id arguments, -1 when no token id filter applies. */
  TokenArgs: 5,
  /** Bits of the listened token ids (see tokenIdBit). */
  TokenBits: 6,
  /** Interned listener. */
  Listener: 7,
} as const
export type EntryField = (typeof EntryField)[keyof typeof EntryField]

/** 8 words = 32 bytes: scanning an entry reads one cache line. */
const STRIDE = 8

/**
 * What a log is compared with, per subscription, in one Int32Array; the Subscription object itself
 * (kept alongside, by entry number) is only read for a subscription that passes, so scanning a
 * contract's subscriptions does not touch an object, its filter sets and their keys per subscription.
 */
export class SubscriptionEntries<T> {
  private words = new Int32Array(STRIDE * 64)
  private readonly values: (T | undefined)[] = []
  private free = -1

  /** A new entry holding `value`, its fields 0 and Next -1. */
  allocate(value: T): number {
    let entry = this.free
    if (entry >= 0) this.free = this.words[entry * STRIDE + EntryField.Next]!
    else {
      entry = this.values.length
      if ((entry + 1) * STRIDE > this.words.length) {
        const grown = new Int32Array(this.words.length * 2)
        grown.set(this.words)
        this.words = grown
      }
    }
    this.words.fill(0, entry * STRIDE, entry * STRIDE + STRIDE)
    this.words[entry * STRIDE + EntryField.Next] = -1
    this.values[entry] = value
    return entry
  }

  release(entry: number): void {
    this.values[entry] = undefined
    this.words[entry * STRIDE + EntryField.Next] = this.free
    this.free = entry
  }

  value(entry: number): T {
    return this.values[entry]!
  }

  field(entry: number, field: EntryField): number {
    return this.words[entry * STRIDE + field]!
  }

  setField(entry: number, field: EntryField, value: number): void {
    this.words[entry * STRIDE + field] = value
  }
}
