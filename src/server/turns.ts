/**
 * Starts calls at most `perTurn` per turn of the event loop; the rest wait, in order, for the next turns.
 *
 * Why: libuv (Node 20 and later) accepts one new connection per turn of the event loop. A turn otherwise
 * serves every request that arrived on every ready connection, so under load a turn lasts as long as
 * hundreds of requests: a busy server then accepts a few connections a second, and a burst of new
 * connections waits in the kernel's accept queue, unseen and unanswered, for tens of seconds. Bounding
 * the work of a turn bounds that wait; an idle server starts each call at once, as before.
 */
export function turnScheduler(perTurn: number): (start: () => void) => void {
  const waiting: (() => void)[] = []
  let next = 0
  let startedThisTurn = 0
  let turnScheduled = false

  const nextTurn = () => {
    turnScheduled = false
    startedThisTurn = 0
    while (next < waiting.length && startedThisTurn < perTurn) {
      const start = waiting[next]!
      waiting[next++] = undefined as never
      startedThisTurn++
      start()
    }
    if (next === waiting.length) {
      waiting.length = 0
      next = 0
    }
    if (startedThisTurn > 0) schedule()
  }
  const schedule = () => {
    if (turnScheduled) return
    turnScheduled = true
    setImmediate(nextTurn)
  }

  return (start) => {
    if (startedThisTurn < perTurn && next === waiting.length) {
      startedThisTurn++
      schedule()
      start()
      return
    }
    waiting.push(start)
    schedule()
  }
}
