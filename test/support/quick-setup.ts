import { ensureGoTool } from '../../scripts/pipeline/go-tools.js'
import { ensureStoreDump } from './store-dump.js'

/**
 * Global setup of every project (vitest.config.ts), quick tier included: runs once before the workers,
 * which then share its results instead of racing to make them. On a machine that ran the tests before
 * both steps are a file check.
 */
export default async function setup(): Promise<void> {
  // The pinned Go tools generation and the interop test run (built into .tools/bin, see scripts/commands/install-tools.ts).
  ensureGoTool('webrpc-gen')
  ensureGoTool('webrpc-test')
  // The dump every in-memory test store starts from (test/support/store-dump.ts).
  await ensureStoreDump()
}
