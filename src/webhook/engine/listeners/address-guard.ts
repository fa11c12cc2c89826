import { BlockList, isIP } from 'node:net'
import { invalidArgument } from '../../../values/problem.js'

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

/**
 * The engine's guard on a listener URL that checkListenerUrl accepted, unless private targets are allowed: a
 * public deployment cannot be aimed at its own network by address or by a local host name. The sender checks
 * the addresses a name resolves to as well (http-sender.ts).
 */
export function guardPublicTarget(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && isNonPublicAddress(host))
    throw invalidArgument('url', `${host} is a private, loopback or link-local address`)
  if (!isIP(host) && (LOCAL_NAME.test(host) || !host.includes('.')))
    throw invalidArgument('url', `${host} is a local host name`)
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
