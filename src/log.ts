/** Where a long-running part reports failures that belong to no request. Every part takes one. */
export type Log = (message: string, error: unknown) => void

export const consoleLog: Log = (message, error) =>
  console.error(`${message}: ${error instanceof Error ? error.message : String(error)}`)
