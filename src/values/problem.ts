/**
 * Why a request cannot be served as asked, as domain code says it: a kind from a closed set, the reason,
 * and the field it concerns. It knows nothing of the wire: the boundary (src/server/errors.ts) answers
 * each kind with its docs/errors.md error through one table.
 */
/**
 * `busy`: the work was abandoned whole because concurrent work kept conflicting with it; the same call may succeed.
 * `unavailable`: the database the call needs is not answering now; the same call may succeed once it is back.
 */
export type ProblemKind =
  'invalid-argument' | 'not-found' | 'permission-denied' | 'limit-reached' | 'busy' | 'unavailable'

export interface ProblemOptions {
  /** The argument at fault, as a path (`filters.events[1]`); the message starts with it. */
  field?: string
  /** The underlying error, when the problem was found through one. */
  cause?: unknown
}

export class Problem<Reason extends string = string> extends Error {
  override readonly name = 'Problem'
  readonly field: string | undefined

  constructor(
    readonly kind: ProblemKind,
    readonly reason: Reason,
    options: ProblemOptions = {},
  ) {
    super(
      options.field === undefined ? reason : `${options.field}: ${reason}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    )
    this.field = options.field
  }
}

/** The commonest problem: an argument that cannot be read, naming the field. */
export const invalidArgument = <Reason extends string>(field: string, reason: Reason): Problem<Reason> =>
  new Problem('invalid-argument', reason, { field })
