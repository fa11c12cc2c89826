import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createClients, localUrls, type Clients } from '../../src/entries/index.js'
import { npmStartArgs } from '../support/npm-start.js'
import { seededDataDir } from '../support/store-dump.js'

const dataDir = seededDataDir(mkdtempSync(join(tmpdir(), 'data-dir-kill-')))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

interface Started {
  child: ChildProcess
  url: string
  clients: Clients
  owner: Record<string, string>
}

async function npmStart(): Promise<Started> {
  const child = spawn(process.execPath, npmStartArgs(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', FIXTURES: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk))
  const firstLine = await new Promise<string>((resolve, reject) => {
    let buffered = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const end = buffered.indexOf('\n')
      if (end >= 0) resolve(buffered.slice(0, end))
    })
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${stderr}`)))
  })
  const { url, accessKey, secretKey } = JSON.parse(firstLine) as { url: string; accessKey: string; secretKey: string }
  return {
    child,
    url,
    clients: createClients({ network: 'polygon', accessKey, secretKey, urls: localUrls(url) }),
    owner: { 'X-Access-Key': accessKey, Authorization: `BEARER ${secretKey}` },
  }
}

const filters = {
  contractAddresses: ['0x00000000000000000000000000000000000d0002'],
  events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
}

async function deliveriesStatus(server: Started, listenerId: string): Promise<number> {
  const response = await fetch(`${server.url}/polygon-indexer/webhooks/${listenerId}/deliveries`, {
    headers: server.owner,
  })
  await response.arrayBuffer()
  return response.status
}

it('a DATA_DIR server killed with SIGKILL while adding listeners starts again on the folder with every acknowledged listener', async () => {
  const first = await npmStart()
  const acknowledged: string[] = []
  let killed = false
  // Four callers add listeners back to back; the kill lands while calls are in flight.
  const callers = Array.from({ length: 4 }, async (_, caller) => {
    for (let i = 0; !killed; i++) {
      try {
        const { listener } = await first.clients.indexer.addWebhookListener({
          url: `http://127.0.0.1:9/hook-${caller}-${i}`,
          filters,
        })
        acknowledged.push(listener.id)
      } catch {
        if (!killed) throw new Error('a call failed before the kill')
      }
    }
  })
  while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 10))
  killed = true
  const exited = new Promise((resolve) => first.child.once('exit', resolve))
  first.child.kill('SIGKILL')
  await exited
  await Promise.all(callers)

  // The lock file of the killed process is still there: the new server takes it over and opens the store.
  const second = await npmStart()
  const statuses = await Promise.all(acknowledged.map((id) => deliveriesStatus(second, id)))
  expect(statuses.filter((status) => status !== 200)).toEqual([])
  // The check can fail: a listener the store does not hold is answered with an error.
  expect(await deliveriesStatus(second, '00000000-0000-4000-8000-000000000000')).not.toBe(200)
  // The store takes new writes.
  const { listener } = await second.clients.indexer.addWebhookListener({ url: 'http://127.0.0.1:9/after', filters })
  expect(await deliveriesStatus(second, listener.id)).toBe(200)
  second.child.kill('SIGTERM')
  expect(await new Promise((resolve) => second.child.once('exit', resolve))).toBe(0)
}, 60_000)
