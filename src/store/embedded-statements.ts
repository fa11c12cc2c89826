import type { PGlite } from '@electric-sql/pglite'
import { concatBytes } from '../values/concat-bytes.js'

type PGliteModule = typeof import('@electric-sql/pglite')

/**
 * Named prepared statements on the embedded store, as pg gives them on a server (sql.ts, statementName). PGlite's
 * own `query` parses, describes and plans a statement on every call, which was most of a short statement's time (the
 * queueing of one log: 2.0 ms a call, 0.6 ms prepared); here a statement is parsed and described once per store, then
 * only bound and executed, its plan cached by PostgreSQL as on a server. The messages go through PGlite's
 * `execProtocol`, which keeps its error handling and its notification listeners, inside PGlite's own locks, so a
 * statement never runs inside another caller's transaction.
 */
export class EmbeddedStatements {
  /** The parameter types of each statement prepared on this store, by its text. */
  readonly #prepared = new Map<string, number[]>()

  constructor(
    private readonly db: PGlite,
    private readonly pglite: Pick<PGliteModule, 'protocol' | 'parse'>,
    private readonly nameOf: (text: string) => string,
  ) {}

  /** Runs `text` with `params`, alone (a transaction of its own) or inside the transaction that holds the store. */
  query<Row>(text: string, params: readonly unknown[], inTransaction: boolean): Promise<Row[]> {
    const run = () => this.#run<Row>(text, params, inTransaction)
    // As PGlite's query and a transaction's query take them: the transaction lock outside a transaction, and the
    // query lock always.
    return inTransaction
      ? this.db._runExclusiveQuery(run)
      : this.db._runExclusiveTransaction(() => this.db._runExclusiveQuery(run))
  }

  async #run<Row>(text: string, params: readonly unknown[], inTransaction: boolean): Promise<Row[]> {
    const { serialize } = this.pglite.protocol
    const name = this.nameOf(text)
    let types = this.#prepared.get(text)
    if (types === undefined) {
      const { messages } = await this.db.execProtocol(
        concatBytes([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      )
      types = this.pglite.parse.parseDescribeStatementResults(messages)
      this.#prepared.set(text, types)
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null
      const serializer = this.db.serializers[types[i]!]
      return serializer ? serializer(value) : String(value)
    })
    const { messages } = await this.db.execProtocol(
      concatBytes([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    )
    return (this.pglite.parse.parseResults(messages, this.db.parsers)[0]?.rows ?? []) as Row[]
  }
}
