import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateSigningSecret, webhookHeaders } from '../../src/webhook/engine/delivery/signature.js'
import { webhookPayload } from '../scripts/emit/jsonschema/support/fixtures.js'
import { packageName, type ConsumerProject } from './support/consumer-project.js'
import { sharedConsumerProject } from './support/shared-project.js'

const localPeers = '@electric-sql/pglite pg viem jose'

/** What a client-only install (no optional peers) gets from the entry points that need peers. */
const cases = [
  ['/local', `npm install --save-dev ${localPeers}`],
  ['/msw', 'npm install --save-dev msw viem jose'],
  ['/server', 'npm install jose'],
  ['/webhook', 'npm install viem'],
  ['/webhook/engine', 'npm install viem'],
] as const

/** One line: the entry point, the peer Node did not find, and the install command of that audience. */
const oneLine = (label: string, install: string) =>
  new RegExp(`^${label} needs the optional peer dependency (\\S+), which is not installed: ${install}$`)

describe('an entry point whose optional peers are not installed', () => {
  let project: ConsumerProject

  beforeAll(async () => {
    project = await sharedConsumerProject()
  }, 240_000)

  afterAll(() => project.remove())

  it.each(cases)('%s fails under import with one line: %s', (entry, install) => {
    const message = project.run(
      'import.mjs',
      `await import('${packageName}${entry}').catch((error) => console.log(error.message))`,
    )
    expect(message).toMatch(oneLine(`${packageName}${entry}`, install))
  })

  it.each(cases)('%s fails under require() with one line: %s', (entry, install) => {
    const message = project.run(
      'require.cjs',
      `try { require('${packageName}${entry}') } catch (error) { console.log(error.message) }`,
    )
    expect(message).toMatch(oneLine(`${packageName}${entry}`, install))
  })

  it('the bin prints one line and exits 1', () => {
    const bin = join(project.nodeModules, '.bin', packageName)
    const { status, stdout, stderr } = spawnSync(bin, ['serve', '--port', '0'], { encoding: 'utf8' })
    expect({ status, stdout }).toEqual({ status: 1, stdout: '' })
    expect(stderr.trimEnd()).toMatch(oneLine(`${packageName} serve`, `npm install --save-dev ${localPeers}`))
  })

  it('/webhook/receiver and /validate need no peer: under Node they verify and validate with no ajv installed', () => {
    expect(['ajv', 'ajv-formats'].filter((name) => existsSync(join(project.nodeModules, name)))).toEqual([])
    const secret = generateSigningSecret()
    const body = JSON.stringify({ ...webhookPayload, uid: 'msg_no_peers' })
    const headers = webhookHeaders(secret, 'msg_no_peers', Math.floor(Date.now() / 1000), body)
    const output = project.run(
      'no-peers.mjs',
      `import { createWebhookReceiver } from '${packageName}/webhook/receiver'
import { validateRequest, validateWebhookPayload } from '${packageName}/validate'
const receiver = createWebhookReceiver({ secret: ${JSON.stringify(secret)}, onDelivery: () => {} })
const headers = ${JSON.stringify(headers)}
const verified = await receiver.verify(${JSON.stringify(body)}, (name) => headers[name])
const refused = validateWebhookPayload({ ...verified, ts: 'yesterday' })
const request = validateRequest('Marketplace', 'GetFloorOrder', { contractAddress: 'nope' })
console.log(JSON.stringify([verified.uid, refused.issues.map((issue) => issue.path), request.ok]))`,
    )
    expect(JSON.parse(output)).toEqual(['msg_no_peers', ['/ts'], false])
  })
})
