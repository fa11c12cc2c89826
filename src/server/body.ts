import { WebrpcBadRequestError } from '../../gen/errors.gen.js'
import { bodyNotUtf8, bodyTooLarge, type BodyProblem, type HostRequest } from './wire.js'

function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === 'application/json') return true
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return mediaType === 'application/json'
}

/**
 * The request body as a JSON object, or WebrpcBadRequest with the reason in `cause`; at once (no promise)
 * when the body has arrived already.
 */
export function readJsonObject(
  request: HostRequest,
  limit: number,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  const contentType = request.header('content-type')
  if (!isJsonContentType(contentType)) {
    throw new WebrpcBadRequestError({
      cause: `unsupported Content-Type ${JSON.stringify((contentType ?? '').slice(0, 100))}, expected application/json`,
    })
  }
  const declared = Number(request.header('content-length'))
  if (declared > limit)
    throw new WebrpcBadRequestError({ cause: `body of ${declared} bytes exceeds the limit of ${limit} bytes` })
  const text = request.readText(limit)
  return text instanceof Promise
    ? text.then((arrived) => parseJsonObject(arrived, limit))
    : parseJsonObject(text, limit)
}

function parseJsonObject(text: string | BodyProblem, limit: number): Record<string, unknown> {
  if (text === bodyTooLarge) throw new WebrpcBadRequestError({ cause: `body exceeds the limit of ${limit} bytes` })
  if (text === bodyNotUtf8) throw new WebrpcBadRequestError({ cause: 'body is not valid UTF-8' })
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new WebrpcBadRequestError({ cause: `body is not JSON: ${(error as Error).message.slice(0, 200)}` })
  }
  // webrpc's Go client sends `null` for a method without arguments: no arguments, as its own server reads it.
  if (value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new WebrpcBadRequestError({ cause: 'body must be a JSON object' })
  }
  return value as Record<string, unknown>
}
