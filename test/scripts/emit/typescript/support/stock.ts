import * as prettier from 'prettier'
import type { WebrpcIR } from '../../../../../scripts/pipeline/ir.js'
import { postprocess } from '../../../../../scripts/emit/typescript/index.js'
import type { Pass } from '../../../../../scripts/emit/typescript/pass.js'
import { schemaOf, webrpcGenSync } from '../../../../../scripts/pipeline/webrpc-gen.js'

/** The pinned generator's own client for a service root, before any pass: what the passes are written against. */
export const stockClient = memoize((stem: string): string => webrpcGenSync(schemaOf(stem), 'typescript'))

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
  return format(postprocess(stem, source, ir, passes))
}

/** A client class as the runtime pass leaves it: a descriptor and one arrow per method calling the shared runtime. */
export const runtimeClient = (service: string, methods: string[] = []): string => {
  const lower = service[0]!.toLowerCase() + service.slice(1)
  return `// header
import { ServiceClient, type Fetch, type ServiceDescriptor } from '../src/runtime/client.js'

/** What the shared client runtime needs to know of ${service}. */
const ${lower}Descriptor: ServiceDescriptor = {
  name: '${service}',
  key: '${lower}',
  webrpcHeader: WebrpcHeaderValue,
  errors: webrpcErrorByCode,
}

export class ${service} implements ${service}Client {
  readonly #client: ServiceClient

  constructor(options: { url: string; fetch?: Fetch }) {
    this.#client = new ServiceClient(${lower}Descriptor, options)
  }
${methods
  .map(
    (m) => `
  ${m[0]!.toLowerCase() + m.slice(1)} = (args: ${m}Args, headers?: object, signal?: AbortSignal): Promise<${m}Return> =>
    this.#client.call('${m}', args, headers, signal)`,
  )
  .join('\n')}
}
`
}
