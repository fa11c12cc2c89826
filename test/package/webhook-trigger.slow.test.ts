import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userExample } from '../docs/examples/user-examples.js'
import { audiences } from './support/audiences.js'
import type { ConsumerProject } from './support/consumer-project.js'
import { sharedConsumerProject } from './support/shared-project.js'

// The webhook guide's "Try it on your machine" as a reader runs it, from the packed package: `serve`, the guide's
// receiver script, then `trigger transfer` and `trigger reorg`, each its own process.

let consumer: ConsumerProject
const processes: ChildProcess[] = []

beforeAll(async () => {
  consumer = await sharedConsumerProject(audiences.localServer.peers)
}, 240_000)
afterAll(() => {
  for (const child of processes) child.kill('SIGKILL')
  consumer?.remove()
})

/** A process whose stdout lines are kept, and a wait for the first line matching a pattern. */
function started(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    cwd: consumer.dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  processes.push(child)
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return {
    async line(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = output
          .split('\n')
          .map((line) => pattern.exec(line))
          .find(Boolean)
        if (found) return found
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`no line matching ${pattern} from ${command} ${args.join(' ')}:\n${output}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

describe('web3-market-contract trigger, as the webhook guide runs it', () => {
  it('fires a verified delivery at a receiver and takes it back with a reorg, no chain running', async () => {
    const bin = join(consumer.nodeModules, '.bin', 'web3-market-contract')
    const server = started(bin, ['serve', '--port', '0'])
    const credentials = JSON.parse((await server.line(/^\{.*"secretKey".*\}$/))[0]) as Record<string, string>
    const keys = { ACCESS_KEY: credentials.accessKey!, SECRET_KEY: credentials.secretKey! }

    writeFileSync(join(consumer.dir, 'try-webhooks.mjs'), userExample('webhook-try-locally'))
    const receiver = started(process.execPath, ['try-webhooks.mjs'], {
      ...keys,
      CONTRACT_URL: credentials.url!,
      PORT: String(await freePort()),
    })
    // Its first call starts the local server's webhook engine (the store's tables made): under a loaded run, more
    // than the usual 30 s.
    const listenerId = (await receiver.line(/^listener (\S+)$/, 90_000))[1]!

    const trigger = async (...args: string[]) => {
      const run = await promisify(execFile)(
        bin,
        ['trigger', ...args, '--listener', listenerId, '--url', credentials.url!],
        {
          cwd: consumer.dir,
          env: { ...process.env, ...keys },
        },
      )
      return JSON.parse(run.stdout) as { uids: string[]; block?: { number: number }; dropped?: { number: number }[] }
    }
    const transfer = await trigger('transfer', '--token-id', '7')
    expect(transfer.uids).toHaveLength(1)
    const added = await receiver.line(new RegExp(`^added ${transfer.uids[0]} block ${transfer.block!.number} .*$`))
    expect(added[0]).toContain('0x0000000000000000000000000000000000000000000000000000000000000007')

    const reorg = await trigger('reorg')
    expect(reorg.dropped).toEqual([expect.objectContaining({ number: transfer.block!.number })])
    expect(reorg.uids).toHaveLength(1)
    await receiver.line(new RegExp(`^removed ${reorg.uids[0]} block ${transfer.block!.number}$`))

    // A refused trigger: one line naming the error, exit code 1.
    const refused = await promisify(execFile)(
      bin,
      ['trigger', 'reorg', '--depth', '99', '--listener', listenerId, '--url', credentials.url!],
      {
        cwd: consumer.dir,
        env: { ...process.env, ...keys },
      },
    ).catch((error: { code: number; stderr: string }) => error)
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^InvalidArgument: depth: not an integer from 1 to 64\n$/),
    })
  }, 180_000)
})
