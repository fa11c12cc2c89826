import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { watch } from 'chokidar'
import { exitWithHelpIfAsked } from './cli-help.js'
import { genDir, repoRoot } from './paths.js'

const usage = `npm run gen:watch [-- --help]

Regenerates gen/ whenever a schema file (schema/*.ridl, schema/*.json), a pipeline script
(scripts/**/*.ts) or the sample data the OpenAPI examples come from (src/local/sample-data.ts) is saved, however the editor saves it (in place, write-then-rename, delete and
create). Prints which file changed and which gen/ files the run changed. A save during a run is
followed by one more run, so the last save always wins.`

/** Saves that land within this window make one run. */
const DEBOUNCE_MS = 30

/**
 * The files generation reads. Editors' and tools' temporary files (.#x, x~, x.swp, .x.ridl.tmp,
 * sed's sedXXXXXX, vim's 4913) never match, so they neither trigger a run nor show up as changed.
 */
export function isWatchedSource(path: string): boolean {
  const parts = path.split(sep)
  const name = parts.at(-1)!
  if (name.startsWith('.')) return false
  if (parts[0] === 'schema' && parts.length === 2) return /\.(ridl|json)$/.test(name)
  if (parts[0] === 'scripts' && parts[1] !== 'tools') return /\.ts$/.test(name)
  // The OpenAPI request examples are made of the local server's sample data.
  return path === join('src', 'local', 'sample-data.ts')
}

/** Content hashes of every file under gen/, by path relative to the repo. */
function snapshotGen(): Map<string, string> {
  const hashes = new Map<string, string>()
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) visit(path)
      else hashes.set(relative(repoRoot, path), createHash('sha1').update(readFileSync(path)).digest('hex'))
    }
  }
  visit(genDir)
  return hashes
}

function changedGenFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()])
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort()
}

/** One run in a fresh process, so an edit to scripts/ takes effect without restarting the watcher. */
function generateOnce(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'generate.ts')], {
      cwd: repoRoot,
      stdio: 'inherit',
    })
    child.on('exit', (code) => resolve(code === 0))
  })
}

function main(): void {
  exitWithHelpIfAsked(usage)
  let pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let running = false

  const run = async () => {
    running = true
    while (pending.size > 0) {
      const changed = [...pending].sort()
      pending = new Set()
      console.log(`changed: ${changed.join(', ')}`)
      const before = snapshotGen()
      const started = performance.now()
      const ok = await generateOnce()
      const ms = Math.round(performance.now() - started)
      if (!ok) {
        console.log(`generation failed after ${ms} ms; still watching`)
        continue
      }
      const written = changedGenFiles(before, snapshotGen())
      console.log(`regenerated in ${ms} ms: ${written.length ? written.join(', ') : 'gen/ unchanged'}`)
    }
    running = false
  }

  const onEvent = (path: string) => {
    if (!isWatchedSource(path)) return
    pending.add(path)
    clearTimeout(timer)
    timer = setTimeout(() => {
      if (!running) void run()
    }, DEBOUNCE_MS)
  }

  // Paths in events are relative to cwd (schema/x.ridl); chokidar follows renames and re-creations.
  const watcher = watch(['schema', 'scripts', join('src', 'local', 'sample-data.ts')], {
    cwd: repoRoot,
    ignoreInitial: true,
  })
  watcher.on('add', onEvent).on('change', onEvent).on('unlink', onEvent)
  watcher.on('error', (error) => console.error(`watcher error: ${error instanceof Error ? error.message : error}`))
  watcher.on('ready', () => console.log('watching schema, scripts, src/local/sample-data.ts for changes'))
}

if (import.meta.url === `file://${process.argv[1]}`) main()
