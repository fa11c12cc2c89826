import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { repoRoot } from '../../scripts/paths.js'
import { startLocalServer, type LocalServer } from '../../src/local/index.js'
import { dumpedStore } from '../support/store-dump.js'
import { generateSigningSecret, webhookHeaders } from '../../src/webhook/signature.js'
import { webhookPayload } from '../jsonschema/support/fixtures.js'

// Every ```ts and ```js block of README.md carries a name (<!-- example: name --> on the line above) and
// a row in `runs` below. The blocks are written into a temporary project that imports the package by
// name (tsconfig paths to this repository's sources; node_modules/web3-market-contract for JSON files),
// compiled together with tsc (TypeScript type-checked; JavaScript parsed, as a plain-JS reader runs it), then each is run with tsx against a local contract server started
// here, the default service hosts routed to it (route-default-hosts.ts).

interface Example {
  name: string
  language: 'ts' | 'js'
  code: string
}

function readmeExamples(): { named: Example[]; fences: number } {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
  const named = [...readme.matchAll(/<!-- example: ([a-z0-9-]+) -->\n```(ts|js)\n([\s\S]*?)\n```/g)].map(
    ([, name, language, code]) => ({ name: name!, language: language as 'ts' | 'js', code: code! }),
  )
  return { named, fences: [...readme.matchAll(/^```(ts|js)$/gm)].length }
}

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

/** How each README example is run and what it must print. */
const runs: Record<string, Run> = {
  client: { stdout: /^[1-9]\d*\n$/ },
  'client-webhook-listener': { stdout: /^\S+\n$/ },
  'client-urls': { stdout: /^$/ },
  'client-errors': { stdout: /^check the access key: 1000\n$/ },
  'client-call-options': { stdout: /^GetCountOfAllCollectibles 200\n[1-9]\d*\n$/ },
  'client-query': { stdout: /^[1-9]\d* marketplace\/polygon\/GetCountOfAllCollectibles\n$/ },
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

const vitest = await startVitest('test', [], { watch: false, include: ['msw-vitest.ts'], reporters: [] })
console.log(vitest.state.getFiles().map((file) => file.result?.state).join(' '))
await vitest.close()
`,
    // vitest prints its own report first; the driver's last line is the file's state.
    stdout: /\npass\n$/,
  },
  'msw-browser': { ranBy: 'test/msw/browser.test.ts', stdout: /^$/ },
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

let project: string
let server: LocalServer
const { named, fences } = readmeExamples()

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'readme-examples-'))
  mkdirSync(join(project, 'node_modules'))
  for (const entry of readdirSync(join(repoRoot, 'node_modules')))
    symlinkSync(join(repoRoot, 'node_modules', entry), join(project, 'node_modules', entry))
  symlinkSync(repoRoot, join(project, 'node_modules', 'web3-market-contract'))
  mkdirSync(join(project, 'fixtures'))
  writeFileSync(join(project, 'fixtures', 'contract.json'), '{}\n')
  writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }))
  const { compilerOptions } = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>
  }
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
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
  )
  for (const example of named) writeFileSync(join(project, `${example.name}.${example.language}`), `${example.code}\n`)
  for (const [name, run] of Object.entries(runs))
    if (run.driver) writeFileSync(join(project, `${name}.driver.ts`), run.driver)
  server = await startLocalServer({ port: 0, dataDirDump: dumpedStore() })
}, 120_000)

afterAll(async () => {
  await server?.close()
  if (project) rmSync(project, { recursive: true, force: true })
})

describe('README examples', () => {
  test('every ts/js block is named, once, and has a run', () => {
    expect(named).toHaveLength(fences)
    const names = named.map((example) => example.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names.sort()).toEqual(Object.keys(runs).sort())
  })

  test('type-check together (tsc, the repository compiler options, imports by package name)', () => {
    const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc')
    const result = (() => {
      try {
        return execFileSync(tsc, ['-p', project], { encoding: 'utf8', stdio: 'pipe' })
      } catch (error) {
        return (error as { stdout: string }).stdout
      }
    })()
    expect(result).toBe('')
  }, 180_000)

  test.each(named.filter((example) => !runs[example.name]?.ranBy).map((example) => [example.name, example] as const))(
    '%s runs',
    async (name, example) => {
      const run = runs[name]!
      const port = await freePort()
      const file = run.driver ? `${name}.driver.ts` : `${name}.${example.language}`
      const child = spawn(
        join(repoRoot, 'node_modules', '.bin', 'tsx'),
        ['--import', join(repoRoot, 'test', 'readme', 'route-default-hosts.ts'), file],
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
