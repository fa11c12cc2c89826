import { canonicalAddress } from '../../values/address.js'
import { uint256OfDecimal } from '../../values/decimal.js'
import { Problem } from '../../values/problem.js'
import type { ProjectId } from '../../values/project-id.js'
import { UnauthorizedError } from '../../../gen/errors.gen.js'
import type { CallContext } from '../../server/host.js'

const quoted = (value: string) => JSON.stringify(value.slice(0, 80))

/** The canonical (lower-case) address, or an invalid-argument Problem naming the field. */
export function address(value: string, field: string): `0x${string}` {
  try {
    return canonicalAddress(value, field)
  } catch (error) {
    if (error instanceof Problem) throw new Problem('invalid-argument', `${field} is not an address: ${quoted(value)}`)
    throw error
  }
}

/** A uint256 written in decimal, or an invalid-argument Problem naming the field. */
export function decimal(value: string, field: string): bigint {
  try {
    return uint256OfDecimal(value, field)
  } catch (error) {
    if (error instanceof Problem)
      throw new Problem(
        'invalid-argument',
        `${field} is ${error.reason === 'not a decimal string' ? 'not a decimal number' : error.reason}: ${quoted(value)}`,
      )
    throw error
  }
}

/** An id that fits the store (a safe integer), or an invalid-argument Problem naming the field. */
export function id(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Problem('invalid-argument', `${field} must be a non-negative integer below 2^53, got ${value}`)
  return value
}

/** The caller's project id (the host authenticated it before the handler runs). */
export function callerProject(context: CallContext): ProjectId {
  if (!context.caller) throw new UnauthorizedError({ cause: 'this method needs an access key' })
  return context.caller.projectId
}

/** A project id argument must be the caller's own project. */
export function ownProject(context: CallContext, projectId: ProjectId, field = 'projectId'): ProjectId {
  const own = callerProject(context)
  if (projectId !== own)
    throw new Problem('permission-denied', `${field} ${projectId} is not the project of this access key`)
  return own
}
