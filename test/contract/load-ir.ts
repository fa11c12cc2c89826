import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WebrpcIR } from '../../scripts/ir.js'
import { genDir, serviceRoots } from '../../scripts/paths.js'

export function committedIRs(): WebrpcIR[] {
  return serviceRoots().map((stem) => JSON.parse(readFileSync(join(genDir, `${stem}.webrpc.json`), 'utf8')) as WebrpcIR)
}
