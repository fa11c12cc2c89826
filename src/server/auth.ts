import { PermissionDeniedError, SessionExpiredError, UnauthorizedError } from '../../gen/errors.gen.js'
import { Problem } from '../values/problem.js'
import { parseProjectId, type ProjectId } from '../values/project-id.js'
import { expired, nowSeconds, VerifiedTokens } from './verified-tokens.js'

/** Which credentials a method needs (docs/auth.md): every call an access key; the webhook calls a secret key too. */
export type AuthRequirement = 'none' | 'accessKey' | 'secretKey'

/** Who is calling: the project the access key belongs to. */
export interface Caller {
  projectId: ProjectId
  accessKey: string
}

export interface AuthVerifiers {
  /** The project of a public access key, or undefined when the key is unknown. */
  accessKey(key: string): Promise<ProjectId | undefined> | ProjectId | undefined
  /** The project a secret key (JWT) was issued for; throws Unauthorized or SessionExpired. */
  secretKey(token: string): Promise<ProjectId>
}

/** The JWT claim that names the project of a secret API key. */
export const projectClaim = 'project'

/**
 * Verifies HS256 secret keys signed with `secret`, carrying the project id in the `project` claim. A key
 * verified once is remembered until its `exp` (see VerifiedTokens).
 */
export function jwtSecretKeyVerifier(secret: string | Uint8Array): AuthVerifiers['secretKey'] {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret
  const verified = new VerifiedTokens<ProjectId>()
  return async (token) => {
    const known = verified.get(token, nowSeconds())
    if (known === expired) throw new SessionExpiredError({ cause: 'secret key has expired' })
    if (known !== undefined) return known
    // jose loads with the first secret key checked: most calls need only the access key.
    const { errors: joseErrors, jwtVerify } = await import('jose')
    let payload: Record<string, unknown>
    try {
      payload = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new SessionExpiredError({ cause: 'secret key has expired' })
      throw new UnauthorizedError({ cause: 'invalid secret key' })
    }
    let projectId: ProjectId
    try {
      projectId = parseProjectId(payload[projectClaim], `secret key's "${projectClaim}" claim`)
    } catch (error) {
      if (error instanceof Problem) throw new UnauthorizedError({ cause: error.message })
      throw error
    }
    // jose has checked that `exp`, when present, is a number.
    verified.remember(token, projectId, payload.exp as number | undefined)
    return projectId
  }
}

function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  return match?.[1]
}

/** Checks the headers of one call against its requirement; resolves to the caller, or rejects with a docs/auth.md error. */
export async function authenticate(
  requirement: AuthRequirement,
  request: { header(name: string): string | undefined },
  verifiers: AuthVerifiers | undefined,
): Promise<Caller | undefined> {
  return callerOf(requirement, request, verifiers)
}

/**
 * authenticate for the host's calls: the caller at once (no promise) when the access key verifier answers
 * with a plain value and no secret key is needed, as for most calls; throws a docs/auth.md error.
 */
export function callerOf(
  requirement: AuthRequirement,
  request: { header(name: string): string | undefined },
  verifiers: AuthVerifiers | undefined,
): Caller | undefined | Promise<Caller | undefined> {
  if (requirement === 'none') return undefined
  if (!verifiers) throw new UnauthorizedError({ cause: 'no credentials are accepted by this server' })
  const accessKey = request.header('x-access-key')?.trim()
  if (!accessKey) throw new UnauthorizedError({ cause: 'missing X-Access-Key header' })
  const projectId = verifiers.accessKey(accessKey)
  const callerWith = (found: ProjectId | undefined) => {
    if (found === undefined) throw new UnauthorizedError({ cause: 'invalid access key' })
    const caller: Caller = { projectId: found, accessKey }
    return requirement === 'secretKey' ? withSecretKey(caller, request, verifiers) : caller
  }
  // A verifier may answer with any thenable: only a plain value is taken at once.
  return typeof projectId === 'object' ? Promise.resolve(projectId).then(callerWith) : callerWith(projectId)
}

async function withSecretKey(
  caller: Caller,
  request: { header(name: string): string | undefined },
  verifiers: AuthVerifiers,
): Promise<Caller> {
  const token = bearerToken(request.header('authorization'))
  if (!token) throw new UnauthorizedError({ cause: 'missing Authorization: BEARER <secret key> header' })
  const secretProject = await verifiers.secretKey(token)
  if (secretProject !== caller.projectId) {
    throw new PermissionDeniedError({ cause: 'secret key belongs to another project than the access key' })
  }
  return caller
}
