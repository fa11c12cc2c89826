import type { Reporter, TestModule } from 'vitest/node'

/** Prints one plain closing line, "N passed, N failed, N skipped", that CI reads. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
      // A file that failed outside its tests (import, hooks) fails even when none of its tests ran.
      const failedTests = [...module.children.allTests()].filter((test) => test.result().state === 'failed').length
      if (module.state() === 'failed' && failedTests === 0) counts.failed++
    }
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
  }
}
