/** Small numbers, from 1 up, for values compared per log (chains, topic hashes, listener ids): 0 is never one. */
export class Interner<K> {
  private readonly numbers = new Map<K, number>()
  private next = 1

  numberOf(key: K): number {
    let number = this.numbers.get(key)
    if (number === undefined) this.numbers.set(key, (number = this.next++))
    return number
  }

  /** The key's number, 0 when it has none. */
  existing(key: K): number {
    return this.numbers.get(key) ?? 0
  }

  forget(key: K): void {
    this.numbers.delete(key)
  }
}
