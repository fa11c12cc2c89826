/**
 * webrpc-gen v0.23.4's IR carries the doc comments of services, methods, structs, fields and enum values,
 * but drops those of enums and errors. This completes the IR with them, read from the RIDL by webrpc's
 * own rule: the `#` lines right above the declaration, `#!` lines left out (maintainer notes).
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { WebrpcIR } from '../pipeline/ir.js'

/** The doc comment lines above `lines[index]`, top to bottom. */
function commentAbove(lines: readonly string[], index: number): string[] {
  const found: string[] = []
  for (let i = index - 1; i >= 0; i--) {
    const match = /^\s*#(.*)$/.exec(lines[i]!)
    if (!match) break
    if (!match[1]!.startsWith('!')) found.unshift(match[1]!.trim())
  }
  return found
}

/** The files a RIDL file imports (its `import` block), relative to it. */
function importsOf(text: string, file: string): string[] {
  const block = /^import\s*\n((?:[ \t]+-[^\n]*\n?)+)/m.exec(text)
  if (!block) return []
  return [...block[1]!.matchAll(/-\s*(\S+)/g)].map((m) => join(dirname(file), m[1]!))
}

/** The RIDL files `root` is made of: itself and what it imports, at any depth (absolute paths, each once). */
export function ridlFiles(root: string): string[] {
  const files = [root]
  for (const file of files)
    for (const imported of importsOf(readFileSync(file, 'utf8'), file))
      if (!files.includes(imported)) files.push(imported)
  return files
}

/** Comments of `enum Name` and `error <code> Name` declarations in `root` and what it imports, by kind and name. */
export function enumAndErrorComments(root: string): Map<string, string[]> {
  const comments = new Map<string, string[]>()
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    const lines = text.split('\n')
    lines.forEach((line, index) => {
      const declaration = /^enum\s+(\w+)/.exec(line) ?? /^error\s+-?\d+\s+(\w+)/.exec(line)
      if (declaration) comments.set(`${line.split(/\s/)[0]} ${declaration[1]}`, commentAbove(lines, index))
    })
    for (const imported of importsOf(text, file)) visit(imported)
  }
  visit(root)
  return comments
}

/** The IR text of `root` (a RIDL path under `cwd`) with the comments of its enums and errors filled in. */
export function withEnumAndErrorComments(irText: string, root: string, cwd: string): string {
  const ir = JSON.parse(irText) as WebrpcIR
  const comments = enumAndErrorComments(join(cwd, root))
  for (const type of ir.types) if (type.kind === 'enum') type.comments = comments.get(`enum ${type.name}`) ?? []
  for (const error of ir.errors) error.comments = comments.get(`error ${error.name}`) ?? []
  return JSON.stringify(ir)
}
