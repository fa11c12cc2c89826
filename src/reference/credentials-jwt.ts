import type { ProjectId } from '../values/project-id.js'
import { projectClaim } from '../server/auth.js'

/** A secret API key of `projectId`: an HS256 JWT with the project in the `project` claim. */
export async function issueSecretKey(
  secret: string,
  projectId: ProjectId,
  expiresIn: string | number = '365d',
): Promise<string> {
  const { SignJWT } = await import('jose')
  return new SignJWT({ [projectClaim]: projectId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(`project:${projectId}`)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret))
}
