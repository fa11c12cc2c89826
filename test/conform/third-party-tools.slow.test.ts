import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { genDir, repoRoot } from '../../scripts/pipeline/paths.js'
import { requestExamples } from '../../src/reference/data/request-examples.js'
import { validateResponse } from '../../src/validate/index.js'
import { clientsFor, startTestServer, type TestServer } from '../local/support.js'
import { node24 } from '../support/node24.js'
import { installOtherTeamsTools, otherTeamsTool } from '../support/other-teams-tools.js'
import { venvPython } from '../support/python-venv.js'
import { testCacheDir } from '../support/test-cache.js'

/**
 * The OpenAPI documents (both versions) as other teams use them, with tools no one here wrote, against the
 * local server: Schemathesis (3.1, docs/schemathesis.toml), Stoplight Prism as a static mock, a
 * dynamic mock (one Prism: its static answers asked for with `Prefer: dynamic=false`, as Prism's users switch) and
 * a validating proxy, and a @hey-api/openapi-ts client that must compile under strict
 * TypeScript and make every call. Prism and hey-api run on the registry's Node 24 (test/support/node24.ts).
 */
const execFileAsync = promisify(execFile)
/** execFile that fails with what the command printed. */
const run = (command: string, args: string[], options: Parameters<typeof execFileAsync>[2] = {}) =>
  execFileAsync(command, args, { maxBuffer: 16 << 20, ...options, encoding: 'utf8' }).catch(
    (error: { message: string; stdout?: string; stderr?: string }) => {
      throw Object.assign(new Error(`${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`), error)
    },
  )
const stems = ['builder', 'indexer', 'marketplace', 'metadata', 'relayer'] as const
const versions = [
  ['3.0.3', 'openapi'],
  ['3.1', 'openapi/3.1'],
] as const
const documentOf = (folder: string, stem: string) => join(genDir, folder, `${stem}.json`)
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'))
/** The documents' second server is the local contract server at its default origin. */
const localOrigin = 'http://127.0.0.1:8080'
/**
 * What runs on Node 24 (Prism, hey-api, the client) keeps Node's compile cache between runs: compiling its modules
 * was about a fifth of each of the 20 Prisms' start. Node writes the cache at exit, which a Prism stopped with
 * SIGTERM reaches only through test/support/exit-on-sigterm.cjs.
 */
const node24Env = { ...process.env, NODE_COMPILE_CACHE: testCacheDir('node24-compile-cache') }
const exitOnSigterm = join(repoRoot, 'test', 'support', 'exit-on-sigterm.cjs')

let server: TestServer
let node: string
const work = mkdtempSync(join(tmpdir(), 'third-party-'))
/**
 * Installs what the tests below run, at once: Node 24 then Prism and hey-api, here; the Schemathesis venv, in a
 * process of its own (its installer is synchronous). One after another, on a fresh machine, they were the longest
 * part of this file. Later calls find them installed.
 */
const installAtOnce = () =>
  Promise.all([
    installOtherTeamsTools(),
    run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { venvPython } from ${JSON.stringify(join(repoRoot, 'test', 'support', 'python-venv.ts'))}\nvenvPython()`,
      ],
      { cwd: repoRoot },
    ),
  ])

beforeAll(async () => {
  ;[server] = await Promise.all([startTestServer(), installAtOnce()])
  node = node24()
  // The server opens its store and webhook engine on the first webhook call, seconds on a busy machine: done here,
  // so that no tool's first AddWebhookListener waits for them against its own request timeout.
  const { indexer } = clientsFor(server)
  const filters = {
    contractAddresses: ['0x4e10000000000000000000000000000000000721'],
    events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
  }
  const { listener } = await indexer.addWebhookListener({ url: 'http://127.0.0.1:9/warm-up', filters })
  await indexer.removeWebhookListener({ id: listener.id, projectId: String(listener.projectId) })
}, 300_000)
afterAll(async () => {
  await server?.close()
  rmSync(work, { recursive: true, force: true })
})

/** The address of a document's local server on polygon: what a tool makes of `servers` and its variable. */
const baseOf = (document: { servers: { url: string }[] }) =>
  document.servers[1]!.url.replace(localOrigin, server.url).replace('{network}', 'polygon')

// docs/auth.md writes the scheme BEARER; schemes are case-insensitive (RFC 9110) and the server takes
// either, but Prism's security check knows only `Bearer`.
const keyHeaders = () => ({ 'X-Access-Key': server.accessKey, Authorization: `Bearer ${server.secretKey}` })

/**
 * `python -m schemathesis.cli`, its transports imported first. The config's two workers are threads whose first
 * call imports them, and anyio's lazy importer parses its source with compile(..., PyCF_ONLY_AST), which CPython
 * 3.11 does not make safe across threads: two at once failed a run here ("AST constructor recursion depth
 * mismatch", then "cannot import name 'ASGI_TRANSPORT'"), as docs/schemathesis.toml warns its users.
 */
const schemathesisCli = `import runpy
import schemathesis.transport.asgi, schemathesis.transport.requests, schemathesis.transport.wsgi
runpy.run_module('schemathesis.cli', run_name='__main__', alter_sys=True)`

it('Schemathesis runs every check over the five 3.1 documents with 0 failures', async () => {
  const python = venvPython()
  const env = {
    ...process.env,
    CONTRACT_URL: server.url,
    CONTRACT_ACCESS_KEY: server.accessKey,
    CONTRACT_SECRET_KEY: server.secretKey,
    NO_COLOR: '1',
  }
  const config = join(repoRoot, 'docs', 'schemathesis.toml')
  const results = await Promise.all(
    stems.map((stem) =>
      run(python, ['-c', schemathesisCli, '--config-file', config, 'run', documentOf('openapi/3.1', stem)], {
        env,
        cwd: work,
        maxBuffer: 16 << 20,
      }).then(
        ({ stdout }) => ({ stem, code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ stem, code: error.code, stdout: error.stdout }),
      ),
    ),
  )
  for (const { stem, code, stdout } of results) {
    expect(code, `${stem}:\n${stdout}`).toBe(0)
    expect(stdout, stem).toMatch(/(\d+) generated, \1 passed/)
  }
}, 300_000)

/** Prism on a free port, resolved once it listens. */
async function startPrism(args: string[]): Promise<{ url: string; stop: () => void }> {
  const prism = join(otherTeamsTool('@stoplight/prism-cli'), 'dist', 'index.js')
  const child: ChildProcess = spawn(
    node,
    ['--require', exitOnSigterm, prism, ...args, '--port', '0', '--host', '127.0.0.1'],
    { env: node24Env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /Prism is listening on (http:\/\/[^\s]+)/.exec(output)
      if (listening) resolve(listening[1]!)
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`prism exited with ${code}: ${output}`)))
  })
  return { url, stop: () => child.kill() }
}

/** Asks a Prism started with --dynamic for the static answer (the document's example) or a generated one. */
const prefer = { static: { Prefer: 'dynamic=false' }, dynamic: { Prefer: 'dynamic=true' }, proxy: {} } as const

const post = async (url: string, body: unknown, headers: Record<string, string>) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, json: (await response.json()) as unknown }
}

describe.each(versions)('Prism 5.16 on OpenAPI %s', (_, folder) => {
  it.each(stems)(
    '%s: the static mock, the dynamic mock and the validating proxy answer every operation within its response schema',
    async (stem) => {
      const path = documentOf(folder, stem)
      const document = read(path)
      const operations = Object.keys(document.paths).map((p) => p.split('/').slice(2) as [string, string])
      const [mock, proxy] = await Promise.all([
        startPrism(['mock', '--dynamic', '--seed', '20261125', path]),
        startPrism(['proxy', path, baseOf(document), '--errors']),
      ])
      const modes = [
        ['static', mock],
        ['dynamic', mock],
        ['proxy', proxy],
      ] as const
      try {
        for (const [mode, prism] of modes)
          for (const [service, method] of operations) {
            // Through the proxy a removal needs a listener that exists: the real server's 400 NotFound is checked then.
            const body = requestExamples[`${service}.${method}`]
            const answer = await post(`${prism.url}/rpc/${service}/${method}`, body, {
              ...keyHeaders(),
              ...prefer[mode],
            })
            const what = `${mode} ${service}.${method}: ${JSON.stringify(answer.json).slice(0, 300)}`
            if (mode === 'proxy' && method === 'RemoveWebhookListener') {
              expect(answer.status, what).toBe(400)
              expect(answer.headers.get('sl-violations'), what).toBeNull()
              continue
            }
            expect(answer.status, what).toBe(200)
            expect(validateResponse(service, method, answer.json), what).toEqual({ ok: true })
            expect(answer.headers.get('sl-violations'), what).toBeNull()
            // The static answer is the document's example, so the header did switch the mode.
            if (mode === 'static') expect(answer.json, what).toEqual(exampleAnswer(document, service, method))
          }
      } finally {
        mock.stop()
        proxy.stop()
      }
    },
    120_000,
  )
})

/** The example of an operation's 200 answer in its OpenAPI document. */
const exampleAnswer = (document: OpenApiDocument, service: string, method: string): unknown =>
  document.paths[`/rpc/${service}/${method}`]!.post.responses['200']!.content['application/json']!.example

type OpenApiDocument = {
  paths: Record<string, { post: { responses: Record<string, { content: Record<string, { example: unknown }> }> } }>
}

const camel = (operationId: string) =>
  operationId.replace(/_(\w)/, (_, c: string) => c).replace(/^\w/, (c) => c.toLowerCase())
const pascal = (operationId: string) => operationId.replace('_', '')

/** A program that calls every operation of the generated SDKs, typed by them, and prints what came back. */
function callsProgram(folder: string): string {
  const lines = [`const results: Record<string, { status: number; data: unknown }> = {}`]
  for (const stem of stems) {
    const document = read(documentOf(folder, stem))
    lines.unshift(
      `import * as ${stem} from './${stem}/sdk.gen.js'`,
      `import type * as ${stem}Types from './${stem}/types.gen.js'`,
      `import { createClient as ${stem}Client } from './${stem}/client/index.js'`,
    )
    lines.push(
      `const ${stem}Options = { client: ${stem}Client({ baseUrl: ${JSON.stringify(baseOf(document))}, auth: (auth: { scheme?: string }) => (auth.scheme === 'bearer' ? process.env.SECRET_KEY : process.env.ACCESS_KEY) }) }`,
    )
    for (const [path, { post: operation }] of Object.entries(
      document.paths as Record<string, { post: { operationId: string } }>,
    )) {
      const key = path.split('/').slice(2).join('.')
      const id = operation.operationId
      const body =
        key === 'Indexer.RemoveWebhookListener'
          ? `{ id: added.listener.id, projectId: String(added.listener.projectId) }`
          : `${JSON.stringify(requestExamples[key])} as ${stem}Types.${pascal(id)}Data['body']`
      const call = `await ${stem}.${camel(id)}({ ...${stem}Options, body: ${body} })`
      if (key === 'Indexer.AddWebhookListener') {
        lines.push(
          `const addAnswer = ${call}`,
          `if (!addAnswer.data) throw new Error('AddWebhookListener: ' + JSON.stringify(addAnswer.error))`,
          `const added = addAnswer.data`,
          `results['${key}'] = { status: addAnswer.response?.status ?? 0, data: added }`,
        )
      } else {
        lines.push(
          `{ const answer = ${call}; results['${key}'] = { status: answer.response?.status ?? 0, data: answer.data ?? answer.error } }`,
        )
      }
    }
  }
  lines.push('console.log(JSON.stringify(results))')
  return lines.join('\n') + '\n'
}

describe.each(versions)('a @hey-api/openapi-ts 0.99 client from OpenAPI %s', (_, folder) => {
  it('compiles under strict TypeScript 5.9 and 7 and makes all 10 calls, each answer within its schema', async () => {
    const dir = join(work, `hey-api-${folder.replace('/', '-')}`)
    mkdirSync(dir, { recursive: true })
    const openapiTs = join(otherTeamsTool('@hey-api/openapi-ts'), 'bin', 'run.js')
    // One job per document in one process (hey-api takes a list of configurations): a process per document cost
    // about 0.6 s of CPU each, the five in one 0.8 s.
    const jobs = stems.map((stem) => ({ input: documentOf(folder, stem), output: join(dir, stem) }))
    writeFileSync(join(dir, 'openapi-ts.config.mjs'), `export default ${JSON.stringify(jobs)}\n`)
    await run(node, [openapiTs, '-f', join(dir, 'openapi-ts.config.mjs')], { cwd: dir, env: node24Env })
    writeFileSync(join(dir, 'calls.ts'), callsProgram(folder))
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n')
    const tscArgs = [
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--types',
      'node',
      '--typeRoots',
      join(repoRoot, 'node_modules', '@types'),
      '--skipLibCheck',
    ]
    // Both check the program; 7 emits it: the same JavaScript as 5.9's, whose emit was a tenth of its run.
    await run(
      process.execPath,
      [join(repoRoot, 'node_modules', 'typescript-7', 'bin', 'tsc'), '--outDir', 'out', ...tscArgs, 'calls.ts'],
      { cwd: dir },
    )
    await run(
      process.execPath,
      [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', ...tscArgs, 'calls.ts'],
      { cwd: dir },
    )
    const { stdout } = await run(node, [join(dir, 'out', 'calls.js')], {
      env: { ...node24Env, ACCESS_KEY: server.accessKey, SECRET_KEY: server.secretKey },
    })
    const results = JSON.parse(stdout) as Record<string, { status: number; data: unknown }>
    expect(Object.keys(results).sort()).toEqual(Object.keys(requestExamples).sort())
    for (const [key, { status, data }] of Object.entries(results)) {
      const [service, method] = key.split('.') as [string, string]
      expect(status, `${key}: ${JSON.stringify(data)}`).toBe(200)
      expect(validateResponse(service, method, data), key).toEqual({ ok: true })
    }
  }, 180_000)
})
