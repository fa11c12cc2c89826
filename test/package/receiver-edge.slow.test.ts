import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { EdgeRuntime } from 'edge-runtime'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { generateSigningSecret, webhookHeaders } from '../../src/webhook/engine/delivery/signature.js'
import { webhookPayload } from '../scripts/emit/jsonschema/support/fixtures.js'
import { audiences } from './support/audiences.js'
import { packageName, type ConsumerProject } from './support/consumer-project.js'
import { sharedConsumerProject } from './support/shared-project.js'

// What a backend on an edge platform does: install the package and the receiver's peers, bundle its
// handler for a web platform, run it where only web globals exist (edge-runtime's VM, code generation off).

let project: ConsumerProject
let vm: EdgeRuntime
const secret = generateSigningSecret()

beforeAll(async () => {
  project = await sharedConsumerProject(audiences.webhookReceiver.peers)
  const entry = join(project.dir, 'edge-handler.mjs')
  writeFileSync(
    entry,
    `import { createWebhookReceiver, fetchWebhookHandler } from '${packageName}/webhook/receiver'
const seen = []
globalThis.delivered = () => JSON.stringify(seen)
const handle = fetchWebhookHandler(createWebhookReceiver({ secret: ${JSON.stringify(secret)}, onDelivery: (p) => void seen.push(p.uid) }))
addEventListener('fetch', (event) => event.respondWith(handle(event.request)))`,
  )
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    absWorkingDir: project.dir,
    write: false,
    logLevel: 'silent',
  })
  vm = new EdgeRuntime({ initialCode: result.outputFiles[0]!.text })
}, 240_000)

afterAll(() => project.remove())

const post = async (body: string, headers: Record<string, string>) => {
  const response = await vm.dispatchFetch('http://receiver.test/hooks', { method: 'POST', headers, body })
  return { status: response.status, body: await response.json() }
}

it('the installed receiver, bundled for the web, verifies a delivery in the edge VM and refuses a tampered one', async () => {
  const body = JSON.stringify({ ...webhookPayload, uid: 'msg_tarball_edge' })
  const headers = webhookHeaders(secret, 'msg_tarball_edge', Math.floor(Date.now() / 1000), body)
  expect(await post(body, headers)).toEqual({
    status: 200,
    body: { ok: true, uid: 'msg_tarball_edge', duplicate: false },
  })
  expect(await post(body.replace('"BLOCK_ADDED"', '"BLOCK_REMOVED"'), headers)).toMatchObject({
    status: 401,
    body: { ok: false, error: 'invalid_signature' },
  })
  expect(JSON.parse(vm.evaluate<string>('delivered()'))).toEqual(['msg_tarball_edge'])
})
