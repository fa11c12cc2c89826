import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docSummary, docText, methodDocumentation, parseDoc } from '../../../scripts/emit/documentation.js'
import { committedIR } from '../../support/ir.js'
import { packageName, type ConsumerProject } from '../support/consumer-project.js'
import { sharedConsumerProject } from '../support/shared-project.js'

const source = `import type { GetOrdersArgs, Marketplace, Order } from '${packageName}/marketplace'
declare const client: Marketplace
declare const order: Order
export type Args = GetOrdersArgs
client.getOrders
order.priceAmount
`

/** An editor's view of a consumer's file: the TypeScript language service over the installed package. */
function languageService(dir: string, file: string): ts.LanguageService {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
  }
  return ts.createLanguageService({
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = ts.sys.readFile(name)
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text)
    },
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  })
}

describe('hovering the installed package shows the schema documentation', () => {
  let project: ConsumerProject
  let hover: (word: string) => string
  const marketplace = committedIR('marketplace')
  const getOrders = marketplace.services[0]!.methods.find((method) => method.name === 'GetOrders')!
  const order = marketplace.types.find((type) => type.name === 'Order')!
  const priceAmount = order.kind === 'struct' ? order.fields.find((field) => field.name === 'priceAmount')! : undefined

  beforeAll(async () => {
    project = await sharedConsumerProject()
    const file = join(project.dir, 'main.mts')
    writeFileSync(file, source)
    const service = languageService(project.dir, file)
    hover = (word) => {
      const info = service.getQuickInfoAtPosition(file, source.lastIndexOf(word) + 1)
      return ts.displayPartsToString(info?.documentation)
    }
  }, 300_000)

  afterAll(() => project?.remove())

  it('a client method: what it does and returns, the key it needs, the errors it may answer', () => {
    const text = hover('getOrders')
    expect(text).toBe(methodDocumentation(getOrders))
    expect(text).toContain('`X-Access-Key`')
    expect(text).toContain('`Unauthorized` (401)')
    expect(text).toContain(`\`orders\`: ${parseDoc(getOrders).returns.get('orders')!.toLowerCase().replace(/\.$/, '')}`)
  })

  it("a method's arguments type", () => {
    expect(hover('GetOrdersArgs')).toBe(`Arguments of \`Marketplace.getOrders\`. ${docSummary(getOrders)}`)
  })

  it('a field: its format', () => {
    const text = hover('priceAmount')
    expect(text).toBe(docText(priceAmount!))
    expect(text).toContain('decimal-number string')
  })
})
