import { randomBytes } from 'node:crypto'
import type { Hex } from '../../../values/hex.js'
import { invalidArgument, Problem } from '../../../values/problem.js'
import type { Sql } from '../../../store/sql.js'
import type { SourceLog } from '../delivery/payload.js'
import type { QueuedRemoval } from '../delivery/removals.js'
import { appendBlock, dropBlocks, storedBlockBefore, type StoredBlock } from './chain-blocks.js'
import type { LogSink } from './event-source.js'
import { sourceLogProblem } from './ingest.js'

const MAX_LOGS_PER_BLOCK = 1_000
const MAX_REORG_DEPTH = 64
const ZERO_HASH = `0x${'0'.repeat(64)}`

/** A log to inject: what a contract emits. The block and transaction facts are made up by the injection. */
export interface InjectedLog {
  address: string
  topics: Hex[]
  data: Hex
}

export interface InjectedBlock extends StoredBlock {
  parentHash: string
  /** Seconds since the epoch, the database's clock. */
  timestamp: number
  /** Transaction hash of each log, in order: each log is a transaction of its own. */
  transactionHashes: string[]
  /** Uids of the deliveries queued for the block's logs, every listener's. */
  uids: string[]
}

export interface InjectedReorg {
  /** The dropped blocks, newest first. */
  dropped: StoredBlock[]
  /** The BLOCK_REMOVED deliveries queued, every listener's. */
  removals: QueuedRemoval[]
}

/** The engine's two injection methods (engine-api.ts documents them as WebhookEngine's). */
export interface InjectedBlockOperations {
  injectBlock(chainId: number, logs: InjectedLog[]): Promise<InjectedBlock>
  reorgInjectedBlocks(chainId: number, depth: number): Promise<InjectedReorg>
}

/**
 * Blocks made up in process and handed to the same steps as the JSON-RPC follower's (chain-blocks.ts): what
 * `web3-market-contract trigger` fires on the local server, so a delivery or a reorg reaches a receiver with no
 * node running. A chain followed over JSON-RPC (a lease held by any engine on the database) refuses them, so a
 * follower's cursor is never mixed with made-up blocks.
 */
export function injectedBlockOperations(sql: Sql, sink: LogSink, now: () => number): InjectedBlockOperations {
  /** One injection at a time per chain (across engines on one database), and none on a followed chain. */
  async function lockChain(tx: Sql, chainId: number): Promise<void> {
    await tx.query(`select pg_advisory_xact_lock(hashtextextended('webhook injected blocks ' || $1, 0))`, [chainId])
    const { rows } = await tx.query<{ engine_id: string }>(
      'select engine_id from webhook_chain_leases where chain_id = $1 and lease_until > now()',
      [chainId],
    )
    if (rows[0])
      throw invalidArgument(
        'chainId',
        `chain ${chainId} is followed over JSON-RPC (engine ${rows[0].engine_id}); blocks are injected only into chains no engine follows`,
      )
  }

  return {
    async injectBlock(chainId, logs) {
      checkChainId(chainId)
      if (!Array.isArray(logs) || logs.length === 0 || logs.length > MAX_LOGS_PER_BLOCK)
        throw invalidArgument('logs', `1 to ${MAX_LOGS_PER_BLOCK} logs required`)
      const block = await sql.transaction(async (tx) => {
        await lockChain(tx, chainId)
        const parent = await storedBlockBefore(tx, chainId)
        const { rows } = await tx.query<{ seconds: string | number }>(
          'select floor(extract(epoch from now())) as seconds',
        )
        const made = {
          number: parent ? parent.number + 1 : 1,
          hash: randomHash(),
          parentHash: parent?.hash ?? ZERO_HASH,
          timestamp: Number(rows[0]!.seconds),
        }
        const sourceLogs = logs.map((log, position) => sourceLogOf(log, position, made))
        const uids = await appendBlock(tx, sink, chainId, made, sourceLogs)
        if (uids === undefined) throw new Error(`block ${made.number} of chain ${chainId} was stored meanwhile`)
        return { ...made, transactionHashes: sourceLogs.map((log) => log.transactionHash), uids }
      })
      if (block.uids.length) sink.committed()
      return block
    },

    async reorgInjectedBlocks(chainId, depth) {
      checkChainId(chainId)
      if (!Number.isSafeInteger(depth) || depth < 1 || depth > MAX_REORG_DEPTH)
        throw invalidArgument('depth', `not an integer from 1 to ${MAX_REORG_DEPTH}`)
      const reorg = await sql.transaction(async (tx) => {
        await lockChain(tx, chainId)
        const { rows } = await tx.query<{ number: string | number; hash: string }>(
          'select number, hash from webhook_chain_blocks where chain_id = $1 order by number desc limit $2',
          [chainId, depth],
        )
        if (rows.length < depth)
          throw invalidArgument('depth', `chain ${chainId} has ${rows.length} blocks, fewer than ${depth}`)
        const dropped = rows.map((row) => ({ number: Number(row.number), hash: row.hash }))
        const removals = await dropBlocks(
          tx,
          chainId,
          dropped.map((block) => block.hash),
          now(),
        )
        return { dropped, removals }
      })
      if (reorg.removals.length) sink.committed()
      return reorg
    },
  }
}

function checkChainId(chainId: number): void {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidArgument('chainId', 'not a positive integer')
}

/** The log as the follower hands it in, each in a transaction of its own; a malformed one is InvalidArgument. */
function sourceLogOf(
  log: InjectedLog,
  position: number,
  block: { number: number; hash: string; parentHash: string; timestamp: number },
): SourceLog {
  const source = {
    address: log?.address,
    topics: log?.topics,
    data: log?.data,
    blockNumber: block.number,
    blockHash: block.hash as Hex,
    parentBlockHash: block.parentHash as Hex,
    blockTimestamp: block.timestamp,
    transactionHash: randomHash(),
    transactionIndex: position,
    txnLogIndex: 0,
  } as SourceLog
  const problem = sourceLogProblem(source)
  if (problem) throw new Problem('invalid-argument', `logs[${position}]: ${problem.replace(/^log\./, '')}`)
  return source
}

const randomHash = (): Hex => `0x${randomBytes(32).toString('hex')}`
