import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { command as trigger } from '../../src/cli/trigger.js'
import { localUrls } from '../../src/client/local-urls.js'
import { createClients } from '../../src/entries/index.js'
import { startLocalServer, type LocalServer } from '../../src/local/server.js'
import { validateWebhookPayload } from '../../src/validate/index.js'
import { dumpedStore } from '../support/store-dump.js'
import { buildGoProgram } from './support/go-program.js'

// The Go webhook receiver example (go/examples/webhook-receiver) gets real signed deliveries from the local
// server's engine (`trigger transfer`), verifies them with the Standard Webhooks Go library and decodes them into
// the generated indexer.WebhookPayload; the same delivery with its body changed is refused. A proxy in front of it
// keeps what the engine sent, to send it again.

interface Delivery {
  headers: IncomingHttpHeaders
  body: string
}

interface ReceiverLine {
  verified: boolean
  payload?: unknown
  reason?: string
}

let server: LocalServer
let receiverBinary: string
let receiver: ChildProcess
let receiverPort: number
const lines: ReceiverLine[] = []
let proxy: Server
const delivered: Delivery[] = []

/** Sends a delivery to the Go receiver and returns its status code. */
function post(delivery: Delivery): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(
      Object.entries(delivery.headers).filter(([name]) => name.startsWith('webhook-') || name === 'content-type'),
    ) as Record<string, string>
    const sent = request({ host: '127.0.0.1', port: receiverPort, method: 'POST', path: '/hooks', headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode!))
    })
    sent.on('error', reject)
    sent.end(delivery.body)
  })
}

const waitFor = async <T>(probe: () => T | undefined, what: string): Promise<T> => {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const value = probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no ${what} within 30 s`)
}

beforeAll(async () => {
  receiverBinary = buildGoProgram(join(repoRoot, 'go', 'examples', 'webhook-receiver'), 'webhook-receiver')
  server = await startLocalServer({ port: 0, dataDirDump: dumpedStore() })
  // The engine posts to the proxy, which keeps each delivery and passes it on unchanged.
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
    delivered.push(delivery)
    res.writeHead(await post(delivery)).end()
  })
  proxy.listen(0, '127.0.0.1')
  await once(proxy, 'listening')
}, 120_000)

afterAll(async () => {
  receiver?.kill()
  proxy?.closeAllConnections()
  proxy?.close()
  await server?.close()
  if (receiverBinary) rmSync(dirname(receiverBinary), { recursive: true, force: true })
}, 60_000)

it('verifies a real signed delivery, decodes it into the generated type, and refuses it tampered', async () => {
  const clients = createClients({
    network: 'polygon',
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    urls: localUrls(server.url),
    // The first webhook call opens the in-memory store: seconds, more on a loaded machine.
    timeoutMs: 60_000,
  })
  const contractAddress = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
  const { listener } = await clients.indexer.addWebhookListener({
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/hooks`,
    filters: {
      contractAddresses: [contractAddress],
      events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
    },
  })
  receiver = spawn(receiverBinary, ['-listen', '127.0.0.1:0'], {
    env: { ...process.env, WEBHOOK_SECRET: listener.secret! },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  createInterface({ input: receiver.stdout! }).on('line', (line) => lines.push(JSON.parse(line) as ReceiverLine))
  // Its log line names the address it listens on.
  receiverPort = await new Promise<number>((resolve, reject) => {
    createInterface({ input: receiver.stderr! }).on('line', (line) => {
      const port = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(line)?.[1]
      if (port) resolve(Number(port))
    })
    receiver.on('exit', (code) => reject(new Error(`the receiver exited with ${code}`)))
  })

  const args = ['transfer', '--listener', listener.id, '--url', server.url]
  expect(await trigger([...args, '--access-key', server.accessKey, '--secret-key', server.secretKey])).toBe(0)
  const verified = await waitFor(() => lines.find((line) => line.verified), 'verified delivery')
  linesRead = lines.length
  expect(validateWebhookPayload(verified.payload)).toEqual({ ok: true })
  expect(verified.payload).toEqual(JSON.parse(delivered[0]!.body))
  expect((verified.payload as { contractAddress: string }).contractAddress.toLowerCase()).toBe(contractAddress)

  const delivery = delivered[0]!
  const tampered = { ...delivery, body: delivery.body.replace(/"blockNumber":\d+/, '"blockNumber":99999999') }
  expect(tampered.body).not.toBe(delivery.body)
  expect(await post(tampered)).toBe(401)
  expect(await nextLine()).toEqual({ verified: false, reason: expect.stringContaining('no matching signature found') })
  // The delivery as the engine sent it still verifies: the change of the body alone was refused.
  expect(await post(delivery)).toBe(204)
  expect((await nextLine()).verified).toBe(true)
}, 90_000)

let linesRead = 0
/**
 * The receiver's next line after those already read: it prints a line for each request, but the answer can reach
 * this process before the line does.
 */
const nextLine = () => waitFor(() => (lines.length > linesRead ? lines[linesRead++] : undefined), 'receiver line')
