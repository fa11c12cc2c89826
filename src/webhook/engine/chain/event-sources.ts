import type { Log } from '../../../observability/log.js'
import type { Sql } from '../../../store/sql.js'
import type { EventSource, EventSourceFactory, LogSink } from './event-source.js'
import { ChainFollower, type ChainFollowerConfig } from './follower.js'

export interface EventSourcesOptions {
  sql: Sql
  engineId: string
  now: () => number
  log: Log
  sink: LogSink
  chains: ChainFollowerConfig[] | undefined
  sources: EventSourceFactory[] | undefined
}

/** A follower for each configured chain and the application's own sources, started and stopped together. */
export function eventSources({ sql, engineId, now, log, sink, chains, sources }: EventSourcesOptions): EventSource {
  const all: EventSource[] = [
    ...(chains ?? []).map((config) => new ChainFollower(sql, config, sink, now, log, engineId)),
    ...(sources ?? []).map((create) => create(sql, sink, log)),
  ]
  return {
    start() {
      for (const source of all) source.start()
    },
    async stop() {
      await Promise.all(all.map((source) => source.stop()))
    },
  }
}
