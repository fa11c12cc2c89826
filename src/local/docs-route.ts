import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVICE_ROUTES } from '../../gen/networks.gen.js'
import type { Host } from '../server/host.js'
import type { HostRequest, HostResponse } from '../server/wire.js'

type OpenApiDocument = { servers: { url: string }[] }

/**
 * The package's gen/openapi documents, read where the package ships them (not compiled into dist/ a
 * second time): the first folder above this module that holds gen/openapi.
 */
function openapiDocuments(): Record<string, OpenApiDocument> {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'gen', 'openapi'))) {
    if (dirname(dir) === dir) throw new Error('gen/openapi is not in this package')
    dir = dirname(dir)
  }
  const folder = join(dir, 'gen', 'openapi')
  return Object.fromEntries(
    Object.keys(SERVICE_ROUTES).map((service) => [
      service,
      JSON.parse(readFileSync(join(folder, `${service}.json`), 'utf8')) as OpenApiDocument,
    ]),
  )
}

export const SWAGGER_UI_MISSING =
  'GET /docs needs the optional peer dependency swagger-ui-dist: npm install --save-dev swagger-ui-dist'

/**
 * Swagger UI's files, from the swagger-ui-dist package (an optional peer dependency: a client-only install
 * does not get it; no CDN either way). undefined when it is not installed.
 */
function swaggerUiFiles(): { css: string; bundle: string } | undefined {
  let root: string
  try {
    root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined
    throw error
  }
  const read = (name: string) => readFileSync(join(root, name), 'utf8')
  return { css: read('swagger-ui.css'), bundle: read('swagger-ui-bundle.js') }
}

const page = (services: string[]) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>web3-market-contract API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<style>body{margin:0}h1{font-family:sans-serif;margin:16px 20px}section{border-top:1px solid #ddd}</style>
</head>
<body>
<h1>web3-market-contract: the five services on this local server</h1>
${services.map((s) => `<section id="${s}"></section>`).join('\n')}
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`

const init = (services: string[]) => `window.docs = {}
for (const service of ${JSON.stringify(services)}) {
  window.docs[service] = SwaggerUIBundle({ url: '/docs/openapi/' + service + '.json', dom_id: '#' + service, tryItOutEnabled: true })
}
`

/**
 * The host plus `GET /docs`: an interactive reference of all five services (Swagger UI), each document
 * served with this server's own origin as its first server, so "Try it out" calls the local server.
 */
export function withDocsRoute(host: Host): Host {
  const documents = openapiDocuments()
  const services = Object.keys(documents)
  const swaggerUi = swaggerUiFiles()
  const html = swaggerUi ? page(services) : `<!doctype html><title>API reference</title><p>${SWAGGER_UI_MISSING}</p>`
  const assets: Record<string, { type: string; body: string }> = {
    '/docs': { type: 'text/html; charset=utf-8', body: html },
    '/docs/': { type: 'text/html; charset=utf-8', body: html },
    '/docs/init.js': { type: 'text/javascript', body: init(services) },
    ...(swaggerUi && {
      '/docs/swagger-ui.css': { type: 'text/css', body: swaggerUi.css },
      '/docs/swagger-ui-bundle.js': { type: 'text/javascript', body: swaggerUi.bundle },
    }),
  }
  const served = (request: HostRequest): HostResponse | undefined => {
    if (request.method !== 'GET') return undefined
    const path = request.url.split('?')[0]!
    const asset = assets[path]
    if (asset) return { status: 200, body: asset.body, headers: { 'Content-Type': asset.type } }
    const service = /^\/docs\/openapi\/([a-z]+)\.json$/.exec(path)?.[1]
    const document = service === undefined ? undefined : documents[service]
    if (!document) return undefined
    // scripts/emit/openapi lists the public address, then the local server at its default origin; here the local
    // entry comes first, at the origin this page was loaded from, so "Try it out" calls this server.
    const [publicServer, localServer] = document.servers
    const origin = `http://${request.header('host') ?? '127.0.0.1'}`
    const here = { ...localServer!, url: localServer!.url.replace(/^https?:\/\/[^/]+/, origin) }
    return {
      status: 200,
      body: JSON.stringify({ ...document, servers: [here, publicServer] }),
      headers: { 'Content-Type': 'application/json' },
    }
  }
  return { handle: async (request) => served(request) ?? host.handle(request) }
}
