import { randomBytes } from 'node:crypto'
import type { Sql } from '../store/sql.js'
import { readMeta, writeMeta } from './store/schema.js'

export { issueSecretKey } from '../reference/credentials-jwt.js'

/** JWT_SECRET when given; otherwise a random secret made once and kept in the store, so keys survive restarts. */
export async function jwtSecret(sql: Sql, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv
  const stored = await readMeta(sql, 'jwt_secret')
  if (stored) return stored
  const made = randomBytes(32).toString('base64url')
  await writeMeta(sql, 'jwt_secret', made)
  return made
}
