import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { genDir, repoRoot } from '../../scripts/paths.js'
import { committedIRs } from '../support/ir.js'

/** The OpenAPI documents as other teams' tools take them: Redocly's linter and openapi-typescript. */
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name)
const stems = ['builder', 'indexer', 'marketplace', 'metadata', 'relayer']
const documents = stems.map((stem) => join(genDir, 'openapi', `${stem}.json`))
const documents31 = stems.map((stem) => join(genDir, 'openapi', '3.1', `${stem}.json`))
const work = mkdtempSync(join(tmpdir(), 'openapi-tools-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

it('redocly lint (recommended rules, redocly.yaml) finds no error and no warning in either version', () => {
  const output = execFileSync(
    bin('redocly'),
    ['lint', '--config', join(repoRoot, 'redocly.yaml'), ...documents, ...documents31],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  )
  expect(output).not.toMatch(/warning|error was generated/i)
}, 60_000)

it('openapi-typescript types every operation, and its output type-checks', () => {
  const checks: string[] = []
  for (const [i, stem] of stems.entries()) {
    execFileSync(bin('openapi-typescript'), [documents[i]!, '-o', join(work, `${stem}.d.ts`)], { stdio: 'pipe' })
    const ir = committedIRs().get(stem)!
    const ids = ir.services.flatMap((service) => service.methods.map((method) => `${service.name}_${method.name}`))
    checks.push(
      `import type { operations as ${stem} } from './${stem}.js'`,
      `const ${stem}Ids: { [K in keyof ${stem}]: true } = { ${ids.map((id) => `${id}: true`).join(', ')} }`,
      `const ${stem}Exact: Record<${ids.map((id) => `'${id}'`).join(' | ')}, true> = ${stem}Ids`,
      `void ${stem}Exact`,
    )
  }
  expect(checks.filter((line) => line.includes('Ids:')).length).toBe(5)
  writeFileSync(join(work, 'check.ts'), checks.join('\n') + '\n')
  execFileSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      join(work, 'check.ts'),
    ],
    { cwd: work, stdio: 'pipe' },
  )
}, 120_000)
