import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import * as prettier from 'prettier'
import { exitWithHelpIfAsked } from './cli-help.js'
import { ensureGoTool } from './install-tools.js'
import type { WebrpcIR } from './ir.js'
import { genDir, repoRoot, serviceRoots } from './paths.js'
import { jsonSchemaFiles } from './jsonschema/index.js'
import { openapiFiles } from './openapi/index.js'
import { postprocess } from './postprocess/index.js'

/** Runs webrpc-gen from the repo root with relative paths, so the command it prints into headers is machine-independent. */
function webrpcGen(stem: string, target: string, flags: string[] = []): string {
  const binary = ensureGoTool('webrpc-gen')
  try {
    return execFileSync(binary, [`-schema=schema/${stem}.ridl`, `-target=${target}`, ...flags], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    const err = error as { stderr?: string; stdout?: string; message: string }
    throw new Error(`webrpc-gen failed on schema/${stem}.ridl:\n${(err.stderr || err.stdout || err.message).trim()}`)
  }
}

async function format(file: string, text: string): Promise<string> {
  const options = (await prettier.resolveConfig(join(repoRoot, 'package.json'))) ?? {}
  return prettier.format(text, { ...options, filepath: file })
}

/** Every generated file, by path relative to the output folder. */
export async function generateFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  const irs = new Map<string, WebrpcIR>()
  for (const stem of serviceRoots()) {
    const ir = JSON.parse(webrpcGen(stem, 'json')) as WebrpcIR
    irs.set(stem, ir)
    files.set(`${stem}.webrpc.json`, JSON.stringify(ir, null, 2))
    const stock = webrpcGen(stem, 'typescript', ['-client', '-server'])
    const { text, emitted } = postprocess(stem, stock, ir)
    files.set(`${stem}.gen.ts`, text)
    for (const [name, emittedText] of emitted) {
      const previous = files.get(name)
      if (previous !== undefined && previous !== emittedText) throw new Error(`services emit different ${name}`)
      files.set(name, emittedText)
    }
  }
  for (const [name, text] of jsonSchemaFiles(irs)) files.set(name, text)
  for (const [name, text] of openapiFiles(irs, (stem) => webrpcGen(stem, 'openapi'))) files.set(name, text)
  const formatted = new Map<string, string>()
  for (const [name, text] of files) formatted.set(name, await format(name, text))
  return formatted
}

/** Regenerates outDir from schema/ and scripts/, removing whatever was there. */
export async function generate(outDir: string = genDir): Promise<string[]> {
  const files = await generateFiles()
  rmSync(outDir, { recursive: true, force: true })
  for (const [name, text] of files) {
    const path = join(outDir, name)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
  }
  return [...files.keys()].sort()
}

if (import.meta.url === `file://${process.argv[1]}`) {
  exitWithHelpIfAsked(`npm run gen [-- --out <dir>] [-- --help]

Regenerates gen/ (or <dir>) from schema/ and scripts/: the IR, clients and server stubs of every
service, JSON Schemas, validators and OpenAPI. Deterministic: the same input gives the same bytes.`)
  const outFlag = process.argv.indexOf('--out')
  const outDir = outFlag > 0 ? process.argv[outFlag + 1]! : genDir
  const started = performance.now()
  generate(outDir).then(
    (names) =>
      console.log(
        `generated ${names.length} files into ${relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms`,
      ),
    (error: Error) => {
      console.error(error.message)
      process.exit(1)
    },
  )
}
