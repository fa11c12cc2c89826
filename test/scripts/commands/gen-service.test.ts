import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { copyRepoForGeneration } from '../../support/repo-copy.js'

let dir: string
const gen = (...args: string[]) =>
  spawnSync(process.execPath, [join(dir, 'scripts', 'launch.mjs'), 'generate', ...args], {
    cwd: dir,
    encoding: 'utf8',
  })
const read = (path: string) => readFileSync(join(dir, path), 'utf8')

beforeAll(() => {
  dir = copyRepoForGeneration()
  // A new optional field in a struct of each of two services.
  const fields: [string, string][] = [
    ['builder', '  - name: string\n'],
    ['relayer', '  - active: bool\n'],
  ]
  for (const [stem, field] of fields) {
    const path = `schema/${stem}.ridl`
    expect(read(path)).toContain(field)
    writeFileSync(join(dir, path), read(path).replace(field, `${field}  - serviceProbe?: string\n`))
  }
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('--service regenerates that service only; the shared files follow every IR in gen/', () => {
  const result = gen('--service', 'relayer')
  expect(result.stderr).toBe('')
  expect(result.stdout).toMatch(/generated into gen in \d+ ms: \d+ files changed/)
  expect(read('gen/relayer.gen.ts')).toContain('serviceProbe?: string')
  expect(read('gen/schemas/relayer/GasSponsor.json')).toContain('serviceProbe')
  expect(read('gen/builder.gen.ts')).not.toContain('serviceProbe')
})

it('a full run after it brings the other service along; a second run changes nothing', () => {
  expect(gen().status).toBe(0)
  expect(read('gen/builder.gen.ts')).toContain('serviceProbe?: string')
  expect(gen().stdout).toContain('nothing changed')
})

it('an unknown service fails naming the service roots', () => {
  const result = gen('--service', 'nope')
  expect(result.status).toBe(1)
  expect(result.stderr).toContain(
    'no service root nope; service roots: builder, indexer, marketplace, metadata, relayer',
  )
})
