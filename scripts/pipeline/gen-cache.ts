import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { repoRoot, schemaDir, toolsModuleDir } from './paths.js'
import { listTree } from './write-tree.js'
import { responseExamplesFile, webhookPayloadExampleFile } from '../emit/openapi/response-examples.js'

/** Where generation keeps outputs by the hash of everything that made them; safe to delete at any time. */
export const cacheDir = join(repoRoot, 'node_modules', '.cache', 'web3-market-contract-gen')

const sha256 = (parts: readonly string[]) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(String(part.length)).update(':').update(part)
  return hash.digest('hex')
}

/**
 * The hash of what generation reads at run time besides schema/*.ridl (whose webrpc-gen output keys each
 * step) and the code of this repository (scripts/pipeline/module-graph.ts): the data files of schema/, the pinned Go
 * tools (scripts/tools/go.mod, whose versions the headers name), the examples `npm run gen:examples` recorded and the locked npm packages (package-lock.json:
 * ajv, esbuild, ts-morph and prettier make outputs too).
 */
export function dataFingerprint(): string {
  const files = [
    ...listTree(schemaDir)
      .filter((name) => !name.endsWith('.ridl'))
      .map((name) => join(schemaDir, name)),
    join(toolsModuleDir, 'go.mod'),
    join(repoRoot, 'package-lock.json'),
    responseExamplesFile,
    webhookPayloadExampleFile,
  ]
  return sha256(files.sort().flatMap((file) => [relative(repoRoot, file), readFileSync(file, 'utf8')]))
}

/**
 * Text outputs cached on disk by the hash of their inputs (a code fingerprint among them): a run whose
 * inputs did not change reads an output back instead of loading and running the step that made it.
 */
export class GenCache {
  constructor(readonly enabled: boolean) {}

  get(inputs: readonly string[]): string | undefined {
    if (!this.enabled) return undefined
    try {
      return readFileSync(join(cacheDir, sha256(inputs)), 'utf8')
    } catch {
      return undefined
    }
  }

  set(inputs: readonly string[], text: string): string {
    if (!this.enabled) return text
    const path = join(cacheDir, sha256(inputs))
    mkdirSync(cacheDir, { recursive: true })
    // Written aside and renamed, so a concurrent run never reads half a file.
    const partial = `${path}.${process.pid}.tmp`
    writeFileSync(partial, text)
    renameSync(partial, path)
    return text
  }

  /**
   * The cached output of `inputs`, or the promise of the step that makes it, stored once made. A failure
   * is reported where the promise is awaited, never as an unhandled rejection before that.
   */
  textOrMade(inputs: readonly string[], make: () => Promise<string>): string | Promise<string> {
    const cached = this.get(inputs)
    if (cached !== undefined) return cached
    const made = make().then((text) => this.set(inputs, text))
    made.catch(() => undefined)
    return made
  }

  /** The cached output of `inputs`, or `compute()`'s, stored for next time. */
  text(inputs: readonly string[], compute: () => string): string {
    return this.get(inputs) ?? this.set(inputs, compute())
  }
}
