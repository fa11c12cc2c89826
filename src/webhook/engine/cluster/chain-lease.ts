import type { Sql } from '../../../store/sql.js'

/** How long a chain's follower keeps its lease without renewing it, by default. */
export const DEFAULT_CHAIN_LEASE_MS = 10_000

export type LeaseState = { held: true; takenFrom?: string } | { held: false; holder: string; until: number }

/**
 * One follower per chain across every engine on the database: the follower that holds the chain's lease
 * fetches and matches its blocks; the others stand by and take the lease over once it runs out (its holder
 * died or lost the database). The holder renews the lease in each block's transaction, so a block is only
 * ever committed by the engine that holds the lease at commit time. Its end is the database's clock, which
 * every engine reads alike.
 */
export class ChainLease {
  constructor(
    private readonly sql: Sql,
    private readonly chainId: number,
    private readonly engineId: string,
    private readonly now: () => number,
    private readonly leaseMs: number,
  ) {}

  /** Takes the lease if it is free or ran out, renews it if held; else says who holds it and until when. */
  async acquire(): Promise<LeaseState> {
    const { rows } = await this.sql.query<{ engine_id: string; lease_until: Date; previous: string | null }>(
      `with previous as (select engine_id, lease_until from webhook_chain_leases where chain_id = $1),
       taken as (
         insert into webhook_chain_leases (chain_id, engine_id, lease_until)
         values ($1, $2, now() + $3::double precision * interval '1 millisecond')
         on conflict (chain_id) do update set engine_id = excluded.engine_id, lease_until = excluded.lease_until
           where webhook_chain_leases.engine_id = excluded.engine_id or webhook_chain_leases.lease_until <= now()
         returning engine_id, lease_until
       )
       select engine_id, lease_until, (select engine_id from previous) as previous from taken
       union all
       select engine_id, lease_until, null from previous where not exists (select 1 from taken)`,
      [this.chainId, this.engineId, this.leaseMs],
    )
    const row = rows[0]
    // Another engine inserted the first lease of this chain meanwhile.
    if (!row) return { held: false, holder: 'another engine', until: this.now() }
    if (row.engine_id !== this.engineId) return { held: false, holder: row.engine_id, until: row.lease_until.getTime() }
    return row.previous && row.previous !== this.engineId ? { held: true, takenFrom: row.previous } : { held: true }
  }

  /** In a block's transaction: extends the lease, or throws LeaseLost if another engine holds it now. */
  async renewIn(tx: Sql): Promise<void> {
    const { rows } = await tx.query(
      `update webhook_chain_leases set lease_until = now() + $3::double precision * interval '1 millisecond'
       where chain_id = $1 and engine_id = $2 returning 1`,
      [this.chainId, this.engineId, this.leaseMs],
    )
    if (rows.length === 0) throw new LeaseLost()
  }

  /** Lets another engine take over at once (a graceful stop). */
  async release(): Promise<void> {
    await this.sql.query('delete from webhook_chain_leases where chain_id = $1 and engine_id = $2', [
      this.chainId,
      this.engineId,
    ])
  }
}

/** The lease ran out and another engine took it: this follower stands by; not an error. */
export class LeaseLost extends Error {
  override name = 'LeaseLost'
}
