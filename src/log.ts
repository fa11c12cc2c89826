/**
 * Where a long-running part (host, store, webhook engine, delivery worker, chain follower) reports what
 * went wrong outside any caller's reach: an unexpected error behind a request, a lost connection, a failed
 * delivery attempt or chain poll. Every part takes one as its `log` option; consoleLog when absent.
 */
export type Log = (message: string, error: unknown) => void

/** The default: one line on standard error, the error whole (stack and cause included). */
export const consoleLog: Log = (message, error) => console.error(`[server] ${message}:`, error)
