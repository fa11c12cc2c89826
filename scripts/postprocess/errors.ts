import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Node, SyntaxKind, type ClassDeclaration, type SourceFile } from 'ts-morph'
import { schemaDir } from '../paths.js'
import { errorsModuleText, type ErrorRow } from './errors-module.js'
import { insertImport } from './insert-import.js'
import { PassShapeError, type Pass, type PassContext } from './pass.js'

const name = 'errors'
export const errorsModuleImport = './errors.gen.js'

export function specBuiltinErrors(): ErrorRow[] {
  return (JSON.parse(readFileSync(join(schemaDir, 'webrpc-errors.json'), 'utf8')) as { errors: ErrorRow[] }).errors
}

/** The rows of gen/errors.gen.ts: SPEC's webrpc built-ins, then the schema's errors from the IR. */
export function errorRows(context: PassContext): ErrorRow[] {
  const schemaErrors = context.ir.errors.map((e) => ({
    error: e.name,
    code: e.code,
    msg: e.message,
    status: e.httpStatus,
  }))
  return [...specBuiltinErrors(), ...schemaErrors]
}

function stockRow(cls: ClassDeclaration): Omit<ErrorRow, 'status'> {
  const parameters = cls.getConstructors()[0]?.getParameters() ?? []
  const initial = (index: number) => parameters[index]?.getInitializer()
  const errorName = initial(0)
  const code = initial(1)
  const msg = initial(2)
  if (!errorName || !Node.isStringLiteral(errorName) || !code || !msg) {
    throw new PassShapeError(name, `class ${cls.getName()} has no (name, code, message) constructor defaults`)
  }
  return {
    error: errorName.getLiteralValue(),
    code: Number(code.getText()),
    msg: msg.getText().replace(/^[`'"]|[`'"]$/g, ''),
  }
}

function checkStockTable(stock: Omit<ErrorRow, 'status'>[], wanted: ErrorRow[]): void {
  for (const row of wanted) {
    const found = stock.find((s) => s.code === row.code)
    if (!found || found.error !== row.error || found.msg !== row.msg) {
      throw new PassShapeError(
        name,
        `stock error for code ${row.code} is ${JSON.stringify(found)}, SPEC wants ${row.error} "${row.msg}"`,
      )
    }
  }
}

const decodingBuildResponse = `const buildResponse = (res: Response): Promise<any> => {
  return res.text().then((text) => {
    if (!res.ok) throw webrpcErrorFromResponseText(res.status, text)
    try {
      return JSON.parse(text)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new WebrpcBadResponseError({ status: res.status, cause: \`JSON.parse(): \${reason}\` })
    }
  })
}`

/**
 * Moves the error classes out of every service file into one shared gen/errors.gen.ts built from
 * SPEC's table (so one UnauthorizedError serves all five clients), drops the generator's errors
 * that SPEC does not list, and makes the client decode error bodies by SPEC's wire fields.
 */
export const errorsPass: Pass = {
  name,
  apply(file: SourceFile, context: PassContext) {
    const rows = errorRows(context)
    context.emitFile('errors.gen.ts', errorsModuleText(rows))
    if (file.getImportDeclaration((d) => d.getModuleSpecifierValue() === errorsModuleImport)) return

    const base = file.getClass('WebrpcError')
    if (!base) throw new PassShapeError(name, 'no class WebrpcError')
    const errorClasses = file.getClasses().filter((c) => c.getExtends()?.getText() === 'WebrpcError')
    checkStockTable(errorClasses.map(stockRow), rows)

    const buildResponse = file.getVariableStatement('buildResponse')
    if (!buildResponse) throw new PassShapeError(name, 'no buildResponse function')
    for (const declaration of [
      file.getEnum('errors'),
      file.getEnum('WebrpcErrorCodes'),
      file.getVariableStatement('webrpcErrorByCode'),
    ]) {
      if (!declaration)
        throw new PassShapeError(name, 'missing errors enum, WebrpcErrorCodes enum or webrpcErrorByCode table')
      declaration.remove()
    }
    for (const cls of [...errorClasses, base]) cls.remove()
    buildResponse.replaceWithText(decodingBuildResponse)
    const fetchType = file.getTypeAlias('Fetch')
    if (!fetchType) throw new PassShapeError(name, 'no type Fetch')
    // The stock section headers ("// Errors", "// Webrpc errors", ...) now lead only to the Fetch type.
    file.replaceText(
      [fetchType.getFullStart(), fetchType.getStart()],
      `\n\n// Errors are the shared classes of ${errorsModuleImport}, re-exported at the end of this file.\n`,
    )

    const used = new Set(file.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText()))
    const imports = [
      'WebrpcError',
      'WebrpcBadResponseError',
      'WebrpcRequestFailedError',
      'webrpcErrorFromResponseText',
    ].filter((n) => used.has(n))
    insertImport(file, imports, errorsModuleImport)
    file.addExportDeclaration({ moduleSpecifier: errorsModuleImport })
  },
}
