import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { audiences } from './support/audiences.js'
import type { ConsumerProject } from './support/consumer-project.js'
import { packedTarball } from './support/packed-tarball.js'
import { sharedConsumerProject } from './support/shared-project.js'

type ExportTarget = string | { [condition: string]: ExportTarget }
const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, ExportTarget>
  scripts: Record<string, string>
}

/** The files of the tarball every package test installs (`npm pack`, after `npm run prepare` built dist/). */
let packed: Set<string>

beforeAll(() => {
  const listing = execFileSync('tar', ['-tzf', packedTarball()], { encoding: 'utf8' })
  packed = new Set(listing.split('\n').flatMap((path) => (path ? [path.replace(/^package\//, '')] : [])))
}, 120_000)

const strip = (path: string) => path.replace(/^\.\//, '')

describe('the published package', () => {
  it('builds dist/ on install and pack (prepare)', () => {
    expect(packageJson.scripts.prepare).toBe('npm run -s build')
  })

  it('ships every file its exports point to', () => {
    for (const [subpath, target] of Object.entries(packageJson.exports)) {
      const files = (target: ExportTarget): string[] =>
        typeof target === 'string' ? [target] : Object.values(target).flatMap(files)
      for (const file of files(target)) {
        if (file.includes('*')) {
          const prefix = strip(file.slice(0, file.indexOf('*')))
          expect(
            [...packed].some((path) => path.startsWith(prefix)),
            `${subpath} → ${file}`,
          ).toBe(true)
        } else {
          expect(packed.has(strip(file)), `${subpath} → ${file}`).toBe(true)
        }
      }
    }
  })

  it('ships LICENSE, README.md, CHANGELOG.md and docs/, no source maps without their sources, no module READMEs', () => {
    const docs = readdirSync(join(repoRoot, 'docs'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(repoRoot, join(entry.parentPath, entry.name)))
    for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md', ...docs]) expect(packed.has(file), file).toBe(true)
    expect([...packed].filter((path) => path.endsWith('.map'))).toEqual([])
    // docs/README.md is the API contract reference's index; the module READMEs under src/ are for maintainers.
    expect([...packed].filter((path) => /README/i.test(path) && path !== 'README.md' && !docs.includes(path))).toEqual(
      [],
    )
  })

  it('ships no tests, benchmarks, scripts or CI files', () => {
    expect([...packed].filter((path) => /^(test|bench|scripts|\.ci)\//.test(path))).toEqual([])
  })
})

/**
 * The package as a consumer gets it: `npm pack`, then the tarball installed into an empty project with the peers
 * the README names for the local server, used with `import` and `require()`.
 */
describe('the packed tarball in an empty project', () => {
  let consumer: ConsumerProject
  let project: string

  beforeAll(async () => {
    consumer = await sharedConsumerProject(audiences.localServer.peers)
    project = consumer.dir
  }, 240_000)

  afterAll(() => consumer.remove())

  const run = (file: string, source: string) => consumer.run(file, source)

  it.each([
    ['', 'createClients'],
    ['/marketplace', 'Marketplace'],
    ['/indexer', 'Indexer'],
    ['/validate', 'validateRequest'],
    ['/webhook', 'createWebhookReceiver'],
    ['/webhook/engine', 'createWebhookEngine'],
    ['/webhook/receiver', 'createWebhookReceiver'],
    ['/server', 'createHost'],
  ])('%s resolves through the package name to built JavaScript exporting %s', (subpath, name) => {
    const source = `const module = await import('${packageJson.name}${subpath}')
console.log(typeof module.${name}, import.meta.resolve('${packageJson.name}${subpath}'))`
    const [type, resolved] = run(`resolves${subpath.replaceAll('/', '-')}.mjs`, source).split(' ')
    expect(type).toBe('function')
    expect(resolved).toMatch(new RegExp(`/node_modules/${packageJson.name}/dist/.+\\.js$`))
  })

  it('works with import', () => {
    const source = `import { createClients } from '${packageJson.name}'
import { Marketplace } from '${packageJson.name}/marketplace'
const clients = createClients({ network: 'polygon', accessKey: 'k' })
console.log(typeof clients.marketplace.getFloorOrder, typeof Marketplace)`
    expect(run('esm.mjs', source)).toBe('function function')
  })

  it('starts the local server from the package bin, first line the JSON credentials', async () => {
    const bin = join(consumer.nodeModules, '.bin', 'web3-market-contract')
    expect(execFileSync(bin, ['serve', '--help'], { encoding: 'utf8' })).toContain(
      'web3-market-contract serve [options]',
    )
    const server = spawn(bin, ['serve', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let buffered = ''
        server.stdout!.on('data', (chunk: Buffer) => {
          buffered += chunk.toString()
          if (buffered.includes('\n')) resolve(buffered.slice(0, buffered.indexOf('\n')))
        })
        server.on('exit', (code) => reject(new Error(`the bin exited with ${code}`)))
      })
      const { url, accessKey } = JSON.parse(line) as { url: string; accessKey: string }
      const source = `import { createClients, localUrls } from '${packageJson.name}'
const clients = createClients({ network: 'polygon', accessKey: '${accessKey}', urls: localUrls('${url}') })
const { count } = await clients.marketplace.getCountOfAllCollectibles({ contractAddress: '0x4e10000000000000000000000000000000000721' })
console.log(count)`
      expect(Number(run('bin-client.mjs', source))).toBeGreaterThan(0)
      // fast-check is an optional peer of `conform` only: not installed here, the bin says what to install.
      const conform = spawnSync(bin, ['conform', '--url', url, '--access-key', accessKey, '--service', 'metadata'], {
        encoding: 'utf8',
      })
      expect({ status: conform.status, stderr: conform.stderr.trim() }).toEqual({
        status: 1,
        stderr:
          'web3-market-contract conform needs the optional peer dependency fast-check, which is not installed: npm install --save-dev fast-check',
      })
      // swagger-ui-dist is an optional peer: not installed here, /docs says what to install.
      expect(existsSync(join(consumer.nodeModules, 'swagger-ui-dist'))).toBe(false)
      expect(await (await fetch(`${url}/docs`)).text()).toContain(
        'GET /docs needs the optional peer dependency swagger-ui-dist: npm install --save-dev swagger-ui-dist',
      )
    } finally {
      server.kill()
    }
  }, 60_000)

  it('starts the local server with its own fixtures from a consumer script (web3-market-contract/local)', () => {
    const fixtures = {
      collections: [
        {
          network: 'base',
          contractAddress: '0x000000000000000000000000000000000000c0de',
          name: 'Consumer collection',
          contractType: 'ERC721',
          tokens: [{ tokenId: '1', name: 'One', attributes: [] }],
        },
      ],
    }
    writeFileSync(join(project, 'fixtures.json'), JSON.stringify(fixtures))
    const source = `import { startLocalServer } from '${packageJson.name}/local'
import { createClients, localUrls } from '${packageJson.name}'
const server = await startLocalServer({ port: 0, fixtures: 'fixtures.json' })
const clients = createClients({ network: 'base', accessKey: server.accessKey, urls: localUrls(server.url) })
const { count } = await clients.marketplace.getCountOfAllCollectibles({ contractAddress: '0x000000000000000000000000000000000000c0de' })
await server.close()
console.log(count)`
    expect(run('local-server.mjs', source)).toBe('1')
  }, 60_000)

  it('works with require() (Node 20.19+ loads the ES modules synchronously)', () => {
    const source = `const { createClients } = require('${packageJson.name}')
const { Relayer } = require('${packageJson.name}/relayer')
const { startLocalServer } = require('${packageJson.name}/local')
const clients = createClients({ network: 'polygon', accessKey: 'k' })
console.log(typeof clients.relayer.listGasSponsors, typeof Relayer, typeof startLocalServer)`
    expect(run('cjs.cjs', source)).toBe('function function function')
  })
})
