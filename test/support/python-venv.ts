import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { madeOnce } from './made-once.js'

const requirements = join(repoRoot, 'test', 'support', 'python', 'requirements.txt')

/**
 * A Python venv with exactly test/support/python/requirements.txt installed from PyPI (pinned versions,
 * `--require-hashes`), made once per content of that file under node_modules/.cache and reused after.
 * Returns the venv's python: run tools as `python -m <tool>` (the venv is made aside and renamed, so its
 * scripts' `#!` lines name the old place).
 */
export function venvPython(): string {
  const hash = createHash('sha256').update(readFileSync(requirements)).digest('hex').slice(0, 16)
  const dir = join(repoRoot, 'node_modules', '.cache', 'web3-market-contract-python', hash)
  const python = join('bin', 'python')
  madeOnce(dir, python, (partial) => {
    execFileSync('python3', ['-m', 'venv', partial], { stdio: 'pipe' })
    execFileSync(
      join(partial, python),
      [
        ...['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check'],
        ...['--require-hashes', '--no-deps', '--only-binary=:all:', '-r', requirements],
      ],
      { stdio: 'pipe', timeout: 300_000 },
    )
  })
  return join(dir, python)
}
