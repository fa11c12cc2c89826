import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../../scripts/pipeline/paths.js'
import { audiences, type Audience } from '../support/audiences.js'
import { packageName, type ConsumerProject } from '../support/consumer-project.js'
import { sharedConsumerProject } from '../support/shared-project.js'

/**
 * The budget for a client-only install (the package and everything npm pulls for it), on disk (`du -sk`):
 * 3 MiB (3,072 KiB). It was 4 MB (decimal) while every OpenAPI operation repeated the error responses and
 * the modules of types alone shipped an `export {};` each: 3,200 KiB then; 3 MiB, then 3.5 MiB from when the
 * webhook engine's databases per network, versioned migrations and bounded history, the validators' Standard
 * Schema and JSON Schema entry, and the command line's help without peers (36 more files, most of the growth in
 * whole 4 KiB blocks) brought a client-only install to 3,332 KiB, until the rooms of the peer-loading entry
 * points and the bin shipped bundled into fewer files (scripts/commands/bundle-peer-rooms.ts).
 */
const clientBudgetBytes = 3 * 1024 * 1024

/** Disk use of a directory, as `du -sk` reports it (KiB, whole blocks). */
const diskKiB = (dir: string) => Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0])

const { exports: exportMap } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, { types: string }>
}

/** The source module an entry point is built from: its declarations' path, in src/ (./dist/src/x.d.ts → src/x.ts). */
const sourceOf = (entry: string) =>
  join(repoRoot, exportMap[`.${entry}`]!.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts'))

const manifestOf = (project: string, name: string) =>
  JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
    optionalDependencies?: Record<string, string>
    peerDependencies?: Record<string, string>
  }

/** The packages at the top of node_modules (scoped ones as @scope/name). */
function installedPackages(project: string): string[] {
  const root = join(project, 'node_modules')
  return readdirSync(root)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(root, name)).map((inner) => `${name}/${inner}`) : [name],
    )
    .sort()
}

/** The package, the peers, and what they depend on, as far as it is installed at the top of node_modules. */
function expectedPackages(project: string, peers: string[]): string[] {
  const found = new Set<string>()
  const visit = (name: string) => {
    if (found.has(name) || !existsSync(join(project, 'node_modules', name, 'package.json'))) return
    found.add(name)
    const manifest = manifestOf(project, name)
    for (const deps of [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies])
      for (const dep of Object.keys(deps ?? {})) visit(dep)
  }
  visit(packageName)
  for (const peer of peers) visit(peer)
  return [...found].sort()
}

/** The projects this file asked for, removed after (their installs are the run's shared ones, kept for the others). */
const projects: ConsumerProject[] = []
afterAll(() => projects.forEach((project) => project.remove()))

/**
 * Each audience installs the tarball and the peers the README names for it into an empty project: every entry
 * point it uses loads and exports exactly what its source module exports, the package brings no dependency
 * of its own (everything installed is the package, a peer the audience chose, or theirs), and the client-only
 * install is the package alone, within the budget above.
 */
// The audiences install at the same time: an install mostly waits on the network and the disk.
describe.concurrent.each(Object.keys(audiences) as Audience[])('install for the %s audience', (audience) => {
  it('loads its entry points with every export, adds nothing but its peers, and reports its size', async () => {
    const { peers, entries } = audiences[audience]
    // The run's shared install of these specs (shared-project.ts): the same `npm install` into an empty project a fresh
    // one would be, made once for this file and the others that install the same peers (package.test.ts, hover...).
    const project = await sharedConsumerProject(peers)
    projects.push(project)
    const root = dirname(project.nodeModules)
    const imports = entries.map((entry, i) => `import * as entry${i} from '${packageName}${entry}'`).join('\n')
    const names = entries.map((_, i) => `Object.keys(entry${i}).sort()`).join(', ')
    const installed = JSON.parse(project.run(`${audience}.mjs`, `${imports}\nconsole.log(JSON.stringify([${names}]))`))
    const fromSource = await Promise.all(
      entries.map(async (entry) => Object.keys((await import(sourceOf(entry))) as object).sort()),
    )
    expect(installed).toEqual(fromSource)
    for (const exported of fromSource) expect(exported.length).toBeGreaterThan(0)

    const peerNames = peers.map((spec) => spec.slice(0, spec.lastIndexOf('@')))
    expect(installedPackages(root)).toEqual(expectedPackages(root, peerNames))
    const packageKiB = diskKiB(join(project.nodeModules, packageName))
    expect(packageKiB * 1024).toBeLessThanOrEqual(clientBudgetBytes)
    const kib = diskKiB(project.nodeModules)
    console.log(`${audience}: node_modules ${kib} KiB (du -sk) with ${peers.join(' ') || 'no peers'}`)
    if (audience === 'client') {
      expect(installedPackages(root)).toEqual([packageName])
      expect(kib * 1024).toBeLessThanOrEqual(clientBudgetBytes)
    }
  }, 240_000)
})
