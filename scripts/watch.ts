import { spawn } from 'node:child_process'
import { watch } from 'node:fs'
import { join, relative } from 'node:path'
import { repoRoot } from './paths.js'

const watched = ['schema', 'scripts']
const debounceMs = 150
let pending = new Set<string>()
let timer: NodeJS.Timeout | undefined
let running = false

/** Generation runs in a fresh process, so edits to scripts/ take effect without restarting the watcher. */
function regenerate(): void {
  if (running) return
  running = true
  const changed = [...pending]
  pending = new Set()
  console.log(`changed: ${changed.join(', ')}`)
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'generate.ts')], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
  child.on('exit', (code) => {
    const ms = Math.round(performance.now() - started)
    console.log(code === 0 ? `regenerated in ${ms} ms` : `generation failed after ${ms} ms; still watching`)
    running = false
    if (pending.size > 0) schedule()
  })
}

function schedule(): void {
  clearTimeout(timer)
  timer = setTimeout(regenerate, debounceMs)
}

for (const dir of watched) {
  watch(join(repoRoot, dir), { recursive: true }, (_event, file) => {
    if (!file || file.includes('node_modules') || file.startsWith('tools/')) return
    pending.add(relative(repoRoot, join(repoRoot, dir, file.toString())))
    schedule()
  })
}
console.log(`watching ${watched.join(', ')} for changes`)
