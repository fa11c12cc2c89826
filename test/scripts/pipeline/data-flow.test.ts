import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { passes } from '../../../scripts/emit/typescript/index.js'
import { repoRoot } from '../../../scripts/pipeline/paths.js'

it("CONTRIBUTING's data flow names the ts-morph passes the generator runs, in their order", () => {
  const contributing = readFileSync(join(repoRoot, 'CONTRIBUTING.md'), 'utf8')
  const dataFlow = contributing.slice(contributing.indexOf('Data flow:')).split('\n\n')[0]!
  const named = /ts-morph passes \(([^)]*)\)/.exec(dataFlow.replaceAll('\n', ' '))?.[1]
  expect(named?.split('→').map((name) => name.trim())).toEqual(passes.map((pass) => pass.name))
})
