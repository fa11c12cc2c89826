import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WebrpcIR } from '../../../scripts/ir.js'
import { genDir } from '../../../scripts/paths.js'

export interface Operation {
  /** Key in createClients' result and in `urls`: marketplace, metadata, ... */
  client: 'marketplace' | 'metadata' | 'builder' | 'relayer' | 'indexer'
  service: string
  method: string
  clientMethod: string
}

const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1)

/** Every operation of the five services, read from the IR in gen/ (what the clients were generated from). */
export function operations(): Operation[] {
  return readdirSync(genDir)
    .filter((file) => file.endsWith('.webrpc.json'))
    .sort()
    .flatMap((file) => (JSON.parse(readFileSync(join(genDir, file), 'utf8')) as WebrpcIR).services)
    .flatMap((service) =>
      service.methods.map((m) => ({
        client: lowerFirst(service.name) as Operation['client'],
        service: service.name,
        method: m.name,
        clientMethod: lowerFirst(m.name),
      })),
    )
}

type ClientMethod = (args: object, headers?: object, signal?: AbortSignal) => Promise<unknown>

/** Calls `operation` on the matching client of `clients` with empty arguments (the recording server does not validate). */
export function callOperation(
  clients: object,
  operation: Operation,
  headers?: object,
  signal?: AbortSignal,
): Promise<unknown> {
  const client = (clients as Record<string, Record<string, ClientMethod>>)[operation.client]!
  return client[operation.clientMethod]!({}, headers, signal)
}
