import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { incrementalTsc, tscErrors } from './incremental-tsc.js'

// The build info a run leaves must not hide an error a later run brings: in a file checked (an edited README
// example) or in a file it imports (an edited src/ module). Each check answers the errors, as `file:line`.
const dir = mkdtempSync(join(tmpdir(), 'incremental-tsc-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const buildInfo = (root: string) => join(root, 'tsbuildinfo', 'project.tsbuildinfo')

function check(root: string): string[] {
  const { code, output } = incrementalTsc(['-p', root], buildInfo(root))
  const errors = tscErrors(output).map(({ file, line }) => `${basename(file)}:${line}`)
  expect(code === 0).toBe(errors.length === 0)
  return errors
}

it('checks again a file whose import changed, and a file that changed', () => {
  const root = mkdtempSync(join(dir, 'project-'))
  const write = (file: string, text: string) => writeFileSync(join(root, file), text)
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, types: [], lib: ['es2022'], module: 'nodenext' },
      files: ['a.ts'],
    }),
  )
  write('a.ts', `import { n } from './b.js'\nexport const x: number = n\n`)
  write('b.ts', `export const n = 1\n`)
  expect(check(root)).toEqual([])
  write('b.ts', `export const n = 'one'\n`)
  expect(check(root)).toEqual(['a.ts:2'])
  write('b.ts', `export const n = 1\n`)
  write('a.ts', `import { n } from './b.js'\nexport const x: string = n\n`)
  expect(check(root)).toEqual(['a.ts:2'])
})
