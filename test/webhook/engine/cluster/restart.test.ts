import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { startTestReceiver, waitUntil } from '../../support/receiver-server.js'

const script = new URL('../../support/engine-process.ts', import.meta.url).pathname
const dataDir = mkdtempSync(join(tmpdir(), 'webhook-restart-'))
const children: ChildProcess[] = []

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

function startEngineProcess(env: Record<string, string>): { child: ChildProcess; lines: string[] } {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  const lines: string[] = []
  let buffered = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const parts = buffered.split('\n')
    buffered = parts.pop()!
    lines.push(...parts)
  })
  return { child, lines }
}

test('the engine process killed mid-backlog and restarted loses no delivery; the app sees each uid once', async () => {
  const receiver = await startTestReceiver()
  // Five deliveries reach the app; the rest of the backlog hangs at the receiver, so the kill lands mid-backlog.
  receiver.holdAfter(5)
  const seed = startEngineProcess({ PHASE: 'seed', RECEIVER_URL: receiver.url, COUNT: '30' })
  await waitUntil(() => seed.lines.length > 0, 'the listener and backlog are created', 30_000)
  const { secret, uids } = JSON.parse(seed.lines[0]!) as { secret: string; uids: string[] }
  expect(uids).toHaveLength(30)
  receiver.useSecret(secret)
  await waitUntil(() => receiver.delivered.length >= 5, 'part of the backlog is delivered', 30_000)
  const exited = new Promise((resolve) => seed.child.once('exit', resolve))
  seed.child.kill('SIGKILL')
  await exited
  expect(receiver.delivered).toHaveLength(5)

  receiver.holdAfter(undefined)
  const resumed = startEngineProcess({ PHASE: 'resume', RECEIVER_URL: receiver.url })
  await waitUntil(() => receiver.delivered.length === 30, 'the whole backlog is delivered after the restart', 30_000)
  expect(receiver.delivered.map((payload) => payload.uid).sort()).toEqual([...uids].sort())
  resumed.child.kill('SIGKILL')
  await receiver.close()
}, 90_000) // its three waits' limits: two engine processes start on a new DATA_DIR (an initdb each)
