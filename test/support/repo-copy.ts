import { cpSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureGoTool } from '../../scripts/pipeline/go-tools.js'
import { repoRoot } from '../../scripts/pipeline/paths.js'

/**
 * A copy of the parts of the repo that generation reads, so a test can edit a .ridl freely. The copy
 * links this repository's .tools, so webrpc-gen is built here first, never by generation in the copy.
 */
export function copyRepoForGeneration(): string {
  ensureGoTool('webrpc-gen')
  const dir = mkdtempSync(join(tmpdir(), 'gen-repo-'))
  for (const entry of [
    'schema',
    'scripts',
    'src',
    'gen',
    'go',
    'package.json',
    'package-lock.json',
    '.prettierrc.json',
  ]) {
    cpSync(join(repoRoot, entry), join(dir, entry), { recursive: true })
  }
  for (const entry of ['node_modules', '.tools']) symlinkSync(join(repoRoot, entry), join(dir, entry))
  return dir
}
