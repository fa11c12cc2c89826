import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { entryTable } from '../../src/entries/entry-table.js'
import { packageName } from './support/consumer-project.js'
import { packedTarball } from './support/packed-tarball.js'

/** Entry points loaded through a wrapper (src/entries) that reports a missing peer, and the module each wraps. */
const wrapped = Object.entries(entryTable).flatMap(([subpath, entry]) =>
  'module' in entry ? [[subpath.slice(1), `dist/src/${entry.module.replace(/^\.\.\//, '')}`] as const] : [],
)

const require = createRequire(import.meta.url)
const exportedNames = (module: object) => Object.keys(module).sort()

describe('the entry wrappers', () => {
  beforeAll(() => void packedTarball(), 180_000) // builds dist/ when the sources changed

  it.each(wrapped)('%s exports under import and require() exactly what %s does', async (entry, module) => {
    const expected = exportedNames(await import(pathToFileURL(join(repoRoot, module)).href))
    expect(exportedNames(await import(`${packageName}${entry}`))).toEqual(expected)
    expect(exportedNames(require(`${packageName}${entry}`) as object)).toEqual(expected)
  })
})
