/**
 * One server per process for bench/server-bench.ts: `tsx bench/server-targets.ts bare|host|local`.
 * Prints one JSON line {url, accessKey} when listening.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  MetadataAuth,
  MetadataMethods,
  WebrpcHeaderValue,
  dispatchMetadata,
  type MetadataService,
} from '../gen/metadata.gen.js'
import { startLocalServer } from '../src/local/server.js'
import { validateRequest } from '../src/validate/index.js'
import { createHost, type CallContext } from '../src/server/host.js'
import { listen } from '../src/server/node.js'

const filters = { filters: [{ name: 'Colour', type: 'STRING', min: null, max: null, values: ['Amber', 'Blue'] }] }
const accessKey = 'bench-access-key'

/** The host's success headers (JSON, CORS, Webrpc): the baseline sends the same bytes, so only the machinery differs. */
const responseHeaders = {
  'Content-Type': 'application/json',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Webrpc',
  Webrpc: WebrpcHeaderValue,
}

async function bare(): Promise<string> {
  // The baseline: what a hand-written node:http JSON endpoint does at least (read, parse, check a key, answer).
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        res.writeHead(400).end()
        return
      }
      if (req.headers['x-access-key'] !== accessKey) return void res.writeHead(401).end()
      res.writeHead(200, responseHeaders).end(JSON.stringify(filters))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function host(): Promise<string> {
  const handlers: MetadataService<CallContext> = { TokenCollectionFilters: () => filters as never }
  const running = await listen(
    createHost({
      services: [
        {
          name: 'Metadata',
          methods: MetadataMethods,
          network: { kind: 'none' },
          webrpcHeader: WebrpcHeaderValue,
          auth: (m) => MetadataAuth[m as keyof typeof MetadataAuth],
          dispatch: (m, a, c) => dispatchMetadata(handlers, m as 'TokenCollectionFilters', a, c),
        },
      ],
      auth: { accessKey: (key) => (key === accessKey ? 1 : undefined), secretKey: async () => 1 },
      validate: validateRequest,
    }),
    { port: 0 },
  )
  return running.url
}

const kind = process.argv[2]
if (kind === 'local') {
  const server = await startLocalServer({ port: 0 })
  console.log(JSON.stringify({ url: server.url, accessKey: server.accessKey }))
} else {
  const url = kind === 'bare' ? await bare() : await host()
  console.log(JSON.stringify({ url, accessKey }))
}
process.on('SIGTERM', () => process.exit(0))
