import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './paths.js'

/** Where generation keeps outputs by the hash of everything that made them; safe to delete at any time. */
export const cacheDir = join(repoRoot, 'node_modules', '.cache', 'web3-market-contract-gen')

export const sha256 = (parts: readonly string[]) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(String(part.length)).update(':').update(part)
  return hash.digest('hex')
}

/**
 * Text outputs cached on disk by the hash of their inputs (a code fingerprint among them): a run whose
 * inputs did not change reads an output back instead of loading and running the step that made it.
 */
export class GenCache {
  constructor(
    readonly enabled: boolean,
    /** Where the outputs are kept (tests give a folder of their own). */
    readonly dir: string = cacheDir,
  ) {}

  get(inputs: readonly string[]): string | undefined {
    if (!this.enabled) return undefined
    try {
      return readFileSync(join(this.dir, sha256(inputs)), 'utf8')
    } catch {
      return undefined
    }
  }

  set(inputs: readonly string[], text: string): string {
    if (!this.enabled) return text
    const path = join(this.dir, sha256(inputs))
    mkdirSync(this.dir, { recursive: true })
    // Written aside and renamed, so a concurrent run never reads half a file.
    const partial = `${path}.${process.pid}.tmp`
    writeFileSync(partial, text)
    renameSync(partial, path)
    return text
  }

  /**
   * The cached output of `inputs`, or the promise of the step that makes it, stored once made while `unchanged()`
   * holds: a step that reads its files itself (webrpc-gen) may have read a save that came after `inputs` were read,
   * and its output kept under their hash would answer for them from then on. A failure is reported where the
   * promise is awaited, never as an unhandled rejection before that.
   */
  textOrMade(
    inputs: readonly string[],
    make: () => Promise<string>,
    unchanged: () => boolean = () => true,
  ): string | Promise<string> {
    const cached = this.get(inputs)
    if (cached !== undefined) return cached
    const made = make().then((text) => (this.enabled && unchanged() ? this.set(inputs, text) : text))
    made.catch(() => undefined)
    return made
  }

  /** The cached output of `inputs`, or `compute()`'s, stored for next time. */
  text(inputs: readonly string[], compute: () => string): string {
    return this.get(inputs) ?? this.set(inputs, compute())
  }
}
