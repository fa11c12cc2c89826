import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { genDir, repoRoot } from '../../../../scripts/pipeline/paths.js'
import { incrementalTsc } from '../../../support/incremental-tsc.js'
import { testCacheDir, writeFileAtomically } from '../../../support/test-cache.js'
import { committedIRs } from '../../../support/ir.js'

/** The OpenAPI documents as other teams' tools take them: Redocly's linter and openapi-typescript. */
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name)
const stems = ['builder', 'indexer', 'marketplace', 'metadata', 'relayer']
const documents = stems.map((stem) => join(genDir, 'openapi', `${stem}.json`))
const documents31 = stems.map((stem) => join(genDir, 'openapi', '3.1', `${stem}.json`))
// Kept between runs, so that tsc --incremental finds its last run's work.
const work = testCacheDir('openapi-tools')

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
  // One openapi-typescript run for the five documents (each run spends most of its time starting): a Redocly
  // config that extends the repository's, whose `apis` name the documents and where their types go.
  mkdirSync(work, { recursive: true })
  const generated = mkdtempSync(`${work}.`)
  try {
    const apis = stems.map(
      (stem, i) => `  ${stem}:\n    root: ${documents[i]}\n    x-openapi-ts:\n      output: ./${stem}.d.ts\n`,
    )
    writeFileSync(
      join(generated, 'redocly.yaml'),
      `extends:\n  - ${join(repoRoot, 'redocly.yaml')}\napis:\n${apis.join('')}`,
    )
    execFileSync(bin('openapi-typescript'), ['--redocly', join(generated, 'redocly.yaml')], { stdio: 'pipe' })
    for (const stem of stems)
      writeFileAtomically(join(work, `${stem}.d.ts`), readFileSync(join(generated, `${stem}.d.ts`), 'utf8'))
  } finally {
    rmSync(generated, { recursive: true, force: true })
  }
  const checks: string[] = []
  for (const stem of stems) {
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
  writeFileAtomically(join(work, 'check.ts'), checks.join('\n') + '\n')
  const options = [
    '--noEmit',
    '--strict',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--target',
    'es2022',
  ]
  expect(
    incrementalTsc([...options, join(work, 'check.ts')], testCacheDir('tsbuildinfo/openapi-tools.tsbuildinfo')),
  ).toEqual({ code: 0, output: '' })
}, 120_000)
