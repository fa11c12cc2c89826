import type { Sql } from '../../../src/store/sql.js'

/** The store as the engine sees it, each outcome write (a transaction that records attempts) timed for `onWrite`. */
export function timingOutcomes(sql: Sql, onWrite: (ms: number) => void): Sql {
  return {
    ...sql,
    transaction: async <T>(fn: (tx: Sql) => Promise<T>) => {
      const started = performance.now()
      let outcome = false
      const result = await sql.transaction((tx) =>
        fn({
          ...tx,
          query: <Row>(text: string, params?: unknown[]) => {
            if (text.includes('insert into webhook_attempts')) outcome = true
            return tx.query<Row>(text, params)
          },
        }),
      )
      if (outcome) onWrite(performance.now() - started)
      return result
    },
  }
}
