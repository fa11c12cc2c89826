import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { repoRoot } from '../../../scripts/pipeline/paths.js'
import { startLocalServer, type LocalServer } from '../../../src/local/index.js'
import { incrementalTsc } from '../../support/incremental-tsc.js'
import { testCacheDir, writeFileAtomically } from '../../support/test-cache.js'
import { dumpedStore } from '../../support/store-dump.js'
import { generateSigningSecret, webhookHeaders } from '../../../src/webhook/engine/delivery/signature.js'
import { webhookPayload } from '../../scripts/emit/jsonschema/support/fixtures.js'
import { userExamples } from './user-examples.js'

// Every ```ts and ```js block of README.md and of the guides (docs/guides/*.md) carries a name
// (<!-- example: name --> on the line above), unique across those files, and a row in `runs` below. The blocks
// are written into a project (in the temporary folder) that imports the package by name (tsconfig paths to this
// repository's sources; node_modules/web3-market-contract for JSON files), compiled together with tsc
// (TypeScript type-checked; JavaScript parsed, as a plain-JS reader runs it), then each is run with tsx
// (node --import tsx) against a local contract server started here, the default service hosts and the local
// server's default address routed to it (route-default-hosts.ts).

const secret = generateSigningSecret()
const contractAddress = '0x4e10000000000000000000000000000000000721'

interface Run {
  /** Runs next to the example and imports it (examples that only export or only serve). */
  driver?: string
  /** Serves on PORT until killed; `exercise` talks to it, then the process is stopped. */
  serves?: (port: number) => Promise<void>
  stdout: RegExp
  /** Run elsewhere, by the test named here (a browser example runs in chromium, not in Node). */
  ranBy?: string
}

/** How each example of the user text is run and what it must print. */
const runs: Record<string, Run> = {
  'quick-start': { stdout: /^[1-9]\d*\n$/ },
  client: { stdout: /^[1-9]\d*\n$/ },
  'client-webhook-listener': { stdout: /^\S+\n$/ },
  'client-urls': { stdout: /^$/ },
  'client-errors': { stdout: /^check the access key: 1000\n$/ },
  'client-call-options': { stdout: /^GetCountOfAllCollectibles 200\n[1-9]\d*\n$/ },
  'client-query': { stdout: /^[1-9]\d* marketplace\/polygon\/GetCountOfAllCollectibles\n$/ },
  'client-query-infinite': { stdout: /^2 1\n$/ },
  'validate-standard-schema': {
    stdout: /^400 filters\.contractAddresses\.0\nhttp:\/\/json-schema\.org\/draft-07\/schema# Order\n$/,
  },
  'local-server-credentials': { stdout: /^\[ .+ \]\n$/ },
  'vitest-global-setup': {
    // A consumer's test files import vitest, which the augmentation needs; inject's type checks it.
    driver: `import type { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { createClients, localUrls } from 'web3-market-contract'
import setup from './vitest-global-setup.js'

const provided = new Map<string, unknown>()
const teardown = await setup({ provide: (key: string, value: unknown) => provided.set(key, value) } as unknown as TestProject)
const { url, accessKey } = provided.get('contract') as ReturnType<typeof inject<'contract'>>
const clients = createClients({ network: 'polygon', accessKey, urls: localUrls(url) })
console.log((await clients.marketplace.getCountOfAllCollectibles({ contractAddress: '${contractAddress}' })).count)
await teardown()
`,
    stdout: /^[1-9]\d*\n$/,
  },
  'webhook-receiver-node': {
    async serves(port) {
      const url = `http://127.0.0.1:${port}/hooks`
      await waitUntilListening(port)
      const body = JSON.stringify({ ...webhookPayload, uid: 'msg_readme_node' })
      const post = (text: string) =>
        fetch(url, { method: 'POST', body: text, headers: signed('msg_readme_node', body) }).then((r) => r.status)
      expect(await post(body)).toBe(200)
      expect(await post(body.replace('"BLOCK_ADDED"', '"BLOCK_REMOVED"'))).toBe(401)
    },
    stdout: /^msg_readme_node TransferSingle\(address indexed operator, [^)]+\) \[/,
  },
  'webhook-receiver-fetch': {
    driver: `import handler from './webhook-receiver-fetch.js'

const body = ${JSON.stringify(JSON.stringify({ ...webhookPayload, uid: 'msg_readme_fetch' }))}
const headers = JSON.parse(process.env.SIGNED_HEADERS!) as Record<string, string>
const post = (text: string) =>
  handler.fetch(new Request('https://receiver.example/hooks', { method: 'POST', body: text, headers }))
const statuses = [await post(body), await post(body), await post(body.replace('BLOCK_ADDED', 'BLOCK_REMOVED'))]
console.log(JSON.stringify(await Promise.all(statuses.map(async (r) => [r.status, (await r.json()).duplicate ?? null]))))
`,
    stdout: /^msg_readme_fetch 0x[a]{40}\n\[\[200,false\],\[200,true\],\[401,null\]\]\n$/,
  },
  'webhook-register': { stdout: /^\S+ true\n$/ },
  'json-schema-ajv': { stdout: /instancePath: '',\n\s+schemaPath: '#\/required'/ },
  'msw-vitest': {
    // The example is a vitest test file: vitest itself runs it, in this project.
    driver: `import { startVitest } from 'vitest/node'

// In a worker thread rather than a forked process: a second Node process to start costs more than the test file.
const vitest = await startVitest('test', [], { watch: false, include: ['msw-vitest.ts'], reporters: [], pool: 'threads' })
console.log(vitest.state.getFiles().map((file) => file.result?.state).join(' '))
await vitest.close()
`,
    // vitest prints its own report first; the driver's last line is the file's state.
    stdout: /\npass\n$/,
  },
  'msw-browser': { ranBy: 'test/msw/browser.test.ts', stdout: /^$/ },
  // Needs the local server and the trigger command as separate processes, from the packed package.
  'webhook-try-locally': { ranBy: 'test/package/webhook-trigger.slow.test.ts', stdout: /^$/ },
}

const signed = (uid: string, body: string) => webhookHeaders(secret, uid, Math.floor(Date.now() / 1000), body)

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function waitUntilListening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const up = await fetch(`http://127.0.0.1:${port}/`, { method: 'GET' }).then(
      () => true,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`nothing listens on port ${port}`)
}

/** tsconfig paths from package.json exports: each entry's declarations → the source file they come from. */
function packagePaths(): Record<string, string[]> {
  const { name, exports } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    name: string
    exports: Record<string, string | { types: string }>
  }
  const paths: Record<string, string[]> = {}
  for (const [subpath, target] of Object.entries(exports)) {
    const file = typeof target === 'string' ? target : target.types
    const source = file.replace(/^\.\/dist\/(.*)\.d\.ts$/, '$1.ts').replace(/^\.\//, '')
    paths[`${name}${subpath.slice(1)}`] = [join(repoRoot, source)]
  }
  return paths
}

// Kept between runs, so that tsc --incremental finds its last run's work; one per checkout. Outside the
// repository, as a consumer's project is: inside it, vitest (the msw-vitest example) would take this
// repository's vitest.config.ts for the project's.
const project = join(
  tmpdir(),
  `web3-market-contract-readme-examples-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 16)}`,
)
let server: LocalServer
const { named, fences } = userExamples()

beforeAll(async () => {
  const { compilerOptions } = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>
  }
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ type: 'module', private: true }),
    'fixtures/contract.json': '{}\n',
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        ...compilerOptions,
        noEmit: true,
        allowJs: true,
        rootDir: undefined,
        outDir: undefined,
        paths: packagePaths(),
      },
      include: ['*.ts', '*.js'],
    }),
  }
  for (const example of named) files[`${example.name}.${example.language}`] = `${example.code}\n`
  for (const [name, run] of Object.entries(runs)) if (run.driver) files[`${name}.driver.ts`] = run.driver
  mkdirSync(join(project, 'node_modules'), { recursive: true })
  for (const file of readdirSync(project))
    if (/\.(ts|js)$/.test(file) && !(file in files)) rmSync(join(project, file), { force: true })
  for (const [file, text] of Object.entries(files)) writeFileAtomically(join(project, file), text)
  const modules = join(repoRoot, 'node_modules')
  const links = {
    ...Object.fromEntries(readdirSync(modules).map((entry) => [entry, join(modules, entry)])),
    'web3-market-contract': repoRoot,
  }
  for (const [entry, target] of Object.entries(links)) {
    try {
      symlinkSync(target, join(project, 'node_modules', entry))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  server = await startLocalServer({ port: 0, dataDirDump: dumpedStore() })
}, 120_000)

afterAll(async () => {
  await server?.close()
})

describe('the examples of the README and the guides', () => {
  test('every ts/js block is named, once, and has a run', () => {
    expect(named).toHaveLength(fences)
    const names = named.map((example) => example.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names.sort()).toEqual(Object.keys(runs).sort())
  })

  test("the README's first example is a working call, within its first 40 lines", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8').split('\n')
    const first = readme.findIndex((line) => /^```(ts|js)$/.test(line))
    expect(readme[first - 1]).toBe('<!-- example: quick-start -->')
    expect(first + 1).toBeLessThanOrEqual(40)
    expect(runs['quick-start']?.ranBy).toBeUndefined()
  })

  test('type-check together (tsc, the repository compiler options, imports by package name)', () => {
    expect(incrementalTsc(['-p', project], testCacheDir('tsbuildinfo/readme-examples.tsbuildinfo'))).toEqual({
      code: 0,
      output: '',
    })
  }, 180_000)

  test.each(named.filter((example) => !runs[example.name]?.ranBy).map((example) => [example.name, example] as const))(
    '%s runs',
    async (name, example) => {
      const run = runs[name]!
      const port = await freePort()
      const file = run.driver ? `${name}.driver.ts` : `${name}.${example.language}`
      const child = spawn(
        // tsx's loader in the example's own Node process (the tsx command would start a second one to run it in).
        process.execPath,
        ['--import', 'tsx', '--import', join(repoRoot, 'test', 'docs', 'examples', 'route-default-hosts.ts'), file],
        {
          cwd: project,
          env: {
            ...process.env,
            CONTRACT_URL: server.url,
            CONTRACT_CREDENTIALS: JSON.stringify({
              url: server.url,
              accessKey: server.accessKey,
              secretKey: server.secretKey,
              projectId: server.projectId,
            }),
            ACCESS_KEY: server.accessKey,
            SECRET_KEY: server.secretKey,
            WEBHOOK_SECRET: secret,
            SIGNED_HEADERS: JSON.stringify(
              signed('msg_readme_fetch', JSON.stringify({ ...webhookPayload, uid: 'msg_readme_fetch' })),
            ),
            PORT: String(port),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
      if (run.serves) {
        try {
          await run.serves(port)
        } finally {
          child.kill('SIGTERM')
        }
        await exited
      } else {
        expect({ code: await exited, stderr }).toEqual({ code: 0, stderr: '' })
      }
      expect(stdout).toMatch(run.stdout)
    },
    60_000,
  )
})
