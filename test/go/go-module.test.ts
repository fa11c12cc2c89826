import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { goModuleDir, repoRoot } from '../../scripts/pipeline/paths.js'
import { userTextFiles } from '../docs/examples/user-examples.js'
import { go } from './support/go-program.js'

// The Go module (go/), its examples and this folder's Go program, with the machine's Go: formatted as gofmt
// writes Go, `go vet` clean, the module's own tests passing; and every Go example of the guides compiles.

const examplesDir = join(goModuleDir, 'examples')
/** The machine's gofmt, beside its go. */
const gofmt = join(go(repoRoot, 'env', 'GOROOT').trim(), 'bin', 'gofmt')
const modules = [goModuleDir, examplesDir, join(repoRoot, 'test', 'go', 'calls')]

describe('the Go module', () => {
  it.each(modules)(
    '%s: gofmt and go vet find nothing',
    (dir) => {
      const unformatted = execFileSync(gofmt, ['-l', dir], { encoding: 'utf8' }).trim().split('\n').filter(Boolean)
      expect(unformatted).toEqual([])
      go(dir, 'vet', './...')
    },
    120_000,
  )

  it("passes its own tests (the keys' transport, the addresses)", () => {
    expect(go(goModuleDir, 'test', './...')).toMatch(/^ok\s+\S+\/contract\b/m)
  }, 120_000)
})

/** Every ```go block of the guides, with the name on the line above it. */
const goBlock = /<!-- example: ([a-z0-9-]+) -->\n```go\n([\s\S]*?)\n```/g
const goExamples = userTextFiles.flatMap((file) =>
  [...readFileSync(join(repoRoot, file), 'utf8').matchAll(goBlock)].map(([, name, code]) => ({
    name: name!,
    code: code!,
    file,
  })),
)
const work = mkdtempSync(join(tmpdir(), 'go-guide-examples-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe("the guides' Go examples", () => {
  it('every ```go block is named, and there is one for the clients, the receiver and the server', () => {
    const fences = userTextFiles.flatMap((file) => readFileSync(join(repoRoot, file), 'utf8').match(/^```go$/gm) ?? [])
    expect(goExamples.length).toBe(fences.length)
    expect(goExamples.map((example) => example.name)).toEqual(['go-clients', 'go-webhook-receiver', 'go-server-stub'])
  })

  // A program each, in a module of its own that requires the Go module as a Go team's does (replaced by go/).
  it('compile, each a program of a module requiring the Go module, and go vet finds nothing', () => {
    const goMod = readFileSync(join(examplesDir, 'go.mod'), 'utf8')
      .replace(/^module .*$/m, 'module guide-examples')
      .replace(/=> \.\.\/$/m, `=> ${goModuleDir}`)
    writeFileSync(join(work, 'go.mod'), goMod)
    cpSync(join(examplesDir, 'go.sum'), join(work, 'go.sum'))
    for (const { name, code } of goExamples) {
      mkdirSync(join(work, name), { recursive: true })
      writeFileSync(join(work, name, 'main.go'), `${code}\n`)
    }
    go(work, 'vet', './...')
    go(work, 'build', './...')
  }, 120_000)
})
