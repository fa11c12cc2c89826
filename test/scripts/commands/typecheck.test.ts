import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { genDir } from '../../../scripts/pipeline/paths.js'
import { incrementalTsc } from '../../support/incremental-tsc.js'
import { testCacheDir } from '../../support/test-cache.js'

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return tsFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

it('type-checks everything under gen/ with tsc --strict --noEmit', () => {
  const files = tsFiles(genDir)
  expect(files.length).toBeGreaterThan(5)
  const options = [
    '--strict',
    '--noEmit',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--lib',
    'es2022,dom',
    '--types',
    '',
    '--resolveJsonModule',
    '--skipLibCheck',
  ]
  expect(incrementalTsc([...options, ...files], testCacheDir('tsbuildinfo/gen.tsbuildinfo'))).toEqual({
    code: 0,
    output: '',
  })
})
