import { ensureStoreDump } from './store-dump.js'

/** Global setup of every tier: the embedded-store dump the tests' stores start from (test/support/store-dump.ts). */
export default async function setup(): Promise<void> {
  await ensureStoreDump()
}
