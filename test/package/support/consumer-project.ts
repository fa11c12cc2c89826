import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from '../../../scripts/pipeline/paths.js'
import { runNpm } from '../../support/npm-command.js'
import { packedTarball } from './packed-tarball.js'

const { name: packageName, peerDependencies } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  name: string
  peerDependencies: Record<string, string>
}
export { packageName }

export type ConsumerProject = {
  /** The test's folder: `run` writes and runs its files here. */
  dir: string
  /** Where the tarball and the specs are installed: `dir`'s node_modules or an ancestor's. */
  nodeModules: string
  run: (file: string, source: string) => string
  remove: () => void
}

/** An npm package at the version range this package's peerDependencies give it (`viem@^2.56.9`). */
export function peer(name: string): string {
  const range = peerDependencies[name]
  if (!range) throw new Error(`${name} is not a peer dependency of ${packageName}`)
  return `${name}@${range}`
}

/** `npm install`'s arguments for `specs` as every package test installs: from the cache where it can, no scripts. */
const npmInstallArgs = (specs: string[]) => [
  'install',
  '--prefer-offline',
  '--no-audit',
  '--no-fund',
  '--ignore-scripts',
  ...specs,
]

/** Installs `specs` into the project at `dir`; asynchronous, so several projects install at once. */
export async function npmInstall(dir: string, specs: string[]): Promise<void> {
  await runNpm(npmInstallArgs(specs), { cwd: dir })
}

/** An empty project at `dir` with `specs` installed. */
export async function installProject(dir: string, specs: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  await npmInstall(dir, specs)
}

/** A test's files in `dir`, importing what is installed in the project at `root` (`dir` or an ancestor). */
export function consumerIn(dir: string, root: string, remove: () => void): ConsumerProject {
  return {
    dir,
    nodeModules: join(root, 'node_modules'),
    run(file, source) {
      writeFileSync(join(dir, file), source)
      return execFileSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', stdio: 'pipe' }).trim()
    },
    remove,
  }
}

/**
 * A fresh empty project with the packed tarball and `extra` (e.g. `peer('viem')`, `@types/node@20`) installed, for
 * a test that measures or changes what is installed; the others share one (shared-project.ts).
 */
export async function consumerProject(extra: string[] = []): Promise<ConsumerProject> {
  const dir = mkdtempSync(join(tmpdir(), 'consumer-'))
  await installProject(dir, [packedTarball(), ...extra])
  return consumerIn(dir, dir, () => rmSync(dir, { recursive: true, force: true }))
}
