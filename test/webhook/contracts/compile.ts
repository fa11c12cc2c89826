// Regenerates compiled.json from TestTokens.sol with solc-js 0.8.26 (the `solc` npm package):
//   npx tsx test/webhook/contracts/compile.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const solc = require('solc')
const here = new URL('.', import.meta.url)
const input = {
  language: 'Solidity',
  sources: { 'TestTokens.sol': { content: readFileSync(new URL('TestTokens.sol', here), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
}
const output = JSON.parse(solc.compile(JSON.stringify(input)))
const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === 'error')
if (errors.length)
  throw new Error(errors.map((error: { formattedMessage: string }) => error.formattedMessage).join('\n'))
const contracts = output.contracts['TestTokens.sol']
const compiled = Object.fromEntries(
  Object.entries(contracts as Record<string, { abi: unknown; evm: { bytecode: { object: string } } }>).map(
    ([name, contract]) => [name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }],
  ),
)
writeFileSync(
  new URL('compiled.json', here),
  `${JSON.stringify({ compiler: `solc ${solc.version()}`, contracts: compiled }, null, 2)}\n`,
)
console.log(`compiled ${Object.keys(compiled).join(', ')} with solc ${solc.version()}`)
