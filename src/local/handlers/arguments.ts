import { getAddress, isAddress } from 'viem'
import { InvalidArgumentError, PermissionDeniedError } from '../../../gen/errors.gen.js'
import type { Page } from '../../../gen/marketplace.gen.js'
import type { CallContext } from '../../server/host.js'

/** EIP-55: one-case hex carries no checksum; mixed case must be the checksum. */
function isWellCasedAddress(value: string): boolean {
  if (!isAddress(value, { strict: false })) return false
  const hex = value.slice(2)
  return hex === hex.toLowerCase() || hex === hex.toUpperCase() || getAddress(value) === value
}

/** A lower-case 0x address, or InvalidArgument naming the field. */
export function address(value: string, field: string): `0x${string}` {
  if (!isWellCasedAddress(value))
    throw new InvalidArgumentError({ cause: `${field} is not an address: ${JSON.stringify(value.slice(0, 80))}` })
  return value.toLowerCase() as `0x${string}`
}

/** A non-negative integer written in decimal, or InvalidArgument naming the field. */
export function decimal(value: string, field: string): bigint {
  if (!/^(0|[1-9][0-9]{0,77})$/.test(value))
    throw new InvalidArgumentError({ cause: `${field} is not a decimal number: ${JSON.stringify(value.slice(0, 80))}` })
  return BigInt(value)
}

/** An id that fits the store (a safe integer), or InvalidArgument naming the field. */
export function id(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new InvalidArgumentError({ cause: `${field} must be a non-negative integer below 2^53, got ${value}` })
  return value
}

export const maxPageSize = 100
export const defaultPageSize = 10

export interface PageWindow {
  page: number
  pageSize: number
  offset: number
}

/** Pages count from 1; pageSize is 1..100 (10 when absent). */
export function pageWindow(page: Page | undefined): PageWindow {
  const number = page?.page ?? 1
  const size = page?.pageSize ?? defaultPageSize
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError({ cause: `page.page must be an integer from 1, got ${number}` })
  if (!Number.isInteger(size) || size < 1 || size > maxPageSize) {
    throw new InvalidArgumentError({ cause: `page.pageSize must be an integer from 1 to ${maxPageSize}, got ${size}` })
  }
  return { page: number, pageSize: size, offset: (number - 1) * size }
}

/** The caller's project id (the host authenticated it before the handler runs). */
export function callerProject(context: CallContext): number {
  return Number(context.caller?.projectId)
}

/** A project id argument must be the caller's own project. */
export function ownProject(context: CallContext, projectId: number | string, field = 'projectId'): number {
  const own = callerProject(context)
  if (String(projectId) !== String(own)) {
    throw new PermissionDeniedError({
      cause: `${field} ${String(projectId).slice(0, 40)} is not the project of this access key`,
    })
  }
  return own
}
