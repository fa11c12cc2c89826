import { relative } from 'node:path'
import { parseArgs } from 'node:util'
import { generate } from '../pipeline/generate.js'
import { genDir } from '../pipeline/paths.js'
import { exitWithHelpIfAsked } from './cli-help.js'

const usage = `npm run gen [-- --service <stem> ...] [-- --out <dir>] [-- --go-out <dir>] [-- --help]

Regenerates gen/ (or <dir>) from schema/ and scripts/: the IR, clients and server stubs of every
service, the shared error and network modules, JSON Schemas, validators and OpenAPI; and the Go
module's generated files (go/**/*.gen.go: a package per service, the network and key tables).
Deterministic: the same input gives the same bytes. Writes only files whose bytes change.

  --service <stem>  regenerate this service root only (repeatable), e.g. --service marketplace;
                    (every service's IR is still made: the shared files need them all)
  --out <dir>       write into <dir> instead of gen/
  --go-out <dir>    write the Go module's generated files into <dir> instead of go/
  --no-cache        make every output anew (the cache keeps each step's output keyed by its inputs
                    and the code that made it, in node_modules/.cache/web3-market-contract-gen)`

/** `npm run gen`: scripts/launch.mjs runs it. */
export async function main(): Promise<void> {
  exitWithHelpIfAsked(usage)
  const { values } = parseArgs({
    options: {
      service: { type: 'string', multiple: true },
      out: { type: 'string' },
      'go-out': { type: 'string' },
      'no-cache': { type: 'boolean' },
    },
    strict: true,
  })
  const outDir = values.out ?? genDir
  const started = performance.now()
  try {
    const changed = await generate(outDir, {
      services: values.service,
      cache: !values['no-cache'],
      goDir: values['go-out'],
    })
    console.log(
      `generated into ${relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms: ${changed.length ? `${changed.length} files changed` : 'nothing changed'}`,
    )
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
