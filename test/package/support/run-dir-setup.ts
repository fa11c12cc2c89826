import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { cacheDir } from './cache-dir.js'

declare module 'vitest' {
  interface ProvidedContext {
    /** This run's folder in the cache dir, for the projects the package test files share (shared-project.ts). */
    consumerRunDir: string
  }
}

/** Global setup of the package tests (vitest.config.ts): this run's folder, removed when the run ends. */
export default function setup(project: TestProject): () => void {
  mkdirSync(cacheDir, { recursive: true })
  const dir = mkdtempSync(join(cacheDir, 'run-'))
  project.provide('consumerRunDir', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
