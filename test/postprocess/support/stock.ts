import { execFileSync } from 'node:child_process'
import * as prettier from 'prettier'
import type { WebrpcIR } from '../../../scripts/ir.js'
import { ensureGoTool } from '../../../scripts/install-tools.js'
import { repoRoot } from '../../../scripts/paths.js'
import { postprocess } from '../../../scripts/postprocess/index.js'
import type { Pass } from '../../../scripts/postprocess/pass.js'

function webrpcGen(stem: string, target: string, flags: string[] = []): string {
  return execFileSync(ensureGoTool('webrpc-gen'), [`-schema=schema/${stem}.ridl`, `-target=${target}`, ...flags], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
}

/** The pinned generator's own output for a service root, before any pass: what the passes are written against. */
export const stockClient = memoize((stem: string): string => webrpcGen(stem, 'typescript', ['-client', '-server']))

export const irOf = memoize((stem: string): WebrpcIR => JSON.parse(webrpcGen(stem, 'json')) as WebrpcIR)

function memoize<T>(compute: (stem: string) => T): (stem: string) => T {
  const cache = new Map<string, T>()
  return (stem) => {
    if (!cache.has(stem)) cache.set(stem, compute(stem))
    return cache.get(stem)!
  }
}

/** A minimal IR naming one service and its methods, for table-driven pass tests. */
export function miniIR(
  service: string,
  methods: { name: string; secret?: boolean; noInputs?: boolean }[] = [],
): WebrpcIR {
  return {
    webrpc: 'v1',
    name: service.toLowerCase(),
    version: 'v0.0.1',
    types: [],
    errors: [],
    services: [
      {
        name: service,
        comments: [],
        methods: methods.map((m) => ({
          name: m.name,
          annotations: m.secret ? { auth: { annotationType: 'auth', value: 'secret' } } : ({} as Record<string, never>),
          comments: [],
          inputs: m.noInputs ? [] : [{ name: 'value', type: 'string', optional: false }],
          outputs: [],
        })),
      },
    ],
  }
}

export const format = (text: string): Promise<string> =>
  prettier.format(text, { parser: 'typescript', singleQuote: true, semi: false, printWidth: 120 })

/** Runs the given passes alone over `source` and formats the result. */
export async function runPasses(passes: Pass[], stem: string, ir: WebrpcIR, source: string): Promise<string> {
  return format(postprocess(stem, source, ir, passes).text)
}
