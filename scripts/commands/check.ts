import { exitWithHelpIfAsked } from './cli-help.js'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from '../pipeline/generate.js'
import { isGeneratedGoFile } from '../emit/golang/index.js'
import { genDir, goModuleDir } from '../pipeline/paths.js'
import { listTree } from '../pipeline/write-tree.js'

/** Files that differ between two generated trees (added, removed or changed), of those `generated` names. */
export function diffTrees(
  expectedDir: string,
  actualDir: string,
  generated: (name: string) => boolean = () => true,
): string[] {
  const names = new Set([...listTree(expectedDir), ...listTree(actualDir)].filter(generated))
  return [...names].sort().filter((name) => {
    const a = join(expectedDir, name)
    const b = join(actualDir, name)
    return !existsSync(a) || !existsSync(b) || !readFileSync(a).equals(readFileSync(b))
  })
}

interface CheckResult {
  differing: string[]
  freshDir: string
  freshGoDir: string
}

/**
 * Regenerates into temporary folders (gen/ into one, the Go module's generated files into another) and compares
 * with gen/ and go/'s generated files; returns the differing files (the Go module's as go/<path>).
 */
export async function checkGenerated(
  committedDir: string = genDir,
  committedGoDir: string = goModuleDir,
): Promise<CheckResult> {
  const freshDir = mkdtempSync(join(tmpdir(), 'gen-check-'))
  const freshGoDir = mkdtempSync(join(tmpdir(), 'gen-check-go-'))
  await generate(freshDir, { cache: false, goDir: freshGoDir })
  const goDiffering = diffTrees(committedGoDir, freshGoDir, isGeneratedGoFile).map((name) => `go/${name}`)
  return { differing: [...diffTrees(committedDir, freshDir), ...goDiffering], freshDir, freshGoDir }
}

/** `npm run gen:check`: scripts/launch.mjs runs it. */
export async function main(): Promise<void> {
  exitWithHelpIfAsked(`npm run gen:check [-- --help]

Regenerates everything into a temporary folder and compares it with the committed gen/ and the Go
module's generated files (go/**/*.gen.go): exits 0 when they are byte-identical, else 1, naming the
files that differ and showing the diff.`)
  let result: CheckResult
  try {
    result = await checkGenerated()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  const { differing, freshDir, freshGoDir } = result
  const removeFresh = () => {
    for (const dir of [freshDir, freshGoDir]) rmSync(dir, { recursive: true, force: true })
  }
  if (differing.length === 0) {
    console.log('gen/ and go/ are up to date with schema/ and scripts/')
    removeFresh()
    return
  }
  console.error(`gen/ or go/ is out of date (${differing.length} files differ); run \`npm run gen\`:`)
  for (const name of differing) console.error(`  ${name}`)
  const pairs: [string, string][] = [[genDir, freshDir]]
  // Only the generated Go files: the hand-written ones beside them are no part of the comparison.
  for (const name of differing.filter((name) => name.startsWith('go/')))
    pairs.push([join(goModuleDir, name.slice(3)), join(freshGoDir, name.slice(3))])
  for (const [committed, fresh] of pairs) {
    const existing = [committed, fresh].map((path) => (existsSync(path) ? path : '/dev/null'))
    spawnSync('git', ['--no-pager', 'diff', '--no-index', '--stat', '--', ...existing], { stdio: 'inherit' })
    spawnSync('git', ['--no-pager', 'diff', '--no-index', '--', ...existing], {
      stdio: ['ignore', 'inherit', 'inherit'],
    })
  }
  removeFresh()
  process.exit(1)
}
