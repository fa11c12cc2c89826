import type { Sql } from '../../../store/sql.js'
import { markBlocksReorged } from '../delivery/outbox.js'
import { queueRemovals, type QueuedRemoval } from '../delivery/removals.js'
import type { SourceLog } from '../delivery/payload.js'
import type { LogSink } from './event-source.js'

/**
 * The two steps every chain source takes, each in the caller's transaction: a block appended with its logs,
 * and blocks dropped by a reorg. The JSON-RPC follower (follower.ts) and the injected blocks of local mode
 * (injected-blocks.ts) both go through them, so matching, the outbox and BLOCK_REMOVED work one way.
 */
export interface StoredBlock {
  number: number
  hash: string
}

export interface NewBlock extends StoredBlock {
  parentHash: string
}

/** How many recent block hashes a chain keeps by default, to find the fork point of a reorg. */
export const DEFAULT_KEEP_BLOCKS = 256

/**
 * Stores the block, forgets blocks older than the newest `keepBlocks`, and queues the block's logs' deliveries;
 * undefined when another source stored a block of that number first (a follower that lost the race after a
 * lease was taken over), and nothing was queued.
 */
export async function appendBlock(
  tx: Sql,
  sink: LogSink,
  chainId: number,
  block: NewBlock,
  logs: SourceLog[],
  keepBlocks = DEFAULT_KEEP_BLOCKS,
): Promise<string[] | undefined> {
  if (!(await storeBlock(tx, chainId, block))) return undefined
  const uids = await sink.enqueue(tx, chainId, logs)
  await tx.query('delete from webhook_chain_blocks where chain_id = $1 and number < $2', [
    chainId,
    block.number - keepBlocks,
  ])
  return uids
}

/** Stores the block (hash and parent) of the chain; false when a block of that number is stored already. */
export async function storeBlock(sql: Sql, chainId: number, block: NewBlock): Promise<boolean> {
  const { rows } = await sql.query(
    `insert into webhook_chain_blocks (chain_id, number, hash, parent_hash) values ($1, $2, $3, $4)
     on conflict do nothing returning number`,
    [chainId, block.number, block.hash, block.parentHash],
  )
  return rows.length > 0
}

/**
 * Forgets dropped blocks: their logs' pending deliveries are withheld ('reorged'), and those a receiver may have
 * applied get a BLOCK_REMOVED (removals.ts), which it returns.
 */
export async function dropBlocks(
  tx: Sql,
  chainId: number,
  blockHashes: string[],
  now: number,
): Promise<QueuedRemoval[]> {
  await tx.query('delete from webhook_chain_blocks where chain_id = $1 and hash = any($2)', [chainId, blockHashes])
  await markBlocksReorged(tx, chainId, blockHashes, now)
  return queueRemovals(tx, chainId, blockHashes)
}

/** The newest stored block of the chain below `number`; the chain's cursor without it. */
export async function storedBlockBefore(
  sql: Sql,
  chainId: number,
  number = Number.MAX_SAFE_INTEGER,
): Promise<StoredBlock | undefined> {
  const { rows } = await sql.query<{ number: string | number; hash: string }>(
    'select number, hash from webhook_chain_blocks where chain_id = $1 and number < $2 order by number desc limit 1',
    [chainId, number],
  )
  return rows[0] && { number: Number(rows[0].number), hash: rows[0].hash }
}
