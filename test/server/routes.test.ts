import { expect, it } from 'vitest'
import { WebrpcBadRouteError } from '../../gen/errors.gen.js'
import { routeResolver, type RoutableService } from '../../src/server/routes.js'

const services = new Map<string, RoutableService>([
  ['Metadata', { name: 'Metadata', methods: ['Get'], network: { kind: 'none' } }],
  ['Marketplace', { name: 'Marketplace', methods: ['Get'], network: { kind: 'path' } }],
  ['Relayer', { name: 'Relayer', methods: ['Send'], network: { kind: 'host', label: 'relayer' } }],
])
const networks = new Set(['polygon', 'mainnet'])

it('a route found by the Host header follows each request’s Host, not the first one resolved', () => {
  const resolve = routeResolver(services, networks)
  expect(resolve('/rpc/Relayer/Send', 'polygon-relayer.example.com').network).toBe('polygon')
  expect(resolve('/rpc/Relayer/Send', 'mainnet-relayer.example.com').network).toBe('mainnet')
  expect(() => resolve('/rpc/Relayer/Send', 'example.com')).toThrow(WebrpcBadRouteError)
  expect(resolve('/mainnet-relayer/rpc/Relayer/Send', 'polygon-relayer.example.com').network).toBe('mainnet')
})

it('routes by the path without its query, the same route again, and refuses what it refused before', () => {
  const resolve = routeResolver(services, networks)
  const first = resolve('/polygon/rpc/Marketplace/Get?x=1', undefined)
  expect(first).toMatchObject({ method: 'Get', network: 'polygon' })
  expect(resolve('/polygon/rpc/Marketplace/Get', undefined)).toBe(first)
  expect(resolve('/rpc/Metadata/Get', 'polygon-relayer.example.com').network).toBeUndefined()
  for (let i = 0; i < 2; i++) expect(() => resolve('/base/rpc/Marketplace/Get', undefined)).toThrow(WebrpcBadRouteError)
})
