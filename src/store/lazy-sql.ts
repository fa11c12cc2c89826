import type { Sql } from './sql.js'

/** A store opened on its first use, for a server that may never need one; close() closes it only if it was opened. */
export interface LazySql extends Sql {
  readonly opened: boolean
}

export function lazySql(open: () => Promise<Sql>): LazySql {
  let opening: Promise<Sql> | undefined
  const store = () => (opening ??= open())
  return {
    get opened() {
      return opening !== undefined
    },
    query: async (text, params) => (await store()).query(text, params),
    transaction: async (fn) => (await store()).transaction(fn),
    listen: async (channels, handlers) => {
      const opened = await store()
      if (!opened.listen) throw new Error('this store has no notifications')
      return opened.listen(channels, handlers)
    },
    close: async () => {
      if (opening) await (await opening).close()
    },
  }
}
