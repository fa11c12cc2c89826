import { BlockList, isIP } from 'node:net'
import { invalidArgument } from '../../../values/problem.js'

export const MAX_URL_LENGTH = 2048

/** Ranges a public deployment must never be aimed at: loopback, private, link-local, CGNAT, multicast, reserved. */
const NON_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b:1::', 48],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6')

const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/i

export interface UrlPolicy {
  /** Local mode: loopback and private receivers are allowed (demos, tests, a single machine). */
  allowPrivateTargets: boolean
}

/** Checks a listener URL and returns it normalised; throws an invalid-argument Problem saying what is wrong. */
export function checkListenerUrl(raw: unknown, policy: UrlPolicy): string {
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
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!policy.allowPrivateTargets) {
    if (isIP(host) && isNonPublicAddress(host))
      throw invalidArgument('url', `${host} is a private, loopback or link-local address`)
    if (!isIP(host) && (LOCAL_NAME.test(host) || !host.includes('.')))
      throw invalidArgument('url', `${host} is a local host name`)
  }
  return url.href
}

/** True for addresses outside the public internet (IPv4-mapped and NAT64 IPv6 forms included). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return NON_PUBLIC.check(address, 'ipv4')
  if (family !== 6) return true
  const embedded = embeddedIpv4(address)
  if (embedded) return NON_PUBLIC.check(embedded, 'ipv4')
  return NON_PUBLIC.check(address, 'ipv6')
}

/** The IPv4 address inside ::ffff:a.b.c.d, ::ffff:xxxx:xxxx or 64:ff9b::xxxx:xxxx, if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase()
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (dotted) return dotted[1]
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (!hex) return undefined
  const high = parseInt(hex[1]!, 16)
  const low = parseInt(hex[2]!, 16)
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}
