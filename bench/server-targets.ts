/**
 * One server per process for the server benchmarks: `node server-targets.mjs bare|host|local` (the local
 * server keeps its store in DATA_DIR when set, else in memory). Prints one JSON line {url, accessKey} when listening.
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
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

async function bare(): Promise<Server> {
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
  return server
}

async function host(): Promise<Server> {
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
  return running.server
}

/**
 * SERVER_TRACE=1: every 2 s on stderr, the connections the server accepted and the requests it received,
 * answered, and left unanswered when the client went away, with the slowest answer: whether a client's
 * wait was spent inside the server or before it accepted the connection.
 */
function trace(server: Server) {
  const seen = { connections: 0, requests: 0, answered: 0, abandoned: 0, slowestMs: 0 }
  server.on('connection', () => seen.connections++)
  server.on('request', (_req, res: ServerResponse) => {
    seen.requests++
    const received = performance.now()
    res.on('finish', () => {
      seen.answered++
      seen.slowestMs = Math.max(seen.slowestMs, Math.round(performance.now() - received))
    })
    res.on('close', () => {
      if (!res.writableFinished) seen.abandoned++
    })
  })
  setInterval(() => console.error(JSON.stringify(seen)), 2000).unref()
}

const kind = process.argv[2]
if (kind === 'local') {
  const server = await startLocalServer({ port: 0, dataDir: process.env.DATA_DIR || undefined })
  if (process.env.SERVER_TRACE) trace(server.httpServer)
  console.log(JSON.stringify({ url: server.url, accessKey: server.accessKey }))
} else {
  const server = kind === 'bare' ? await bare() : await host()
  if (process.env.SERVER_TRACE) trace(server)
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, accessKey }))
}
process.on('SIGTERM', () => process.exit(0))
