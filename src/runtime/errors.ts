/** One row of the error table of docs/errors.md. */
export interface WebrpcErrorRow {
  readonly error: string
  readonly code: number
  readonly msg: string
  readonly status: number
}

/** The error object on the wire (docs/errors.md). */
export interface WebrpcErrorPayload {
  error: string
  code: number
  msg: string
  cause?: string
  status: number
}

export interface WebrpcErrorInit {
  error?: string
  code?: number
  msg?: string
  /** Accepted for compatibility with stock webrpc clients; `msg` wins. */
  message?: string
  cause?: string
  status?: number
  /** The wire payload, kept when it could not be mapped to a known error. */
  payload?: unknown
}

// The codes a client raises on its own (docs/errors.md); single constants, so a bundler inlines them.
export const endpointCode = 0
export const requestFailedCode = -1
export const badResponseCode = -5
export const unauthorizedCode = 1000
export const timeoutCode = 2000

/**
 * Base of every error a client rejects with and a server answers with. A subclass names its row of
 * the table in the static `row` and its code in `Code`, so the classes of two rows are distinct types;
 * `init` overrides the message, cause and status of one occurrence.
 */
export class WebrpcError<Code extends number = number> extends Error {
  /** The table row of this class; the base class has none: it stands for WebrpcEndpoint with no fixed status. */
  declare static readonly row: WebrpcErrorRow | undefined

  // Declared, not initialised: set by the constructor, and cause and payload only when given.
  declare code: Code
  declare status: number
  declare cause?: string
  declare payload?: unknown

  constructor(init: WebrpcErrorInit = {}) {
    const row = (new.target as typeof WebrpcError).row
    super(init.msg ?? init.message ?? row?.msg ?? 'endpoint error')
    this.name = row?.error ?? init.error ?? 'WebrpcEndpoint'
    this.code = (row?.code ?? (typeof init.code === 'number' ? init.code : endpointCode)) as Code
    this.status = typeof init.status === 'number' ? init.status : (row?.status ?? 0)
    if (init.cause !== undefined) this.cause = init.cause
    if (init.payload !== undefined) this.payload = init.payload
  }

  /** The error table's name for the error: the wire field `error`. */
  get error(): string {
    return this.name
  }

  /** The error table's name for the message: the wire field `msg`. */
  get msg(): string {
    return this.message
  }

  toJSON(): WebrpcErrorPayload {
    const payload: WebrpcErrorPayload = { error: this.name, code: this.code, msg: this.message, status: this.status }
    if (this.cause !== undefined) payload.cause = this.cause
    return payload
  }

  static new<T extends WebrpcError>(this: new (init: WebrpcErrorInit) => T, init: WebrpcErrorInit): T {
    return new this(init)
  }
}

/** The class of one row of an error table; `Code` is the union of the table's codes. */
export type WebrpcErrorClass<Code extends number = number> = (new (init?: WebrpcErrorInit) => WebrpcError<Code>) & {
  readonly row: WebrpcErrorRow
}

/** The class of one table row: WebrpcError with that row and its code, so `instanceof` and the type tell rows apart. */
export type WebrpcErrorClassOf<Row extends WebrpcErrorRow> = typeof WebrpcError<Row['code']> & { readonly row: Row }

/**
 * The class name of a row: the wire name with `Error` appended, unless it ends in `Error` already
 * (WebrpcInternalError, where stock gen-typescript says WebrpcInternalErrorError).
 */
export const errorClassName = (error: string): string => (error.endsWith('Error') ? error : `${error}Error`)

/**
 * Makes the class of one table row, named by errorClassName (`UnauthorizedError`); gen/errors.gen.ts calls
 * it once per row of docs/errors.md. The name is set on the class, so it survives a minifier's renaming.
 */
export function defineError<
  const Name extends string,
  const Code extends number,
  const Msg extends string,
  const Status extends number,
>(
  error: Name,
  code: Code,
  msg: Msg,
  status: Status,
): WebrpcErrorClassOf<{ readonly error: Name; readonly code: Code; readonly msg: Msg; readonly status: Status }> {
  const row = { error, code, msg, status }
  const name = errorClassName(error)
  // A class defined as a computed property takes the property's name (`UnauthorizedError.name`).
  return {
    [name]: class extends WebrpcError<Code> {
      static override readonly row = row
    },
  }[name]!
}

/** The error classes of one error table, by wire code; the codes the client itself raises must be in it. */
export type ErrorClassesByCode<Code extends number = number> = { readonly [code: number]: WebrpcErrorClass<Code> }

/** The classes of an error table by wire code or by wire name (the generator checks both are unique). */
export function errorsBy<Key extends 'code' | 'error', Code extends number>(
  classes: readonly WebrpcErrorClass<Code>[],
  key: Key,
): { readonly [value in WebrpcErrorRow[Key]]: WebrpcErrorClass<Code> } {
  return Object.fromEntries(classes.map((cls) => [cls.row[key], cls])) as {
    readonly [value in WebrpcErrorRow[Key]]: WebrpcErrorClass<Code>
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** The JSON object a body holds, or undefined for anything else (not JSON, an array, a string). */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return isObject(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Makes (does not throw) the error of `code` in the table. A code the table lacks becomes the base class
 * with that code; the tables the generator writes hold every code a client or the decoding makes.
 */
export function errorOfCode<Code extends number>(
  errors: ErrorClassesByCode<Code>,
  code: number,
  init: WebrpcErrorInit,
): WebrpcError<Code> {
  const known = errors[code]
  return known ? new known(init) : (new WebrpcError({ ...init, code }) as WebrpcError<Code>)
}

/** A body the client cannot read as the JSON object docs/errors.md or the operation promises: WebrpcBadResponse. */
export const badResponse = <Code extends number>(
  errors: ErrorClassesByCode<Code>,
  status: number,
  body: string,
): WebrpcError<Code> =>
  errorOfCode(errors, badResponseCode, {
    status,
    cause: `the body is not a JSON object (HTTP ${status}): ${body.slice(0, 200)}`,
  })

/** Decodes an error body (docs/errors.md fields error, code, msg, cause, status); an unknown code becomes WebrpcEndpoint with the payload kept. */
export function errorFromPayload<Code extends number>(
  errors: ErrorClassesByCode<Code>,
  payload: unknown,
  httpStatus: number,
): WebrpcError<Code> {
  if (!isObject(payload)) return badResponse(errors, httpStatus, String(payload))
  const code = typeof payload.code === 'number' && errors[payload.code] ? payload.code : endpointCode
  return errorOfCode(errors, code, {
    msg: optionalString(payload.msg) ?? optionalString(payload.message),
    cause: optionalString(payload.cause),
    status: typeof payload.status === 'number' ? payload.status : httpStatus,
    payload: code === payload.code ? undefined : payload,
  })
}

/** Decodes an error response body; an empty or non-JSON body becomes WebrpcBadResponse with the HTTP status. */
export const errorFromResponseText = <Code extends number>(
  errors: ErrorClassesByCode<Code>,
  httpStatus: number,
  text: string,
): WebrpcError<Code> => errorFromPayload(errors, jsonObject(text) ?? text, httpStatus)
