import { cpSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from '../../scripts/paths.js'

/** A copy of the parts of the repo that generation reads, so a test can edit a .ridl freely. */
export function copyRepoForGeneration(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gen-repo-'))
  for (const entry of ['schema', 'scripts', 'src', 'gen', 'package.json', '.prettierrc.json']) {
    cpSync(join(repoRoot, entry), join(dir, entry), { recursive: true })
  }
  for (const entry of ['node_modules', '.tools']) symlinkSync(join(repoRoot, entry), join(dir, entry))
  return dir
}
