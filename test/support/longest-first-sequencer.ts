import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Orders the run's files so that the longest start first. vitest's own sequencer runs the projects one after another
 * by name, so `npm test` started its longest files, the slow tiers', last, and ended on them alone.
 *
 * - The isolated projects' files (the slow tiers: package installs, other teams' tools, PostgreSQL) go first, mixed.
 * - Then each non-isolated project's files together: vitest hands a worker on to the next file only while the
 *   queue's next file is of the same project; interleaved, every file would start a worker and import src/ again.
 * - Within those groups, longest first by the durations vitest keeps from the last run; files with none yet first
 *   (one may be long), larger files first among them.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx
    const key = (file: TestSpecification) => `${file.project.name}:${relative(config.root, file.moduleId)}`
    const isolated = (file: TestSpecification) => file.project.config.isolate !== false
    const order = (file: TestSpecification): [number, string, number, number] => {
      const group = isolated(file) ? '' : file.project.name
      const duration = cache.getFileTestResults(key(file))?.duration
      if (duration !== undefined) return [isolated(file) ? 0 : 1, group, 1, -duration]
      return [isolated(file) ? 0 : 1, group, 0, -(cache.getFileStats(key(file))?.size ?? 0)]
    }
    return [...files].sort((a, b) => {
      const [orderA, orderB] = [order(a), order(b)]
      for (let i = 0; i < orderA.length; i++) {
        const [valueA, valueB] = [orderA[i]!, orderB[i]!]
        if (valueA !== valueB) return valueA < valueB ? -1 : 1
      }
      return 0
    })
  }
}
