import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateFiles } from '../../../../scripts/pipeline/generate.js'
import { jsonSchemaFiles } from '../../../../scripts/emit/jsonschema/index.js'
import { genDir, repoRoot } from '../../../../scripts/pipeline/paths.js'
import { committedIRs } from '../../../support/ir.js'

const ownedFolders = ['schemas', 'validators', 'openapi']

function committedFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) =>
      statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [relative(genDir, join(dir, name))],
    )
  return ownedFolders
    .filter((folder) => existsSync(join(genDir, folder)))
    .flatMap((folder) => walk(join(genDir, folder)))
}

describe('generation of schemas, validators and OpenAPI', () => {
  it('is deterministic and machine-independent: two runs give the same bytes, with no absolute path or clock in them', () => {
    const irs = committedIRs()
    const first = jsonSchemaFiles(irs)
    const second = jsonSchemaFiles(irs)
    expect([...second]).toEqual([...first])
    for (const [name, text] of first) {
      expect(text.includes(repoRoot), name).toBe(false)
      expect(/\b20\d\d-\d\d-\d\dT\d\d:\d\d/.test(text), name).toBe(false)
    }
  })

  it('gen/schemas, gen/validators and gen/openapi are exactly what `npm run gen` produces (what gen:check enforces)', async () => {
    const fresh = await generateFiles()
    const ours = [...fresh.keys()].filter((name) => ownedFolders.some((folder) => name.startsWith(`${folder}/`))).sort()
    expect(committedFiles().sort()).toEqual(ours)
    for (const name of ours) expect(readFileSync(join(genDir, name), 'utf8'), name).toBe(fresh.get(name))
  }, 120_000)
})
