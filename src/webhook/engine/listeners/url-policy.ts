import { invalidArgument } from '../../../values/problem.js'

export const MAX_URL_LENGTH = 2048

/**
 * Checks a listener URL wherever listeners are registered, browsers included (no Node built-in): a string of
 * at most MAX_URL_LENGTH characters, an absolute http or https URL without credentials or fragment. Returns it
 * parsed; throws an invalid-argument Problem saying what is wrong. The engine adds its address guard
 * (address-guard.ts).
 */
export function checkListenerUrl(raw: unknown): URL {
  if (typeof raw !== 'string' || raw.length === 0) throw invalidArgument('url', 'required')
  if (raw.length > MAX_URL_LENGTH) throw invalidArgument('url', `longer than ${MAX_URL_LENGTH} characters`)
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw invalidArgument('url', 'not an absolute URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidArgument('url', `scheme ${url.protocol.slice(0, -1)} not allowed; use http or https`)
  if (url.username || url.password) throw invalidArgument('url', 'credentials in the URL are not allowed')
  if (url.hash) throw invalidArgument('url', 'a fragment is not allowed')
  return url
}
