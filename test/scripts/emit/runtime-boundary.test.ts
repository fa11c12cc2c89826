import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { genDir, repoRoot } from '../../../scripts/pipeline/paths.js'
import { listTree } from '../../../scripts/pipeline/write-tree.js'

const scriptsDir = join(repoRoot, 'scripts')

const tsFilesUnder = (dir: string) =>
  listTree(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name))

const parse = (path: string) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true)

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node)
  node.forEachChild((child) => visit(child, each))
}

describe('no generated service file holds a runtime helper body', () => {
  const serviceFiles = tsFilesUnder(genDir).filter((path) => /\/[a-z]+\.gen\.ts$/.test(path))
  /** What a body may do in generated code: hand its arguments to the runtime, set a field, return a field. */
  const trivialBody = (body: ts.Block) =>
    body.statements.length <= 2 &&
    body.statements.every((s) => ts.isExpressionStatement(s) || (ts.isReturnStatement(s) && !s.getText().includes('(')))

  it('covers the service files and the shared modules', () => {
    expect(serviceFiles.map((path) => path.slice(genDir.length + 1)).sort()).toEqual(
      expect.arrayContaining(['errors.gen.ts', 'marketplace.gen.ts', 'networks.gen.ts']),
    )
  })

  it.each(serviceFiles.map((path) => [path.slice(repoRoot.length + 1), path]))('%s', (_, path) => {
    const offenders: string[] = []
    visit(parse(path), (node) => {
      if (ts.isFunctionDeclaration(node)) offenders.push(`function ${node.name?.text}`)
      if (ts.isIfStatement(node) || ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isTryStatement(node))
        offenders.push(node.getText().split('\n')[0]!)
      if (
        (ts.isConstructorDeclaration(node) || ts.isGetAccessor(node) || ts.isMethodDeclaration(node)) &&
        node.body &&
        !trivialBody(node.body)
      )
        offenders.push(node.getText().split('\n')[0]!)
      if (ts.isArrowFunction(node) && ts.isBlock(node.body)) offenders.push(node.getText().split('\n')[0]!)
    })
    const text = readFileSync(path, 'utf8')
    for (const helper of ['createHTTPRequest', 'buildResponse', 'parseWebrpcGenVersions', 'JSON.parse', 'new Promise'])
      if (text.includes(helper)) offenders.push(helper)
    expect(offenders).toEqual([])
  })
})

describe('no runtime code inside a template string in scripts/', () => {
  /** Control flow and function bodies: what a template would hold if it carried behaviour rather than declarations. */
  const runtimeCode = /\bfunction\b|\bif \(|\bfor \(|\bwhile \(|\btry \{|\bthrow\b|\.then\(|new Promise|=> \{/

  it.each(tsFilesUnder(scriptsDir).map((path) => [path.slice(repoRoot.length + 1), path]))('%s', (_, path) => {
    const found: string[] = []
    visit(parse(path), (node) => {
      if (!ts.isTemplateExpression(node) && !ts.isNoSubstitutionTemplateLiteral(node)) return
      if (ts.isTemplateExpression(node.parent) || ts.isTemplateSpan(node.parent)) return
      const text = node.getText()
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
      if (text.includes('\n') && runtimeCode.test(code)) found.push(text.split('\n').slice(0, 2).join(' '))
    })
    expect(found).toEqual([])
  })
})
