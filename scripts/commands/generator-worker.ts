/**
 * A generation process that stays up between runs of gen:watch, so the post-processor's compiler,
 * ajv and the cache stay warm: the watcher sends `{ services }`, the worker answers with the files
 * that changed. The watcher replaces it whenever the pipeline's own code changes.
 */
import { generate } from '../pipeline/generate.js'
import { genDir } from '../pipeline/paths.js'

export interface GenerationRequest {
  /** Service roots to regenerate; all when absent. */
  services?: string[]
}

export type GenerationReply = { ok: true; changed: string[] } | { ok: false; error: string }

const send = (reply: GenerationReply) => process.send!(reply)

/** Forked by gen:watch through scripts/launch.mjs. */
export function main(): void {
  process.on('message', (request: GenerationRequest) => {
    // A watch never removes files: a schema deleted for a moment by an editor's save must not take its service's gen/ files along.
    generate(genDir, { services: request.services, prune: false }).then(
      (changed) => send({ ok: true, changed }),
      (error: Error) => send({ ok: false, error: error.message }),
    )
  })

  // The watcher went away (even killed): nothing is left to generate for.
  process.on('disconnect', () => process.exit(0))

  // Loads what a run needs before the first save arrives.
  void Promise.all([
    import('../emit/typescript/index.js'),
    import('../emit/jsonschema/index.js'),
    import('../emit/openapi/index.js'),
  ])
}
