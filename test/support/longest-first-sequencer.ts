import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Orders the run's files longest first across every project (vitest's own sequencer runs the projects one after
 * another, so `npm test` started its longest files, the slow tiers', last and ended on them alone). A file's
 * length is its duration in vitest's results cache; on a fresh clone, with no cache, the slow tiers' files
 * (package installs, other teams' tools, PostgreSQL) go first, larger files first within a tier.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx
    const key = (file: TestSpecification) => `${file.project.name}:${relative(config.root, file.moduleId)}`
    const duration = (file: TestSpecification) => cache.getFileTestResults(key(file))?.duration
    const slowTier = (file: TestSpecification) => (file.project.name.startsWith('slow') ? 1 : 0)
    const size = (file: TestSpecification) => cache.getFileStats(key(file))?.size ?? 0
    // Files with no duration yet first (as vitest does: one may be long), then the known ones, longest first.
    const order = (file: TestSpecification) => {
      const known = duration(file)
      return known === undefined ? [0, -slowTier(file), -size(file)] : [1, -known, 0]
    }
    return [...files].sort((a, b) => {
      const [orderA, orderB] = [order(a), order(b)]
      return orderA.map((value, i) => value - orderB[i]!).find((difference) => difference !== 0) ?? 0
    })
  }
}
