#!/usr/bin/env node
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { exitWithStartFailure, serveUntilStopped, storeDescription } from '../local/run.js'
import { portFrom } from '../local/settings.js'

const usage = `web3-market-contract serve [options]

The local contract server: all 10 operations of the five services, from the sample data plus your
fixtures, on one port. Its first output line is JSON: {"url","accessKey","secretKey","projectId"}.

  --port <n>            port (default 8080; 0 = any free port)
  --host <address>      address to listen on (default 127.0.0.1)
  --fixtures <file>     extra data (format: web3-market-contract/fixtures.schema.json)
  --data-dir <dir>      keep the embedded store in this folder (default: in memory, fresh each start)
  --database-url <url>  run the store on this PostgreSQL database instead
  --jwt-secret <s>      sign secret keys with this secret (default: random, or the one the store holds)
  --validate-responses  check every response against its JSON Schema before sending it
  -h, --help            this text

Other commands: web3-market-contract conform --help (check an implementation against the contract),
web3-market-contract proxy --help (a validating proxy in front of one).`

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      fixtures: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'jwt-secret': { type: 'string' },
      'validate-responses': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help || positionals.length === 0) {
    console.log(usage)
    return
  }
  if (positionals[0] !== 'serve' || positionals.length > 1)
    throw new Error(`unknown command: ${positionals.join(' ')}\n\n${usage}`)
  const dataDir = values['data-dir'] ? resolve(values['data-dir']) : undefined
  const databaseUrl = values['database-url']
  await serveUntilStopped(
    {
      port: portFrom('--port', values.port),
      host: values.host ?? '127.0.0.1',
      dataDir,
      databaseUrl,
      fixtures: values.fixtures ? resolve(values.fixtures) : undefined,
      jwtSecret: values['jwt-secret'],
      validateResponses: values['validate-responses'] === true,
    },
    storeDescription({ dataDir, databaseUrl }, '--database-url'),
  )
}

main().catch(exitWithStartFailure)
