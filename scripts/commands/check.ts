import { exitWithHelpIfAsked } from './cli-help.js'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from '../pipeline/generate.js'
import { genDir } from '../pipeline/paths.js'
import { listTree } from '../pipeline/write-tree.js'

/** Files that differ between two generated trees (added, removed or changed). */
export function diffTrees(expectedDir: string, actualDir: string): string[] {
  const names = new Set([...listTree(expectedDir), ...listTree(actualDir)])
  return [...names].sort().filter((name) => {
    const a = join(expectedDir, name)
    const b = join(actualDir, name)
    return !existsSync(a) || !existsSync(b) || !readFileSync(a).equals(readFileSync(b))
  })
}

/** Regenerates into a temporary folder and compares with gen/; returns the differing files. */
export async function checkGenerated(
  committedDir: string = genDir,
): Promise<{ differing: string[]; freshDir: string }> {
  const freshDir = mkdtempSync(join(tmpdir(), 'gen-check-'))
  await generate(freshDir, { cache: false })
  return { differing: diffTrees(committedDir, freshDir), freshDir }
}

/** `npm run gen:check`: scripts/launch.mjs runs it. */
export async function main(): Promise<void> {
  exitWithHelpIfAsked(`npm run gen:check [-- --help]

Regenerates everything into a temporary folder and compares it with the committed gen/: exits 0
when they are byte-identical, else 1, naming the files that differ and showing the diff.`)
  let result: { differing: string[]; freshDir: string }
  try {
    result = await checkGenerated()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  const { differing, freshDir } = result
  if (differing.length === 0) {
    console.log('gen/ is up to date with schema/ and scripts/')
    rmSync(freshDir, { recursive: true, force: true })
    return
  }
  console.error(`gen/ is out of date (${differing.length} files differ); run \`npm run gen\`:`)
  for (const name of differing) console.error(`  ${name}`)
  spawnSync('git', ['--no-pager', 'diff', '--no-index', '--stat', '--', genDir, freshDir], { stdio: 'inherit' })
  spawnSync('git', ['--no-pager', 'diff', '--no-index', '--', genDir, freshDir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  rmSync(freshDir, { recursive: true, force: true })
  process.exit(1)
}
