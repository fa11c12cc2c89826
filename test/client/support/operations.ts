import { committedIRs } from '../../support/ir.js'

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
  return [...committedIRs().values()]
    .flatMap((ir) => ir.services)
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
