import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { consoleLog } from '../observability/log.js'

/** The lock file an embedded store keeps in its data directory while it is open. */
export const lockFileName = 'store.lock'

/** A second process (or a second open in this one) wanted a data directory that is already open. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      pid === undefined
        ? `data directory ${dataDir} is locked by ${join(dataDir, lockFileName)}, which names no process yet; ` +
            'if no server is using it, delete that file'
        : `data directory ${dataDir} is already in use by process ${pid}${pid === process.pid ? ' (this process)' : ''}; ` +
            'stop that server or use another DATA_DIR',
    )
    this.name = 'DataDirLockedError'
  }
}

export interface DataDirLock {
  readonly path: string
  release(): void
}

/** Locks held by this process, released on exit whatever way the process ends short of SIGKILL. */
const held = new Set<string>()
let exitHookInstalled = false

function releaseAllOnExit(): void {
  for (const path of held) {
    try {
      removeIfOurs(path)
    } catch (error) {
      // Exiting: no caller to tell. The next opener finds the file naming a dead process and takes it over.
      consoleLog(`could not remove the lock file ${path}`, error)
    }
  }
  held.clear()
}

function removeIfOurs(path: string): void {
  try {
    if (readPid(path) === process.pid) unlinkSync(path)
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error // else already gone
  }
}

/** The pid written in a lock file; undefined when the file holds no pid (yet). Throws ENOENT when there is no file. */
function readPid(path: string): number | undefined {
  const text = readFileSync(path, 'utf8').trim()
  return /^\d+$/.test(text) ? Number(text) : undefined
}

/** Whether process `pid` runs (as any user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}

/** A lock file without a pid is a process between creating and writing it; only an old one is abandoned. */
const PIDLESS_GRACE_MS = 10_000

/**
 * Takes the exclusive lock of a data directory: `store.lock`, created with O_EXCL and holding this pid.
 * A lock whose pid is no longer alive is taken over; a live one makes this throw DataDirLockedError.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, lockFileName)
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number
    try {
      fd = openSync(path, 'wx', 0o644)
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') throw error
      let pid: number | undefined
      try {
        pid = readPid(path)
        if (pid === undefined && Date.now() - statSync(path).mtimeMs < PIDLESS_GRACE_MS) {
          throw new DataDirLockedError(dir, undefined)
        }
      } catch (readError) {
        if (errnoCode(readError) === 'ENOENT') continue // released meanwhile: try again
        throw readError
      }
      if (pid !== undefined && isAlive(pid)) throw new DataDirLockedError(dir, pid)
      // Stale: its process is gone. Remove it only if it is still that same stale lock, then race for a new one.
      try {
        if (readPid(path) === pid) unlinkSync(path)
      } catch (removeError) {
        if (errnoCode(removeError) !== 'ENOENT') throw removeError
      }
      continue
    }
    try {
      writeSync(fd, `${process.pid}\n`)
    } finally {
      closeSync(fd)
    }
    held.add(path)
    if (!exitHookInstalled) {
      exitHookInstalled = true
      process.on('exit', releaseAllOnExit)
    }
    let released = false
    return {
      path,
      release() {
        if (released) return
        released = true
        held.delete(path)
        removeIfOurs(path)
      },
    }
  }
  throw new Error(`could not take the lock ${path}: other processes keep replacing it`)
}
