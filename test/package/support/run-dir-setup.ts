import { mkdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { cacheDir } from './cache-dir.js'

declare module 'vitest' {
  interface ProvidedContext {
    /** This run's folder in the cache dir, for the projects the package test files share (shared-project.ts). */
    consumerRunDir: string
  }
}

/**
 * Global setup of the package tests' projects (vitest.config.ts): this run's folder, removed when the run ends. It is
 * named by vitest's main process, where every project's global setup runs, so the projects share one folder and
 * the consumer projects installed in it. The process's start time joins its id: a folder left by a run that crashed
 * is never taken for this one's by a later process given the same id.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const dir = join(cacheDir, `run-${process.pid}-${Math.round(performance.timeOrigin)}`)
  mkdirSync(dir, { recursive: true })
  project.provide('consumerRunDir', dir)
  // Asynchronous: removing the installs takes seconds, while vitest's main process is still stopping its workers.
  return () => rm(dir, { recursive: true, force: true })
}
