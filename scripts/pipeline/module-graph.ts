import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { launchedBundle, repoRoot } from './paths.js'

/** The part of esbuild's metafile that names each module read and what it imports (paths relative to the repository). */
export interface ModuleGraph {
  inputs: Record<string, { imports: readonly { path: string; external?: boolean }[] }>
}

/** What scripts/launch.mjs writes beside a bundle: the bundle's module graph and the sha-256 of each module it read. */
export interface BundleSources extends ModuleGraph {
  hashes: Record<string, string>
}

/** Every module of this repository that `entry` reaches through its static and dynamic imports, itself included, sorted. */
export function modulesReached(graph: ModuleGraph, entry: string): string[] {
  if (!graph.inputs[entry]) throw new Error(`${entry} is not in the module graph`)
  const reached = new Set([entry])
  for (const module of reached)
    for (const { path, external } of graph.inputs[module]?.imports ?? [])
      if (!external && graph.inputs[path]) reached.add(path)
  return [...reached].sort()
}

/**
 * The module graph of the running generation: the one scripts/launch.mjs recorded when it made the
 * bundle (no cost: the bundle is made again whenever one of those modules changes), or, run from source
 * (tests import the pipeline), the graph esbuild reads from `entries` now.
 */
export async function generationModuleGraph(entries: readonly string[]): Promise<ModuleGraph> {
  if (launchedBundle)
    return JSON.parse(readFileSync(new URL(`${launchedBundle.href}.sources.json`), 'utf8')) as BundleSources
  const { build } = await import('esbuild')
  const { metafile } = await build({
    entryPoints: entries.map((entry) => join(repoRoot, entry)),
    absWorkingDir: repoRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    write: false,
    outdir: 'module-graph',
    logLevel: 'error',
  })
  return metafile
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/**
 * The hash of the code `entry` runs: the path and bytes of every module it reaches. Editing any of them
 * (or adding an import) changes it; a module it does not import does not. A bundle's graph carries the hash of
 * each module as the bundle was made from it, which is the code that runs (read again, a module saved since
 * would name code the process does not run); otherwise each module is read. `read` is for tests.
 */
export function codeFingerprint(
  graph: ModuleGraph | BundleSources,
  entry: string,
  read: (path: string) => string | Buffer = (path) => readFileSync(join(repoRoot, path)),
): string {
  const hashOf = (path: string) => ('hashes' in graph ? graph.hashes[path] : undefined) ?? sha256(read(path))
  return sha256(
    modulesReached(graph, entry)
      .map((path) => `${path}\0${hashOf(path)}\n`)
      .join(''),
  )
}
