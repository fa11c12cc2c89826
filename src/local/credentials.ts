import { randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import type { ProjectId } from '../project-id.js'
import { projectClaim } from '../server/auth.js'
import type { Sql } from '../store/sql.js'
import { readMeta, writeMeta } from './store/schema.js'

/** JWT_SECRET when given; otherwise a random secret made once and kept in the store, so keys survive restarts. */
export async function jwtSecret(sql: Sql, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv
  const stored = await readMeta(sql, 'jwt_secret')
  if (stored) return stored
  const made = randomBytes(32).toString('base64url')
  await writeMeta(sql, 'jwt_secret', made)
  return made
}

/** A secret API key of `projectId`: an HS256 JWT with the project in the `project` claim. */
export function issueSecretKey(
  secret: string,
  projectId: ProjectId,
  expiresIn: string | number = '365d',
): Promise<string> {
  return new SignJWT({ [projectClaim]: projectId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(`project:${projectId}`)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret))
}
