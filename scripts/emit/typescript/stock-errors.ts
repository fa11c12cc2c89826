import { Node, type ClassDeclaration } from './ts-morph.js'
import type { ErrorRow } from './shared-modules/errors.js'
import { PassShapeError } from './pass.js'

/** The (name, code, message) defaults of a stock error class constructor. */
function stockRow(pass: string, cls: ClassDeclaration): Omit<ErrorRow, 'status'> {
  const parameters = cls.getConstructors()[0]?.getParameters() ?? []
  const initial = (index: number) => parameters[index]?.getInitializer()
  const errorName = initial(0)
  const code = initial(1)
  const msg = initial(2)
  if (!errorName || !Node.isStringLiteral(errorName) || !code || !msg) {
    throw new PassShapeError(pass, `class ${cls.getName()} has no (name, code, message) constructor defaults`)
  }
  return {
    error: errorName.getLiteralValue(),
    code: Number(code.getText()),
    msg: msg.getText().replace(/^[`'"]|[`'"]$/g, ''),
  }
}

/**
 * The generator's own error classes must agree with docs/errors.md's error table on every code the
 * table lists, so a generator that renames one (v0.27 renamed -8) fails the build instead of drifting
 * from the table.
 */
export function checkStockErrors(pass: string, stock: readonly ClassDeclaration[], wanted: readonly ErrorRow[]): void {
  const rows = stock.map((cls) => stockRow(pass, cls))
  for (const row of wanted) {
    const found = rows.find((s) => s.code === row.code)
    if (!found || found.error !== row.error || found.msg !== row.msg) {
      throw new PassShapeError(
        pass,
        `stock error for code ${row.code} is ${JSON.stringify(found)}, the error table wants ${row.error} "${row.msg}"`,
      )
    }
  }
}
