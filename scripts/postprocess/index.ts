import { Project } from 'ts-morph'
import type { WebrpcIR } from '../ir.js'
import { authPass } from './auth.js'
import { errorsPass } from './errors.js'
import { nullablePass } from './nullable.js'
import type { Pass } from './pass.js'
import type { RoutingData } from './routing-data.js'
import { routingPass } from './routing.js'
import { serverPass } from './server.js'

/** Passes run in this order over every stock generated service file. */
export const passes: readonly Pass[] = [errorsPass, serverPass, routingPass, authPass, nullablePass]

export interface PostprocessResult {
  text: string
  /** Further files the passes emitted, by name in gen/. */
  emitted: Map<string, string>
}

export function postprocess(
  stem: string,
  stockText: string,
  ir: WebrpcIR,
  selected: readonly Pass[] = passes,
  options: { routing?: RoutingData } = {},
): PostprocessResult {
  const project = new Project({ useInMemoryFileSystem: true })
  const file = project.createSourceFile(`${stem}.gen.ts`, stockText)
  const emitted = new Map<string, string>()
  const context = {
    stem,
    ir,
    routing: options.routing,
    emitFile(name: string, text: string) {
      const previous = emitted.get(name)
      if (previous !== undefined && previous !== text)
        throw new Error(`postprocess: two different texts emitted for ${name}`)
      emitted.set(name, text)
    },
  }
  for (const pass of selected) pass.apply(file, context)
  return { text: file.getFullText(), emitted }
}
