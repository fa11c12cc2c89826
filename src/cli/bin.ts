#!/usr/bin/env node
// The package bin: `serve` (src/cli/serve.ts), `conform`, `proxy` and `trigger` (src/cli/<name>.ts), each loaded only
// when asked for, a missing optional peer reported in one line instead of a stack trace.
import { missingPeerError, type PeerDependentEntry } from '../entries/peer-dependencies.js'

const tools: Record<string, [PeerDependentEntry, () => Promise<{ command(args: string[]): Promise<number> }>]> = {
  conform: ['web3-market-contract conform', () => import('./conform.js')],
  proxy: ['web3-market-contract proxy', () => import('./proxy.js')],
  trigger: ['web3-market-contract trigger', () => import('./trigger.js')],
}

const tool = tools[process.argv[2] ?? '']
const [entry, label] = tool
  ? [tool[0], tool[0]]
  : (['web3-market-contract/local', 'web3-market-contract serve'] as const)
try {
  if (tool) process.exitCode = await (await tool[1]()).command(process.argv.slice(3))
  else await import('./serve.js')
} catch (error) {
  const missing = missingPeerError(entry, error, label)
  if (missing) console.error(missing.message)
  else console.error(tool ? `${entry}: ${(error as Error).message}` : error)
  process.exitCode = tool && !missing ? 2 : 1
}
