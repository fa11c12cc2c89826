import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { recordedAnswers, webhookPayloadExample } from '../../scripts/commands/record-examples.js'
import {
  responseExamples,
  webhookPayloadExample as recordedWebhookPayload,
} from '../../scripts/emit/openapi/response-examples.js'
import { requestExamples } from '../../src/reference/data/request-examples.js'
import { runConformance, type ConformReport } from '../../src/conform/run.js'
import { targetAt } from '../../src/conform/target.js'
import { startValidatingProxy, violationsHeader } from '../../src/proxy/proxy.js'
import type { ServiceName } from '../../gen/networks.gen.js'
import { jsonPost, rawCall, startTestServer, type TestServer } from '../local/support.js'
import { startBrokenImplementation, type Breakage } from './broken-implementation.js'

/**
 * The conformance kit (`web3-market-contract conform`) and the validating proxy (`… proxy`), as another
 * team runs them: against the local server, which must pass, and against deliberately broken
 * implementations (the local server behind one rewrite each), which must each fail the named check.
 */
let server: TestServer
const work = mkdtempSync(join(tmpdir(), 'conform-'))
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
  rmSync(work, { recursive: true, force: true })
})

const failuresOf = (report: ConformReport) =>
  report.results.filter((r) => r.outcome === 'failed').map((r) => `${r.operation} ${r.id}: ${r.message}`)

it('`conform` passes every check of all five services against the local server, and writes JUnit XML and JSON', async () => {
  const junit = join(work, 'conform.xml')
  const json = join(work, 'conform.json')
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      join(repoRoot, 'src', 'cli', 'bin.ts'),
      'conform',
      '--url',
      server.url,
      '--access-key',
      server.accessKey,
      '--secret-key',
      server.secretKey,
      '--junit',
      junit,
      '--json',
      json,
    ],
    { cwd: repoRoot },
  ).catch((failure: { stdout?: string; stderr?: string; code?: number }) => {
    // A failed check exits 1 after writing the reports: the failures below name it; other exits say why here.
    if (failure.code !== 1) throw failure
    return { stdout: failure.stdout ?? '' }
  })
  const report = JSON.parse(readFileSync(json, 'utf8')) as ConformReport
  expect(failuresOf(report)).toEqual([])
  expect(report.skipped).toBe(0)
  expect(new Set(report.results.map((r) => r.service))).toEqual(
    new Set(['marketplace', 'metadata', 'builder', 'relayer', 'indexer']),
  )
  expect(new Set(report.results.map((r) => r.id))).toEqual(
    new Set([
      'route.valid-request',
      'route.unknown-network',
      'route.unknown-method',
      'method.get',
      'method.put',
      'content-type.text-plain',
      'request.malformed-json',
      'request.not-an-object',
      'request.unknown-field',
      'request.oversized',
      'auth.no-access-key',
      'auth.wrong-access-key',
      'auth.bearer-not-needed',
      'auth.no-bearer',
      'auth.malformed-bearer',
      'auth.basic-scheme',
      'auth.other-project',
      'network.honoured',
      'property.valid-requests',
      'property.invalid-requests',
      'webhook.registration',
    ]),
  )
  expect(stdout).toMatch(/^conforms: \d+ passed, 0 failed, 0 skipped/m)
  const xml = readFileSync(junit, 'utf8')
  expect(xml).toContain(`<testsuites name="web3-market-contract conform" tests="${report.results.length}" failures="0"`)
  expect(server.unexpected).toEqual([])
}, 120_000)

const withJson = (headers: Record<string, string>, answer: { status: number; json: any }) => ({
  ...answer,
  headers: { ...headers, 'content-type': 'application/json' },
})

/** Each broken implementation, the service the kit checks on it, and the checks that must fail, with a word of their message. */
const broken: { name: string; service: ServiceName; breakage: Breakage; fails: [string, string, RegExp][] }[] = [
  {
    name: 'a dropped required field (GetCountOfAllCollectibles answers without count)',
    service: 'marketplace',
    breakage: {
      answer: (path, a) => (path.endsWith('/GetCountOfAllCollectibles') && a.status === 200 ? { ...a, json: {} } : a),
    },
    fails: [['Marketplace.GetCountOfAllCollectibles', 'route.valid-request', /count/]],
  },
  {
    name: 'a wrong HTTP status (Unauthorized as 403)',
    service: 'metadata',
    breakage: { answer: (_, a) => (a.json?.error === 'Unauthorized' ? { ...a, status: 403 } : a) },
    fails: [['Metadata.TokenCollectionFilters', 'auth.no-access-key', /Unauthorized answered with HTTP 403/]],
  },
  {
    name: 'a wrong error code (WebrpcBadRoute as -3)',
    service: 'builder',
    breakage: { answer: (_, a) => (a.json?.error === 'WebrpcBadRoute' ? { ...a, json: { ...a.json, code: -3 } } : a) },
    fails: [['Builder.ConformNoSuchMethod', 'route.unknown-method', /code -3, expected -2/]],
  },
  {
    name: 'a missing auth check (calls without X-Access-Key are served)',
    service: 'relayer',
    breakage: {
      request: (path, headers) => ({ path, headers: { 'x-access-key': server.accessKey, ...headers } }),
    },
    fails: [['Relayer.ListGasSponsors', 'auth.no-access-key', /HTTP 200, expected Unauthorized/]],
  },
  {
    name: 'a wrong content type (answers as text/plain)',
    service: 'metadata',
    breakage: {
      answer: (_, a) => ({ ...a, headers: { ...a.headers, 'content-type': 'text/plain; charset=utf-8' } }),
    },
    fails: [['Metadata.TokenCollectionFilters', 'route.valid-request', /Content-Type "text\/plain/]],
  },
  {
    name: 'an ignored network (every network is served as polygon)',
    service: 'relayer',
    breakage: {
      request: (path, headers) => ({ path: path.replace(/^\/[a-z0-9-]+-relayer\//, '/polygon-relayer/'), headers }),
    },
    fails: [
      ['Relayer.ListGasSponsors', 'route.unknown-network', /HTTP 200, expected WebrpcBadRoute/],
      ['Relayer.ListGasSponsors', 'network.honoured', /chain id of mainnet is 1\b/],
    ],
  },
  {
    name: 'an answer outside an enum (an order status the contract has not)',
    service: 'marketplace',
    breakage: {
      answer: (path, a) =>
        path.endsWith('/GetOrders') && a.status === 200
          ? withJson(a.headers, {
              ...a,
              json: { ...a.json, orders: a.json.orders.map((o: object) => ({ ...o, status: 'bogus' })) },
            })
          : a,
    },
    fails: [['Marketplace.GetOrders', 'route.valid-request', /status: must be equal to one of the allowed values/]],
  },
]

describe('`conform` catches each broken implementation, naming the failed check', () => {
  it.each(broken)(
    '$name',
    async ({ service, breakage, fails }) => {
      const implementation = await startBrokenImplementation(server.url, breakage)
      try {
        const report = await runConformance({
          target: targetAt(implementation.url, server),
          services: [service],
          runs: 2,
        })
        const failed = report.results.filter((r) => r.outcome === 'failed')
        for (const [operation, id, message] of fails) {
          const result = failed.find((r) => r.operation === operation && r.id === id)
          expect(result, `${operation} ${id} among ${failuresOf(report).join('\n')}`).toBeDefined()
          expect(result!.message).toMatch(message)
        }
      } finally {
        await implementation.close()
      }
    },
    60_000,
  )
})

describe('`proxy` reports violations without changing the answer', () => {
  const floorPath = '/polygon/rpc/Marketplace/GetFloorOrder'
  const floor = requestExamples['Marketplace.GetFloorOrder']

  it('passes a call within the contract through with no violation header, and a broken request with one, the answer unchanged', async () => {
    const lines: string[] = []
    const proxy = await startValidatingProxy({ upstream: server.url, report: (line) => lines.push(line) })
    try {
      const keys = { 'X-Access-Key': server.accessKey }
      const direct = await rawCall(server.url + floorPath, jsonPost(floor, keys))
      const good = await rawCall(proxy.url + floorPath, jsonPost(floor, keys))
      expect(good.status).toBe(200)
      expect(good.text).toBe(direct.text)
      expect(good.headers.get(violationsHeader)).toBeNull()
      expect(lines).toEqual([])

      const bad = { contractAddress: 42 }
      const directBad = await rawCall(server.url + floorPath, jsonPost(bad, keys))
      const viaProxy = await rawCall(proxy.url + floorPath, jsonPost(bad))
      expect(viaProxy.status).toBe(401)
      expect(viaProxy.headers.get(violationsHeader)).toMatch(
        /request: no X-Access-Key \| request: breaks GetFloorOrderRequest.json: \/contractAddress/,
      )
      expect(lines).toHaveLength(2)
      const withKey = await rawCall(proxy.url + floorPath, jsonPost(bad, keys))
      expect({ status: withKey.status, text: withKey.text }).toEqual({ status: directBad.status, text: directBad.text })
    } finally {
      await proxy.close()
    }
  })

  it('names an answer that breaks its response schema, and passes it on as it came', async () => {
    const implementation = await startBrokenImplementation(server.url, broken[0]!.breakage)
    const lines: string[] = []
    const proxy = await startValidatingProxy({ upstream: implementation.url, report: (line) => lines.push(line) })
    try {
      const path = '/polygon/rpc/Marketplace/GetCountOfAllCollectibles'
      const answer = await rawCall(
        proxy.url + path,
        jsonPost(requestExamples['Marketplace.GetCountOfAllCollectibles'], { 'X-Access-Key': server.accessKey }),
      )
      expect(answer.json).toEqual({})
      expect(answer.headers.get(violationsHeader)).toMatch(
        /breaks GetCountOfAllCollectiblesResponse.json: \/count: must have required property 'count'/,
      )
      expect(lines[0]).toMatch(/^contract violation: POST \/polygon\/rpc\/Marketplace\/GetCountOfAllCollectibles: /)
    } finally {
      await proxy.close()
      await implementation.close()
    }
  })
})

it('the OpenAPI 200 examples are what the local server answers now (else: npm run gen:examples && npm run gen)', async () => {
  expect(await recordedAnswers(requestExamples, targetAt(server.url, server))).toEqual(responseExamples())
})

it('the OpenAPI webhook delivery example is what the webhook engine builds now (else: npm run gen:examples && npm run gen)', () => {
  expect(recordedWebhookPayload()).toEqual(webhookPayloadExample())
})
