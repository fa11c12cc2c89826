import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { createClients, localUrls } from '../../src/entries/index.js'
import { sampleCollections } from '../../src/reference/data/sample-data.js'
import { inMemoryStartEnvIn, npmStartArgs } from '../support/npm-start.js'
import { waitUntil } from '../webhook/support/receiver-server.js'

/** What a person's first webhook call meets on a new `npm start` (test/local/first-webhook-call.alone.test.ts, bench/). */
export interface FirstWebhookCall {
  /** From the process's start to its credentials line. */
  lineMs: number
  /** The process's peak RSS when the line came (VmHWM). */
  peakRssAtLineMiB: number
  /** The first AddWebhookListener, sent `waitedMs` after the line, from sending to its answer. */
  callMs: number
  waitedMs: number
  /** The process's peak RSS once the call was answered. */
  peakRssMiB: number
}

/** Sends a first AddWebhookListener to the server at `url` (its credentials line's fields); its duration. */
export async function firstListenerMs(printed: { url: string; accessKey: string; secretKey: string }): Promise<number> {
  const clients = createClients({
    network: 'polygon',
    accessKey: printed.accessKey,
    secretKey: printed.secretKey,
    urls: localUrls(printed.url),
  })
  const started = performance.now()
  await clients.indexer.addWebhookListener({
    url: 'http://127.0.0.1:9/hook',
    filters: {
      contractAddresses: [sampleCollections.heroes.contractAddress],
      events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
    },
  })
  return performance.now() - started
}

const peakRssMiB = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/**
 * `npm start` (what package.json's start script runs, in memory) in a process of its own with a new, empty home
 * directory, so that nothing the package may have kept for its user is there (or with `home`, kept: what an earlier
 * start there kept is found); its first AddWebhookListener sent `waitMs` after the credentials line. `root` is the
 * checkout it runs in.
 */
export async function firstWebhookCall(waitMs: number, root?: string, home?: string): Promise<FirstWebhookCall> {
  const startHome = home ?? mkdtempSync(join(tmpdir(), 'fresh-home-'))
  const started = performance.now()
  const child = spawn(process.execPath, npmStartArgs(root), {
    cwd: startHome,
    env: inMemoryStartEnvIn(startHome),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
    const first = (await lines.next()).value as string | undefined
    const lineMs = performance.now() - started
    if (first === undefined) throw new Error('npm start ended without its credentials line')
    const peakRssAtLineMiB = peakRssMiB(child.pid!)
    await sleep(waitMs)
    const callMs = await firstListenerMs(JSON.parse(first) as { url: string; accessKey: string; secretKey: string })
    const result = { lineMs, peakRssAtLineMiB, callMs, waitedMs: waitMs, peakRssMiB: peakRssMiB(child.pid!) }
    // A kept home is for a later start: it finds the store's template once this one has written it.
    if (home) await waitUntil(() => storeTemplateIn(home) !== undefined, 'the store template is kept in the home')
    return result
  } finally {
    child.kill('SIGTERM')
    await exited
    if (!home) rmSync(startHome, { recursive: true, force: true })
  }
}

/** The embedded store's template a start in `home` kept (src/local/store-template.ts; gzip'd by earlier code), if any. */
export function storeTemplateIn(home: string): string | undefined {
  const folder = join(home, '.cache', 'web3-market-contract')
  const file = existsSync(folder) ? readdirSync(folder).find((name) => /\.tar(\.gz)?$/.test(name)) : undefined
  return file && join(folder, file)
}
