import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatTable, installPublishedClient, measureBundles, type BundleRow } from '../../bench/bundle-size.js'
import { consumerProject, type ConsumerProject } from './support/consumer-project.js'

/**
 * Bytes a browser app may bundle (esbuild minified, then gzip -9), a little above the figures after the
 * generator rewrite in BENCHMARKS.md (9,066 / 3,479 and 11,089 / 3,937), so growth fails CI. The goal is the
 * Marketplace client below the published client's gzip size (2,906 B), not met yet: lower these as it shrinks.
 */
const budgets = [
  ['web3-market-contract/marketplace: Marketplace only', { minifiedBytes: 9_400, gzipBytes: 3_600 }],
  ['web3-market-contract: createClients, all five', { minifiedBytes: 11_500, gzipBytes: 4_100 }],
] as const

describe('browser bundle size of the client apps (bench/bundle-size.ts)', () => {
  let project: ConsumerProject
  let rows: BundleRow[]

  beforeAll(async () => {
    project = consumerProject()
    installPublishedClient(project.dir)
    rows = await measureBundles(project.dir)
    console.log(formatTable(rows))
  }, 240_000)

  afterAll(() => project.remove())

  it.each(budgets)('%s stays within its budget', (app, budget) => {
    const row = rows.find((candidate) => candidate.app === app)!
    expect(row.minifiedBytes).toBeLessThanOrEqual(budget.minifiedBytes)
    expect(row.gzipBytes).toBeLessThanOrEqual(budget.gzipBytes)
  })
})
