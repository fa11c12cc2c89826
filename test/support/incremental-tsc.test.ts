import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { incrementalDiagnostics } from './incremental-program.js'
import { incrementalTsc } from './incremental-tsc.js'

// The build info a run leaves must not hide an error a later run brings: in a file checked (an edited README
// example) or in a file it imports (an edited src/ module). Each check answers the errors, as `file:line`.
const dir = mkdtempSync(join(tmpdir(), 'incremental-tsc-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const buildInfo = (root: string) => join(root, 'tsbuildinfo', 'project.tsbuildinfo')

function tsc(root: string): string[] {
  const { code, output } = incrementalTsc(['-p', root], buildInfo(root))
  const errors = [...output.matchAll(/(\w+\.ts)\((\d+),\d+\): error/g)].map(([, file, line]) => `${file}:${line}`)
  expect(code === 0).toBe(errors.length === 0)
  return errors
}

function inProcess(root: string): string[] {
  const options = { strict: true, types: [], lib: ['lib.es2022.d.ts'], module: ts.ModuleKind.NodeNext }
  return incrementalDiagnostics([join(root, 'a.ts')], options, buildInfo(root)).map(
    ({ file, start }) => `${basename(file!.fileName)}:${file!.getLineAndCharacterOfPosition(start!).line + 1}`,
  )
}

describe.each([
  ['incrementalTsc', tsc],
  ['incrementalDiagnostics', inProcess],
])('%s', (_, check) => {
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
})
