import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { audiences, type Audience } from './support/audiences.js'
import { consumerProject, packageName } from './support/consumer-project.js'

/** The budget for a client-only install: 3 MB (decimal), the package and everything npm pulls for it. */
const clientBudgetBytes = 3_000_000

/** Disk use of a project's node_modules, as `du -sk` reports it (KiB, whole blocks). */
const installedKiB = (dir: string) =>
  Number(execFileSync('du', ['-sk', join(dir, 'node_modules')], { encoding: 'utf8' }).split('\t')[0])

/**
 * Each audience installs the tarball and the peers the README names for it into an empty project: every entry
 * point it uses then loads, and the client-only install stays within 3 MB.
 */
describe.each(Object.keys(audiences) as Audience[])('install for the %s audience', (audience) => {
  it(`loads its entry points, and reports its size`, () => {
    const { peers, entries } = audiences[audience]
    const project = consumerProject(peers)
    try {
      const imports = entries.map((entry, i) => `import * as entry${i} from '${packageName}${entry}'`).join('\n')
      const counts = entries.map((_, i) => `Object.keys(entry${i}).length`).join(', ')
      const exportCounts = project.run('entries.mjs', `${imports}\nconsole.log(JSON.stringify([${counts}]))`)
      expect((JSON.parse(exportCounts) as number[]).every((count) => count > 0)).toBe(true)
      const kib = installedKiB(project.dir)
      console.log(`${audience}: node_modules ${kib} KiB (du -sk) with ${peers.join(' ') || 'no peers'}`)
      if (audience === 'client') expect(kib * 1024).toBeLessThanOrEqual(clientBudgetBytes)
    } finally {
      project.remove()
    }
  }, 240_000)
})
