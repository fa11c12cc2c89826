import { mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Kept across test runs and shared by the test files of the package tests: the packed tarball, the compilers. */
export const cacheDir = join(tmpdir(), 'web3-market-contract-consumer-cache')

const staleLockMs = 10 * 60_000

/**
 * Runs `work` holding a lock shared by the test files (vitest runs them in parallel workers), so one of them
 * packs the tarball or installs a compiler and the others wait for it. A lock older than 10 minutes was left by
 * a killed run and is taken over.
 */
export function withLock<T>(name: string, work: () => T): T {
  mkdirSync(cacheDir, { recursive: true })
  const lock = join(cacheDir, `${name}.lock`)
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > staleLockMs)
        rmSync(lock, { force: true, recursive: true })
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
    }
  }
  try {
    return work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
