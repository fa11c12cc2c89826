import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../../../scripts/pipeline/paths.js'

describe('validators under a strict Content-Security-Policy', () => {
  it('validate with code generation from strings disabled, where runtime-compiling ajv cannot', () => {
    const harness = join(repoRoot, 'test', 'scripts', 'emit', 'jsonschema', 'support', 'csp-harness.ts')
    const stdout = execFileSync(
      process.execPath,
      ['--disallow-code-generation-from-strings', '--import', 'tsx', harness],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
    expect(JSON.parse(stdout)).toEqual({
      newFunction: 'EvalError',
      runtimeCompile: 'EvalError',
      request: { ok: true },
      badRequest: { ok: false, issues: [{ path: '/input', keyword: 'type', message: 'must be array' }] },
      payload: { ok: true },
    })
  }, 30_000)
})
