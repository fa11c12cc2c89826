import { BlockNotFoundError, createPublicClient, http, type Log as RpcLog, type PublicClient } from 'viem'
import type { Hex } from '../../../values/hex.js'
import type { Log } from '../../../observability/log.js'
import type { Sql } from '../../../store/sql.js'
import { ChainLease, DEFAULT_CHAIN_LEASE_MS, LeaseLost } from '../cluster/chain-lease.js'
import type { SourceLog } from '../delivery/payload.js'
import {
  appendBlock,
  dropBlocks,
  storeBlock,
  storedBlockBefore,
  type NewBlock,
  type StoredBlock,
} from './chain-blocks.js'
import type { EventSource, LogSink } from './event-source.js'

export interface ChainFollowerConfig {
  chainId: number
  rpcUrl: string
  pollIntervalMs?: number
  /** Blocks behind the head before a block is processed (default 0). More confirmations, fewer reorgs seen. */
  confirmations?: number
  /** First block to process when no cursor is stored; default: the block after the current head. */
  fromBlock?: number
  maxBlocksPerPoll?: number
  /** How many recent block hashes are kept to find the fork point of a reorg (default 256). */
  keepBlocks?: number
  /**
   * Engines on one database following the same chain elect one follower by a lease of this length (default
   * 10 s): the others stand by and take over once it runs out.
   */
  leaseMs?: number
}

/**
 * Follows one EVM chain over JSON-RPC: block by block from a stored cursor, all logs of a block by
 * its hash. Reorg policy: when a block's parentHash is not the stored hash of the block before it,
 * the follower walks back to the fork point and forgets the dropped blocks; their logs that a receiver
 * may have applied (delivered or attempted) get a BLOCK_REMOVED (removals.ts), their other pending rows
 * are marked 'reorged' (never sent); it then follows the new chain. A log that reappears is delivered
 * again as BLOCK_ADDED if its first copy was taken back or never sent (payload.ts names its uid).
 * A failed poll is logged and retried after the poll interval; while polls keep failing the same way,
 * only the first failure is logged. Of the engines following one chain, only the holder of the chain's
 * lease (chain-lease.ts) polls; a block another follower stored first ends the poll quietly.
 */
export class ChainFollower implements EventSource {
  private readonly client: PublicClient
  private running = false
  private loop: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined
  private wakeUp: (() => void) | undefined
  private lastError: string | undefined
  private readonly lease: ChainLease
  /** Who held the lease at the last look: this engine (true) or another (its id), for the log's transitions. */
  private leaseHolder: true | string | undefined

  constructor(
    private readonly sql: Sql,
    private readonly config: ChainFollowerConfig,
    private readonly sink: LogSink,
    private readonly now: () => number,
    private readonly log: Log,
    engineId: string,
  ) {
    this.client = createPublicClient({ transport: http(config.rpcUrl, { retryCount: 0, timeout: 10_000 }) })
    this.lease = new ChainLease(sql, config.chainId, engineId, now, config.leaseMs ?? DEFAULT_CHAIN_LEASE_MS)
  }

  get chainId(): number {
    return this.config.chainId
  }

  /** The last error of a poll, if the last poll failed. */
  get error(): string | undefined {
    return this.lastError
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = (async () => {
      while (this.running) {
        const processed = await this.leadThenPoll().then(
          (count) => ((this.lastError = undefined), count),
          (error: unknown) => (this.failed(error), 0),
        )
        if (processed === 0 && this.running) await this.sleep(this.config.pollIntervalMs ?? 1_000)
      }
    })()
  }

  /** Polls if this engine holds (or takes) the chain's lease; stands by otherwise. */
  private async leadThenPoll(): Promise<number> {
    const lease = await this.lease.acquire()
    const chain = `chain ${this.config.chainId}`
    if (!lease.held) {
      if (this.leaseHolder !== lease.holder)
        this.log(
          `${chain}: standing by, engine ${lease.holder} follows it (lease until ${new Date(lease.until).toISOString()})`,
        )
      this.leaseHolder = lease.holder
      return 0
    }
    if (this.leaseHolder !== true)
      this.log(
        lease.takenFrom
          ? `${chain}: following it, taken over from engine ${lease.takenFrom} whose lease ran out`
          : `${chain}: following it (this engine holds its lease)`,
      )
    this.leaseHolder = true
    try {
      return await this.pollOnce()
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error
      this.leaseHolder = undefined
      this.log(`${chain}: lease lost to another engine (this one was too slow to renew it); standing by`)
      return 0
    }
  }

  private failed(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error)
    if (message !== this.lastError)
      this.log(`chain ${this.config.chainId}: a poll failed (reading the JSON-RPC node or writing the store)`, error)
    this.lastError = message
  }

  async stop(): Promise<void> {
    this.running = false
    this.wakeUp?.()
    await this.loop
    if (this.leaseHolder === true)
      await this.lease
        .release()
        .catch((error: unknown) => this.log(`chain ${this.chainId}: could not release its lease`, error))
  }

  /** Processes the blocks between the cursor and the head (bounded); returns how many. */
  async pollOnce(): Promise<number> {
    const head = Number(await this.client.getBlockNumber({ cacheTime: 0 })) - (this.config.confirmations ?? 0)
    let cursor = await this.cursor()
    if (!cursor) {
      if (this.config.fromBlock === undefined)
        return this.remember(await this.client.getBlock({ blockNumber: BigInt(Math.max(0, head)) })).then(() => 0)
      cursor = this.config.fromBlock > 0 ? await this.rememberNumber(this.config.fromBlock - 1) : undefined
    }
    let next = cursor ? cursor.number + 1 : 0
    let processed = 0
    const last = Math.min(head, next + (this.config.maxBlocksPerPoll ?? 50) - 1)
    for (; next <= last; next++) {
      const block = await this.client.getBlock({ blockNumber: BigInt(next) })
      if (cursor && block.parentHash.toLowerCase() !== cursor.hash) {
        await this.rewind(cursor)
        return processed + 1 // counts the rewind as work, so the loop polls again at once
      }
      const logs = await this.client.getLogs({ blockHash: block.hash! })
      const sourceLogs = toSourceLogs(logs, block.parentHash, Number(block.timestamp))
      const appended = newBlockOf(block)
      const queued = await this.sql.transaction(async (tx) => {
        await this.lease.renewIn(tx)
        return appendBlock(tx, this.sink, this.config.chainId, appended, sourceLogs, this.config.keepBlocks)
      })
      if (queued === undefined) return processed // already stored by another follower: polled again from the new cursor
      if (queued.length) this.sink.committed()
      cursor = appended
      processed++
    }
    return processed
  }

  /** Walks back from the cursor to the newest stored block that is still canonical. */
  private async rewind(from: StoredBlock): Promise<void> {
    const dropped: string[] = []
    let candidate: StoredBlock | undefined = from
    while (candidate) {
      // A block the node does not have (the new chain is shorter) is not canonical; any other failure fails the poll.
      const canonical = await this.client
        .getBlock({ blockNumber: BigInt(candidate.number) })
        .catch((error: unknown) => {
          if (error instanceof BlockNotFoundError) return undefined
          throw error
        })
      if (canonical?.hash?.toLowerCase() === candidate.hash) break
      dropped.push(candidate.hash)
      candidate = await this.storedBefore(candidate.number)
    }
    const removals = await this.sql.transaction(async (tx) => {
      await this.lease.renewIn(tx)
      return dropBlocks(tx, this.config.chainId, dropped, this.now())
    })
    if (removals.length > 0) this.sink.committed()
  }

  private async cursor(): Promise<StoredBlock | undefined> {
    return storedBlockBefore(this.sql, this.config.chainId)
  }

  private async storedBefore(number: number): Promise<StoredBlock | undefined> {
    return storedBlockBefore(this.sql, this.config.chainId, number)
  }

  private async rememberNumber(number: number): Promise<StoredBlock> {
    return this.remember(await this.client.getBlock({ blockNumber: BigInt(number) }))
  }

  private async remember(block: { number: bigint | null; hash: Hex | null; parentHash: Hex }): Promise<StoredBlock> {
    const stored = newBlockOf(block)
    await storeBlock(this.sql, this.config.chainId, stored)
    return stored
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.timer = setTimeout(resolve, ms)
      this.wakeUp = () => {
        clearTimeout(this.timer)
        resolve()
      }
    })
  }
}

/** A node's block as the chain's table keeps it: lower-case hashes. */
function newBlockOf(block: { number: bigint | null; hash: Hex | null; parentHash: Hex }): NewBlock {
  return { number: Number(block.number), hash: block.hash!.toLowerCase(), parentHash: block.parentHash.toLowerCase() }
}

/** Block logs with the payload's txnLogIndex (docs/webhooks.md): the position of each log within its transaction. */
function toSourceLogs(logs: RpcLog[], parentBlockHash: Hex, blockTimestamp: number): SourceLog[] {
  const ordered = logs.filter((log) => !log.removed).sort((a, b) => Number(a.logIndex) - Number(b.logIndex))
  const seenPerTransaction = new Map<string, number>()
  return ordered.map((log) => {
    const txnLogIndex = seenPerTransaction.get(log.transactionHash!) ?? 0
    seenPerTransaction.set(log.transactionHash!, txnLogIndex + 1)
    return {
      address: log.address,
      topics: log.topics as Hex[],
      data: log.data,
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash!,
      parentBlockHash,
      blockTimestamp,
      transactionHash: log.transactionHash!,
      transactionIndex: Number(log.transactionIndex),
      txnLogIndex,
    }
  })
}
