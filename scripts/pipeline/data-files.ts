import { AsyncLocalStorage } from 'node:async_hooks'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './paths.js'

/** The data files the running generation step was handed, by path relative to the repository. */
const handed = new AsyncLocalStorage<{ step: string; files: Readonly<Record<string, string>> }>()

/**
 * A data file of the repository (schema/networks.json, a recorded example …), by path relative to it. Inside a
 * generation step, only a file the step's declaration lists (scripts/pipeline/steps.ts) is there: the runner read
 * it and hashed its text into the step's cache key, so a step never reads what its key does not cover. Elsewhere
 * (generation's own checks, tests, tools), the file on disk.
 */
export function readDataFile(path: string): string {
  const step = handed.getStore()
  if (step === undefined) return readFileSync(join(repoRoot, path), 'utf8')
  const text = step.files[path]
  if (text === undefined)
    throw new Error(
      `the ${step.step} step reads ${path}, which its declaration in scripts/pipeline/steps.ts does not list`,
    )
  return text
}

/** Runs a step's `make` with `files` as the only data files it can read. */
export function withDataFiles<T>(step: string, files: Readonly<Record<string, string>>, make: () => T): T {
  return handed.run({ step, files }, make)
}
