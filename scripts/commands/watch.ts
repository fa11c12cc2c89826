import { fork, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename, join, sep } from 'node:path'
import { watch } from 'chokidar'
import { exitWithHelpIfAsked } from './cli-help.js'
import type { GenerationReply, GenerationRequest } from './generator-worker.js'
import { fixturesSchemaPath } from '../emit/fixture-types.js'
import { declaresService, repoRoot } from '../pipeline/paths.js'

const usage = `npm run gen:watch [-- --help]

Regenerates gen/ whenever a schema file (schema/*.ridl, schema/*.json), a pipeline script
(scripts/**/*.ts), the shared runtime (src/runtime), the sample data the OpenAPI examples come
from (src/reference/data/sample-data.ts) or the fixtures schema (schema/fixtures.schema.json) is saved, however the editor saves it (in place, write-then-rename,
delete and create). A .ridl that declares a service regenerates that service only. Prints which file
changed and which gen/ and go/ files the run changed. A save during a run is followed by one more run, so
the last save always wins. Generation runs in a worker process that stays warm between saves and is
replaced when its code changes (scripts/, src/runtime, the sample data).`

/** Saves that land within this window make one run. */
const DEBOUNCE_MS = 15

/** The sources of the sample data the OpenAPI request examples are made of. */
const sampleData = [
  join('src', 'reference', 'data', 'sample-data.ts'),
  join('src', 'reference', 'data', 'native-currency.ts'),
]
/** The local sources generation reads: the sample data and the fixtures schema (gen/fixtures.gen.ts, gen/validators/fixtures*.ts). */
const localSources = [...sampleData, join(...fixturesSchemaPath.split('/'))]

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
  if (parts[0] === 'src' && parts[1] === 'runtime') return /\.ts$/.test(name)
  return localSources.includes(path)
}

/**
 * A watched .ts file is code the worker has loaded (scripts/, and the src/ modules the pipeline bundles: the runtime's
 * wire patterns, the sample data): a change to one replaces the worker. The rest (schema/) is data it reads per run.
 */
const isPipelineCode = (path: string) => path.endsWith('.ts')

/** The service root a changed .ridl is, if it declares a service; any other change regenerates every service. */
function serviceRootOf(path: string): string | undefined {
  if (!/^schema[/\\][a-z0-9-]+\.ridl$/.test(path)) return undefined
  const file = join(repoRoot, path)
  return existsSync(file) && declaresService(readFileSync(file, 'utf8')) ? basename(path, '.ridl') : undefined
}

/** The services to regenerate for a set of changed files; undefined means all. */
export function affectedServices(changed: readonly string[]): string[] | undefined {
  const roots = changed.map(serviceRootOf)
  return roots.every((root) => root !== undefined) ? [...new Set(roots as string[])].sort() : undefined
}

class GeneratorWorker {
  #child: ChildProcess | undefined

  /** One run in the worker; a worker that died is replaced. */
  run(request: GenerationRequest): Promise<GenerationReply> {
    const child = (this.#child ??= fork(join(repoRoot, 'scripts', 'launch.mjs'), ['generator-worker'], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }))
    return new Promise((resolve) => {
      const onExit = () => {
        this.#child = undefined
        resolve({ ok: false, error: 'the generator process exited' })
      }
      child.once('exit', onExit)
      child.once('message', (reply: GenerationReply) => {
        child.off('exit', onExit)
        resolve(reply)
      })
      child.send(request)
    })
  }

  replace(): void {
    this.#child?.kill()
    this.#child = undefined
  }
}

/** `npm run gen:watch`: scripts/launch.mjs runs it. */
export function main(): void {
  exitWithHelpIfAsked(usage)
  const worker = new GeneratorWorker()
  let pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let running = false

  const run = async () => {
    running = true
    while (pending.size > 0) {
      const changed = [...pending].sort()
      pending = new Set()
      console.log(`changed: ${changed.join(', ')}`)
      const gone = changed.filter((path) => path.endsWith('.ridl') && !existsSync(join(repoRoot, path)))
      if (gone.length > 0) {
        console.log(
          `${gone.join(', ')} is gone; waiting for it to be saved again (npm run gen removes what it generated)`,
        )
        continue
      }
      if (changed.some(isPipelineCode)) worker.replace()
      const started = performance.now()
      const reply = await worker.run({ services: affectedServices(changed) })
      const ms = Math.round(performance.now() - started)
      if (!reply.ok) {
        console.log(reply.error)
        console.log(`generation failed after ${ms} ms; still watching`)
        continue
      }
      // gen/'s files come by path relative to it, the Go module's as go/<path>.
      const written = reply.changed.map((name) => (name.startsWith('go/') ? name : `gen/${name}`))
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
  const watcher = watch(['schema', 'scripts', join('src', 'runtime'), ...localSources], {
    cwd: repoRoot,
    ignoreInitial: true,
    // An event only once a save is whole: a run never reads a file its editor is still writing.
    awaitWriteFinish: { stabilityThreshold: 10, pollInterval: 5 },
  })
  watcher.on('add', onEvent).on('change', onEvent).on('unlink', onEvent)
  watcher.on('error', (error) => console.error(`watcher error: ${error instanceof Error ? error.message : error}`))
  watcher.on('ready', () =>
    console.log('watching schema, scripts, src/runtime, the sample data and the fixtures schema for changes'),
  )
  process.on('exit', () => worker.replace())
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0))
}
