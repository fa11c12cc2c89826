import { join } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { EdgeRuntime } from 'edge-runtime'
import { beforeAll, describe, expect, test } from 'vitest'
import { repoRoot } from '../../../scripts/pipeline/paths.js'
import { createWebhookReceiver, fetchWebhookHandler } from '../../../src/webhook/receiver/index.js'
import { generateSigningSecret, webhookHeaders } from '../../../src/webhook/engine/delivery/signature.js'
import { webhookPayload } from '../../scripts/emit/jsonschema/support/fixtures.js'

// `web3-market-contract/webhook/receiver` bundled for a browser-like platform and run in Vercel's
// edge-runtime VM (web globals only, code generation off), and the same deliveries in Node, so both
// runtimes give the same answers. The deliveries are signed by the engine's Node signer (node:crypto).

const entry = join(repoRoot, 'src', 'entries', 'webhook-receiver.ts')
const secret = generateSigningSecret()

let bundle: { code: string; metafile: Metafile }

beforeAll(async () => {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'webhookReceiver',
    platform: 'browser',
    absWorkingDir: repoRoot,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  bundle = { code: result.outputFiles[0]!.text, metafile: result.metafile }
})

describe('the receiver bundle', () => {
  test('has no node: imports, no delivery engine, no viem and no other service validators', () => {
    const inputs = Object.keys(bundle.metafile.inputs)
    const imports = Object.values(bundle.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path))
    expect(
      imports.filter((path) => path.startsWith('node:') || /^(crypto|http|https|net|dns|buffer)$/.test(path)),
    ).toEqual([])
    expect(bundle.code).not.toMatch(/["']node:/)
    expect(inputs.filter((path) => /webhook\/engine|node_modules\/(viem|ox|ws|pg)\//.test(path))).toEqual([])
    const validators = inputs.filter((path) => path.startsWith('gen/validators/'))
    expect(validators).toContain('gen/validators/indexer.standalone.ts')
    expect(
      validators.filter(
        (path) => !/^gen\/validators\/(indexer|indexer\.standalone|validator|ajv-runtime)\.ts$/.test(path),
      ),
    ).toEqual([])
  })
})

/** One runtime's fetch handler with a fresh receiver, and the uids its onDelivery saw. */
interface Runtime {
  post(body: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }>
  delivered(): Promise<string[]>
}

function nodeRuntime(): Runtime {
  const seen: string[] = []
  const handle = fetchWebhookHandler(
    createWebhookReceiver({ secret, onDelivery: (payload) => void seen.push(payload.uid) }),
  )
  return {
    async post(body, headers) {
      const response = await handle(new Request('http://receiver.test/hooks', { method: 'POST', headers, body }))
      return { status: response.status, body: await response.json() }
    },
    delivered: async () => seen,
  }
}

function edgeRuntime(): Runtime {
  const vm = new EdgeRuntime({ initialCode: bundle.code })
  vm.evaluate(`
    const seen = []
    globalThis.delivered = () => JSON.stringify(seen)
    const receiver = webhookReceiver.createWebhookReceiver({
      secret: ${JSON.stringify(secret)},
      onDelivery: (payload) => void seen.push(payload.uid),
    })
    const handle = webhookReceiver.fetchWebhookHandler(receiver)
    addEventListener('fetch', (event) => event.respondWith(handle(event.request)))
  `)
  return {
    async post(body, headers) {
      const response = await vm.dispatchFetch('http://receiver.test/hooks', { method: 'POST', headers, body })
      return { status: response.status, body: await response.json() }
    },
    delivered: async () => JSON.parse(vm.evaluate<string>('delivered()')) as string[],
  }
}

const now = () => Math.floor(Date.now() / 1000)
const payload = { ...webhookPayload, uid: 'msg_edge_1' }
const body = JSON.stringify(payload)
const signed = (text: string, at = now(), id = payload.uid) => webhookHeaders(secret, id, at, text)

describe.each([
  ['Node', nodeRuntime],
  ['edge-runtime VM', edgeRuntime],
])('createWebhookReceiver in %s', (_, start) => {
  test('accepts a signed delivery once, answers its duplicate 200, refuses tampered, stale and invalid ones', async () => {
    const runtime = start()
    expect(await runtime.post(body, signed(body))).toEqual({
      status: 200,
      body: { ok: true, uid: payload.uid, duplicate: false },
    })
    expect(await runtime.post(body, signed(body))).toEqual({
      status: 200,
      body: { ok: true, uid: payload.uid, duplicate: true },
    })
    expect(await runtime.post(body.replace('"BLOCK_ADDED"', '"BLOCK_REMOVED"'), signed(body))).toEqual({
      status: 401,
      body: {
        ok: false,
        error: 'invalid_signature',
        message: 'webhook-signature does not match the body signed with the listener secret',
      },
    })
    const stale = now() - 600
    expect((await runtime.post(body, signed(body, stale))).status).toBe(401)
    expect((await runtime.post(body, signed(body, stale))).body).toMatchObject({
      error: 'timestamp_too_old',
      message: expect.stringMatching(/^webhook-timestamp is 60[01]s old; tolerance is 300s$/),
    })
    const invalid = JSON.stringify({ ...payload, uid: 'msg_edge_2', blockHash: 'not-a-hash' })
    expect(await runtime.post(invalid, signed(invalid, now(), 'msg_edge_2'))).toMatchObject({
      status: 400,
      body: { ok: false, error: 'invalid_payload', issues: [{ path: '/blockHash', keyword: 'pattern' }] },
    })
    expect(await runtime.delivered()).toEqual([payload.uid])
  })
})
