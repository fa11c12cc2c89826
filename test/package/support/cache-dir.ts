import { mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Kept across test runs and shared by the test files of the package tests: the packed tarball, and each run's
 * shared installs (shared-project.ts).
 */
export const cacheDir = join(tmpdir(), 'web3-market-contract-consumer-cache')

const staleLockMs = 10 * 60_000
const pollMs = 250

/** Takes the lock `name` if it is free; a lock older than 10 minutes was left by a killed run and is removed. */
function tryLock(name: string): string | undefined {
  mkdirSync(cacheDir, { recursive: true })
  const lock = join(cacheDir, `${name}.lock`)
  try {
    mkdirSync(lock)
    return lock
  } catch {
    const taken = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
    if (Date.now() - taken > staleLockMs) rmSync(lock, { force: true, recursive: true })
    return undefined
  }
}

/**
 * Runs `work` holding a lock shared by the test files (vitest runs them in parallel workers), so one of them
 * packs the tarball or makes a shared install and the others wait for it.
 */
export function withLock<T>(name: string, work: () => T): T {
  let lock: string | undefined
  while (!(lock = tryLock(name))) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pollMs)
  try {
    return work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** withLock for asynchronous work: waits without blocking its worker, where other tests may run meanwhile. */
export async function withLockAsync<T>(name: string, work: () => Promise<T>): Promise<T> {
  let lock: string | undefined
  while (!(lock = tryLock(name))) await sleep(pollMs)
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
