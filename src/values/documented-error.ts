import {
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  ProjectLimitReachedError,
  TimeoutError,
  type WebrpcError,
} from '../../gen/errors.gen.js'
import { Problem, type ProblemKind } from './problem.js'

/** The docs/errors.md error each kind of domain Problem is answered with; the problem's message is its `cause`. */
const documentedErrorOfKind: Readonly<Record<ProblemKind, new (init: { cause: string }) => WebrpcError>> = {
  'invalid-argument': InvalidArgumentError,
  'not-found': NotFoundError,
  'permission-denied': PermissionDeniedError,
  'limit-reached': ProjectLimitReachedError,
  busy: TimeoutError,
  unavailable: TimeoutError,
}

export function documentedErrorOf(problem: Problem): WebrpcError {
  return new documentedErrorOfKind[problem.kind]({ cause: problem.message })
}

type Operation = (...args: never[]) => Promise<unknown>

/**
 * Operations that answer as the five services do: a Problem one throws becomes its docs/errors.md error,
 * anything else passes through. For operations offered beside the host (the webhook engine's methods).
 */
export function answeringDocumentedErrors<Operations extends Record<string, Operation>>(
  operations: Operations,
): Operations {
  const answering: Record<string, Operation> = {}
  for (const [name, operation] of Object.entries(operations))
    answering[name] = (...args) =>
      operation(...args).catch((error: unknown) => {
        throw error instanceof Problem ? documentedErrorOf(error) : error
      })
  return answering as Operations
}
