import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WebrpcIR } from '../../../scripts/ir.js'
import { genDir } from '../../../scripts/paths.js'

/** The committed IR of every service root, by stem. */
export function loadIRs(): Map<string, WebrpcIR> {
  const stems = readdirSync(genDir)
    .filter((name) => name.endsWith('.webrpc.json'))
    .map((name) => name.replace('.webrpc.json', ''))
    .sort()
  return new Map(
    stems.map((stem) => [stem, JSON.parse(readFileSync(join(genDir, `${stem}.webrpc.json`), 'utf8')) as WebrpcIR]),
  )
}

/** Every operation of every service as `Service.Method`. */
export function operationKeys(irs = loadIRs()): string[] {
  return [...irs.values()].flatMap((ir) =>
    ir.services.flatMap((service) => service.methods.map((method) => `${service.name}.${method.name}`)),
  )
}
