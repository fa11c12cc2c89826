import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { webrpcErrorTable } from '../../gen/errors.gen.js'
import { CHAIN_IDS, NETWORKS, SERVICE_ROUTES } from '../../gen/networks.gen.js'
import { argumentKey, authKind, fieldFormat, loadArgumentFormats, type IRType } from '../../scripts/pipeline/ir.js'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { DEFAULT_BODY_LIMIT, DEFAULT_TIMEOUT_MS } from '../../src/server/host.js'
import { FILTER_LIMITS } from '../../src/webhook/engine/listeners/filters.js'
import { DEFAULT_RETRY_POLICY, MAX_RETRY_AFTER_MS } from '../../src/webhook/engine/delivery/retry-schedule.js'
import { MAX_URL_LENGTH } from '../../src/webhook/engine/listeners/url-policy.js'
import { committedIRs } from '../support/ir.js'
import { sections, tables, tableStartingWith, type Section } from './markdown.js'

// docs/ is written by hand; these tests hold its tables to the schemas' IR and the generated tables, so
// the reference cannot drift from what the code does.

const doc = (name: string) => readFileSync(join(repoRoot, 'docs', name), 'utf8')
const irs = [...committedIRs().values()]
const services = irs.flatMap((ir) => ir.services)
const required = (optional: boolean | undefined) => (optional ? 'no' : 'yes')

describe('docs/errors.md', () => {
  it('has the generated error table, row for row', () => {
    const documented = tableStartingWith(doc('errors.md'), 'error').map((row) => ({
      error: row.error,
      code: Number(row.code),
      msg: row.msg,
      status: Number(row['HTTP status']),
    }))
    const byCode = (a: { code: number }, b: { code: number }) => a.code - b.code
    expect(documented.sort(byCode)).toEqual(webrpcErrorTable.map((row) => ({ ...row })).sort(byCode))
  })
})

describe('docs/endpoints.md', () => {
  const endpoints = doc('endpoints.md')
  const operationSections = new Map(
    sections(endpoints)
      .filter((s) => s.level === 3)
      .map((s) => [s.heading, s]),
  )

  it('lists exactly the operations of the IR, with their routes and credentials', () => {
    const expected = services.flatMap((service) =>
      service.methods.map((method) => ({
        operation: `${service.name}.${method.name}`,
        route: `/rpc/${service.name}/${method.name}`,
        credentials: authKind(method) === 'secretKey' ? 'access key, secret key' : 'access key',
      })),
    )
    const listed = tableStartingWith(endpoints, 'operation').map((row) => ({
      ...row,
      operation: row.operation!.replace(/^\[(.+)\]\(#.+\)$/, '$1'),
    }))
    const byOperation = (a: { operation: string }, b: { operation: string }) => a.operation.localeCompare(b.operation)
    expect(listed.sort(byOperation)).toEqual(expected.sort(byOperation))
    expect([...operationSections.keys()].sort()).toEqual(expected.map((op) => op.operation).sort())
  })

  it('gives every operation its IR arguments and answer', () => {
    const formats = loadArgumentFormats()
    for (const service of services) {
      for (const method of service.methods) {
        const key = `${service.name}.${method.name}`
        const section = operationSections.get(key)
        if (!section) throw new Error(`no section ${key}`)
        expect(section.body, key).toContain(`/rpc/${service.name}/${method.name}\``)
        expect(section.body.includes('secret key'), `${key} names the secret key`).toBe(
          authKind(method) === 'secretKey',
        )
        expect(tableStartingWith(section.body, 'argument'), key).toEqual(
          method.inputs.map((input) => ({
            argument: input.name,
            type: input.type,
            required: required(input.optional),
            format: formats.get(argumentKey(service, method, input)) ?? '',
          })),
        )
        expect(tableStartingWith(section.body, 'answer'), key).toEqual(
          method.outputs.map((output) => ({
            answer: output.name,
            type: output.type,
            required: required(output.optional),
          })),
        )
      }
    }
  })
})

describe('docs/resources.md and docs/webhooks.md', () => {
  /** Sections that document a type: a field table, or an enum's values. */
  const typeSections = ['resources.md', 'webhooks.md']
    .flatMap((name) => sections(doc(name)))
    .filter(
      (s) => s.level === 3 && (tables(s.body).some((t) => t.header[0] === 'field') || /Values, in order:/.test(s.body)),
    )
  const types = new Map<string, IRType>()
  for (const type of irs.flatMap((ir) => ir.types)) {
    const seen = types.get(type.name)
    // Page, SortBy and SortOrder are defined by two schemas; the docs describe them once, so they must agree.
    if (seen) expect(type, `${type.name} is the same in every schema`).toEqual(seen)
    types.set(type.name, type)
  }

  it('document every type of the IR once, and no other', () => {
    expect(typeSections.map((s) => s.heading).sort()).toEqual([...types.keys()].sort())
  })

  it('give every type its IR fields or values', () => {
    for (const section of typeSections) {
      const type = types.get(section.heading)
      if (!type) continue
      expect(documentedType(section), type.name).toEqual(
        type.kind === 'enum'
          ? type.fields.map((value) => value.name)
          : type.fields.map((field) => ({
              field: field.name,
              type: field.type,
              required: required(field.optional),
              format: fieldFormat(field) ?? '',
            })),
      )
    }
  })
})

function documentedType(section: Section): unknown {
  const values = /Values, in order: (.+)\.$/m.exec(section.body)
  if (values) return values[1]!.split(', ').map((value) => value.replace(/`/g, ''))
  return tableStartingWith(section.body, 'field')
}

describe('docs/overview.md', () => {
  const overview = doc('overview.md')

  it('lists the networks with their chain ids', () => {
    expect(tableStartingWith(overview, 'network')).toEqual(
      NETWORKS.map((network) => ({ network, 'chain id': String(CHAIN_IDS[network]) })),
    )
  })

  it("gives the clients' default addresses", () => {
    const documented = tableStartingWith(overview, 'placeholder').map((row) => [
      row.service,
      row['default address in the clients'],
    ])
    expect(documented).toEqual(
      Object.entries(SERVICE_ROUTES).map(([service, route]) => [
        service[0]!.toUpperCase() + service.slice(1),
        route.defaultUrl,
      ]),
    )
  })
})

describe('docs/auth.md', () => {
  it('names exactly the operations that need the secret key', () => {
    const secretRow = tableStartingWith(doc('auth.md'), 'credential').find((row) => row.credential === 'secret key')
    const named = [...(secretRow?.['sent on'] ?? '').matchAll(/\w+\.\w+/g)].map((match) => match[0])
    expect(named.sort()).toEqual(
      services
        .flatMap((s) => s.methods.filter((m) => authKind(m) === 'secretKey').map((m) => `${s.name}.${m.name}`))
        .sort(),
    )
  })
})

describe('docs/limits.md', () => {
  /** A documented default as a number: "1,000", "2,048 characters", "1 MiB" in bytes, "10 s" and "24 h" in ms. */
  const amount = (text: string): number => {
    const match = /^([\d,]+)\s*(MiB|s|h)?\b/.exec(text)
    if (!match) throw new Error(`not an amount: ${text}`)
    const unit = { MiB: 1024 * 1024, s: 1000, h: 3600_000 }[match[2] as 'MiB' | 's' | 'h'] ?? 1
    return Number(match[1]!.replace(/,/g, '')) * unit
  }

  it('states the defaults the code applies', () => {
    const limits = new Map(tableStartingWith(doc('limits.md'), 'limit').map((row) => [row.limit, amount(row.default!)]))
    expect(Object.fromEntries(limits)).toMatchObject({
      'request body': DEFAULT_BODY_LIMIT,
      'time for one call': DEFAULT_TIMEOUT_MS,
      'contract addresses of one listener': FILTER_LIMITS.contractAddresses,
      'events of one listener': FILTER_LIMITS.events,
      'token ids of one listener': FILTER_LIMITS.tokenIDs,
      'accounts of one listener': FILTER_LIMITS.accounts,
      'topic hashes of one listener': FILTER_LIMITS.topicHashes,
      'listener URL length': MAX_URL_LENGTH,
      'delivery attempts of one event to one listener': DEFAULT_RETRY_POLICY.maxAttempts,
      'delay asked by Retry-After': MAX_RETRY_AFTER_MS,
    })
  })
})
