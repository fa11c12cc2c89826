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

/**
 * Base of every error a client rejects with and a server answers with. A subclass names its row of
 * the table in the static `row`; `init` overrides the message, cause and status of one occurrence.
 */
export class WebrpcError extends Error {
  /** The table row of this class; the base class has none: it stands for WebrpcEndpoint with no fixed status. */
  declare static readonly row: WebrpcErrorRow | undefined

  // Declared, not initialised: set by the constructor, and cause and payload only when given.
  declare code: number
  declare status: number
  declare cause?: string
  declare payload?: unknown

  constructor(init: WebrpcErrorInit = {}) {
    const row = (new.target as typeof WebrpcError).row
    super(init.msg ?? init.message ?? row?.msg ?? 'endpoint error')
    this.name = row?.error ?? init.error ?? 'WebrpcEndpoint'
    this.code = row?.code ?? (typeof init.code === 'number' ? init.code : endpointCode)
    this.status = typeof init.status === 'number' ? init.status : (row?.status ?? 0)
    if (init.cause !== undefined) this.cause = init.cause
    if (init.payload !== undefined) this.payload = init.payload
  }

  /** SPEC's name for the error: the wire field `error`. */
  get error(): string {
    return this.name
  }

  /** SPEC's name for the message: the wire field `msg`. */
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

export type WebrpcErrorClass = (new (init?: WebrpcErrorInit) => WebrpcError) & { readonly row: WebrpcErrorRow }

/** The class of one row of an error table: WebrpcError with that row, so `instanceof` tells the rows apart. */
export type WebrpcErrorClassOf<Row extends WebrpcErrorRow> = typeof WebrpcError & { readonly row: Row }

/** Makes the class of one table row; gen/errors.gen.ts calls it once per row of docs/errors.md. */
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
  return class extends WebrpcError {
    static override readonly row = { error, code, msg, status }
  }
}

/** The error classes of one error table, by wire code; the codes the client itself raises must be in it. */
export type ErrorClassesByCode = { readonly [code: number]: WebrpcErrorClass }

/** The classes of an error table by wire code or by wire name (the generator checks both are unique). */
export function errorsBy<Key extends 'code' | 'error'>(
  classes: readonly WebrpcErrorClass[],
  key: Key,
): { readonly [value in WebrpcErrorRow[Key]]: WebrpcErrorClass } {
  return Object.fromEntries(classes.map((cls) => [cls.row[key], cls])) as {
    readonly [value in WebrpcErrorRow[Key]]: WebrpcErrorClass
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

/** The error of `code` in the table; a code the table lacks becomes the base class with that code. */
export function raise(errors: ErrorClassesByCode, code: number, init: WebrpcErrorInit): WebrpcError {
  const known = errors[code]
  return known ? new known(init) : new WebrpcError({ ...init, code })
}

/** A body the client cannot read as the JSON object docs/errors.md or the operation promises: WebrpcBadResponse. */
export const badResponse = (errors: ErrorClassesByCode, status: number, body: string): WebrpcError =>
  raise(errors, badResponseCode, {
    status,
    cause: `the body is not a JSON object (HTTP ${status}): ${body.slice(0, 200)}`,
  })

/** Decodes an error body (docs/errors.md fields error, code, msg, cause, status); an unknown code becomes WebrpcEndpoint with the payload kept. */
export function errorFromPayload(errors: ErrorClassesByCode, payload: unknown, httpStatus: number): WebrpcError {
  if (!isObject(payload)) return badResponse(errors, httpStatus, String(payload))
  const code = typeof payload.code === 'number' && errors[payload.code] ? payload.code : endpointCode
  return raise(errors, code, {
    msg: optionalString(payload.msg) ?? optionalString(payload.message),
    cause: optionalString(payload.cause),
    status: typeof payload.status === 'number' ? payload.status : httpStatus,
    payload: code === payload.code ? undefined : payload,
  })
}

/** Decodes an error response body; an empty or non-JSON body becomes WebrpcBadResponse with the HTTP status. */
export const errorFromResponseText = (errors: ErrorClassesByCode, httpStatus: number, text: string): WebrpcError =>
  errorFromPayload(errors, jsonObject(text) ?? text, httpStatus)
