/**
 * Which listeners this engine may still send to. A listener's gate closes the moment the engine learns it is
 * gone (its receiver answered 410 Gone, or it was removed or disabled), before the store says so: a row claimed
 * earlier, or by a claim that read the store before the change committed, is then recorded without being sent.
 *
 * A closed gate is forgotten once the store holds the change and a claim begun after that has ended: every later
 * claim leaves the listener's rows alone, so the gate holds only listeners leaving now, never every one seen.
 */
export class ListenerGate {
  /** Closed listeners: the number of claims begun when the store held the change, undefined while it does not. */
  private readonly closed = new Map<string, number | undefined>()
  private claimsBegun = 0

  isOpen(listenerId: string): boolean {
    return !this.closed.has(listenerId)
  }

  /** The listener is leaving; `committed` once the store holds it (a claim begun from now on will not take its rows). */
  close(listenerId: string, committed: boolean): void {
    const known = this.closed.get(listenerId)
    if (committed) this.closed.set(listenerId, known ?? this.claimsBegun)
    else if (!this.closed.has(listenerId)) this.closed.set(listenerId, undefined)
  }

  /**
   * The listener is active again: re-enabled after a change the store holds (`committed`), or a change that did not
   * commit taken back. A gate closed by a change still being written stays closed for the first.
   */
  open(listenerId: string, committed: boolean): void {
    if (!committed || this.closed.get(listenerId) !== undefined) this.closed.delete(listenerId)
  }

  /** A claim begins: returns its number, for claimEnded. */
  claimBegins(): number {
    return ++this.claimsBegun
  }

  claimEnded(claim: number): void {
    for (const [listenerId, committedAt] of this.closed)
      if (committedAt !== undefined && committedAt < claim) this.closed.delete(listenerId)
  }

  get size(): number {
    return this.closed.size
  }
}
