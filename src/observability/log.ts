/**
 * Where a long-running part (host, store, webhook engine, delivery worker, chain follower) reports what
 * went wrong outside any caller's reach: an unexpected error behind a request, a lost connection, a failed
 * delivery attempt or chain poll. Every part takes one as its `log` option; consoleLog when absent.
 */
export type Log = (message: string, error?: unknown) => void

/**
 * The default: one line on standard error, the error whole (stack and cause included). Without an error, a
 * change an operator should see (a chain follower taking over, standing by).
 */
export const consoleLog: Log = (message, error) =>
  error === undefined ? console.error(`[server] ${message}`) : console.error(`[server] ${message}:`, error)
