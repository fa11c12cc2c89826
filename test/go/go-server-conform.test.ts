import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import type { ConformReport } from '../../src/conform/run.js'
import { buildGoProgram } from './support/go-program.js'

// The Go server example (go/examples/contract-server), made from the generated server interfaces and answering
// from the sample data, passes every check of the package's conform kit, as another team runs it: the bin's
// `conform` command, judged by its exit code and its JSON report.

let binary: string
let server: ChildProcess
let credentials: { url: string; accessKey: string; secretKey: string }
const work = mkdtempSync(join(tmpdir(), 'go-conform-'))

beforeAll(async () => {
  binary = buildGoProgram(join(repoRoot, 'go', 'examples', 'contract-server'), 'contract-server')
  server = spawn(binary, ['-contract', repoRoot, '-listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] })
  credentials = await new Promise((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', (line) => resolve(JSON.parse(line)))
    server.on('exit', (code) => reject(new Error(`the Go server exited with ${code}`)))
  })
}, 120_000)

afterAll(() => {
  server?.kill()
  if (binary) rmSync(dirname(binary), { recursive: true, force: true })
  rmSync(work, { recursive: true, force: true })
})

it('`conform` passes every check of all five services against the Go server', async () => {
  const json = join(work, 'conform.json')
  const args = ['--url', credentials.url, '--access-key', credentials.accessKey, '--secret-key', credentials.secretKey]
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'src', 'cli', 'bin.ts'), 'conform', ...args, '--json', json],
      { cwd: repoRoot },
    )
    child.on('exit', resolve)
  })
  const report = JSON.parse(readFileSync(json, 'utf8')) as ConformReport
  const failed = report.results.filter((r) => r.outcome === 'failed').map((r) => `${r.operation} ${r.id}: ${r.message}`)
  expect(failed).toEqual([])
  expect(exitCode).toBe(0)
  // Every check ran: the kit skips only what needs a --webhook-trigger, which this server cannot follow.
  const skipped = report.results.filter((r) => r.outcome === 'skipped')
  expect(skipped).toEqual([])
  expect(report.results.length).toBeGreaterThan(100)
}, 120_000)
