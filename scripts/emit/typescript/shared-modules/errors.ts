/** Text of gen/errors.gen.ts: one class per row of docs/errors.md's error table, shared by every service. */
import { join, relative } from 'node:path'
import { errorClassName as runtimeClassName, type WebrpcErrorRow } from '../../../../src/runtime/errors.js'
import type { WebrpcIR } from '../../../pipeline/ir.js'
import { readDataFile } from '../../../pipeline/data-files.js'
import { repoRoot, schemaDir } from '../../../pipeline/paths.js'
import { generatedHeader, runtimeModule } from './header.js'

export type ErrorRow = WebrpcErrorRow

/** The error table's webrpc built-in errors (codes 0 to -9), as schema/webrpc-errors.json lists them. */
export function builtinErrorRows(dir: string = schemaDir): ErrorRow[] {
  return (JSON.parse(readDataFile(relative(repoRoot, join(dir, 'webrpc-errors.json')))) as { errors: ErrorRow[] })
    .errors
}

/** The rows of one service root: the error table's built-ins, then the errors its schema declares. */
export const schemaErrorRows = (ir: WebrpcIR): ErrorRow[] => [
  ...builtinErrorRows(),
  ...ir.errors.map((e) => ({ error: e.name, code: e.code, msg: e.message, status: e.httpStatus })),
]

/** The rows of gen/errors.gen.ts, which every service root must share (they all import schema/errors.ridl). */
export function errorRows(irs: ReadonlyMap<string, WebrpcIR>): ErrorRow[] {
  const [first, ...others] = [...irs].map(([stem, ir]) => ({ stem, rows: schemaErrorRows(ir) }))
  if (!first) return builtinErrorRows()
  for (const { stem, rows } of others) {
    if (JSON.stringify(rows) !== JSON.stringify(first.rows))
      throw new Error(
        `schema/${stem}.ridl declares other errors than schema/${first.stem}.ridl: import one errors.ridl`,
      )
  }
  for (const key of ['code', 'error'] as const) {
    const values = first.rows.map((row) => row[key])
    const repeated = values.find((value, index) => values.indexOf(value) !== index)
    if (repeated !== undefined) throw new Error(`the error table repeats the ${key} ${repeated}`)
  }
  return first.rows
}

/** The class of a row, as src/runtime names it (WebrpcInternalError, not WebrpcInternalErrorError). */
export const errorClassName = (row: ErrorRow): string => runtimeClassName(row.error)

/** Stock gen-typescript's class name, exported as a deprecated alias where it differs. */
const stockClassName = (row: ErrorRow): string => `${row.error}Error`

/** One class per row, named after it and typed by its code, so two rows' classes are distinct types. */
function classText(row: ErrorRow): string {
  const name = errorClassName(row)
  const declaration = `/** ${row.error} (code ${row.code}, HTTP ${row.status}): ${row.msg}. */
export const ${name} = /* @__PURE__ */ defineError('${row.error}', ${row.code}, ${JSON.stringify(row.msg)}, ${row.status})
export type ${name} = WebrpcErrorBase<${row.code}>
`
  const stock = stockClassName(row)
  if (stock === name) return declaration
  return `${declaration}
/** @deprecated Renamed ${name}; this name (stock gen-typescript's) goes in 1.0. */
export const ${stock} = ${name}
/** @deprecated Renamed ${name}; this name (stock gen-typescript's) goes in 1.0. */
export type ${stock} = ${name}
`
}

export function errorsModuleText(rows: readonly ErrorRow[], runtimeDir: string): string {
  const runtime = runtimeModule(runtimeDir, 'errors')
  const classes = rows.map(classText)
  return `${generatedHeader('scripts/emit/typescript/shared-modules', 'schema/errors.ridl and schema/webrpc-errors.json')}
import {
  defineError,
  errorFromPayload,
  errorFromResponseText,
  errorsBy,
  WebrpcError as WebrpcErrorBase,
  type WebrpcErrorClass,
  type WebrpcErrorRow,
} from '${runtime}'

export {
  type WebrpcErrorClass,
  type WebrpcErrorClassOf,
  type WebrpcErrorInit,
  type WebrpcErrorPayload,
  type WebrpcErrorRow,
} from '${runtime}'

/** The code of every error of the table (docs/errors.md). */
export type WebrpcErrorCode = ${rows.map((row) => row.code).join(' | ')}

/** Base class of every error below: \`instanceof WebrpcError\` narrows \`code\` to WebrpcErrorCode. */
export const WebrpcError: typeof WebrpcErrorBase<WebrpcErrorCode> = WebrpcErrorBase
export type WebrpcError = WebrpcErrorBase<WebrpcErrorCode>

${classes.join('\n')}
const classes: readonly WebrpcErrorClass<WebrpcErrorCode>[] = [
${rows.map((row) => `  ${errorClassName(row)},`).join('\n')}
]

/** The error table of docs/errors.md, one row per class. */
export const webrpcErrorTable: readonly WebrpcErrorRow[] = /* @__PURE__ */ classes.map((cls) => cls.row)

/** Error classes by wire code and by wire name. */
export const webrpcErrorByCode = /* @__PURE__ */ errorsBy(classes, 'code')
export const webrpcErrorByName = /* @__PURE__ */ errorsBy(classes, 'error')

/** Decodes an error body (docs/errors.md: fields error, code, msg, cause, status); an unknown code becomes WebrpcEndpoint with the payload kept. */
export const webrpcErrorFromPayload = (payload: unknown, httpStatus: number): WebrpcError =>
  errorFromPayload(webrpcErrorByCode, payload, httpStatus)

/** Decodes an error response body; an empty or non-JSON body becomes WebrpcBadResponse with the HTTP status. */
export const webrpcErrorFromResponseText = (httpStatus: number, text: string): WebrpcError =>
  errorFromResponseText(webrpcErrorByCode, httpStatus, text)
`
}
