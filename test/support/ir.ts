import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WebrpcIR } from '../../scripts/pipeline/ir.js'
import { genDir, serviceRoots } from '../../scripts/pipeline/paths.js'
import { webrpcGenSync } from '../../scripts/pipeline/webrpc-gen.js'

/**
 * The committed IR of one service root, gen/<stem>.webrpc.json (`npm run gen:check` keeps it equal to a
 * fresh one). Read anew on each call, so a test that edits its copy edits no other test's.
 */
export function committedIR(stem: string): WebrpcIR {
  return JSON.parse(readFileSync(join(genDir, `${stem}.webrpc.json`), 'utf8')) as WebrpcIR
}

/** The committed IR of every service root, by stem, in stem order. */
export function committedIRs(): Map<string, WebrpcIR> {
  return new Map(serviceRoots().map((stem) => [stem, committedIR(stem)]))
}

/** A fresh IR from webrpc-gen, for a test that edits a schema: `schema` is relative to `cwd`. */
export function freshIR(schema: string, cwd?: string): WebrpcIR {
  return JSON.parse(webrpcGenSync(schema, 'json', cwd)) as WebrpcIR
}

/** Every operation of every service as `Service.Method`. */
export function operationKeys(irs = committedIRs()): string[] {
  return [...irs.values()].flatMap((ir) =>
    ir.services.flatMap((service) => service.methods.map((method) => `${service.name}.${method.name}`)),
  )
}
