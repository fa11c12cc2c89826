#!/usr/bin/env node
// The package bin: src/local/cli.ts, a missing optional peer reported in one line instead of a stack trace.
import { missingPeerError } from '../peer-dependencies.js'

try {
  await import('./cli.js')
} catch (error) {
  const missing = missingPeerError('web3-market-contract/local', error, 'web3-market-contract serve')
  if (!missing) throw error
  console.error(missing.message)
  process.exitCode = 1
}
