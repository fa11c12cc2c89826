import { invalidArgument } from './problem.js'

/**
 * A project's id. The API contract types it as a number (Builder's and Relayer's `projectId: uint64`, the secret
 * key's `project` claim) except in the Indexer's messages, which carry the same number as text
 * (RemoveWebhookListener's `projectId: string`, so WebhookListener's too); the stores keep it as bigint.
 * Held as a non-negative safe integer, like the stores' other ids.
 */
export type ProjectId = number

/** The canonical text of a project id: no sign, no leading zero, at most 16 digits (2^53 has 16). */
const projectIdText = /^(?:0|[1-9][0-9]{0,15})$/

/**
 * The project id that a JWT claim (number or text) or a database row (pg reads bigint as text) carries.
 * Throws an invalid-argument Problem naming `where` for anything else.
 */
export function parseProjectId(value: unknown, where: string): ProjectId {
  const id = typeof value === 'string' && projectIdText.test(value) ? Number(value) : value
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) throw invalidArgument(where, 'not a project id')
  return id
}

/** A project id as the Indexer's messages carry it. */
export function projectIdOnIndexerWire(id: ProjectId): string {
  return String(id)
}
