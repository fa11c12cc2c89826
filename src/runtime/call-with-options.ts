import type { BaseCallOptions, CallOptions, CallRequest, CallResponse } from './call-option-types.js'
import { callSignal } from './call-signal.js'
import { waitToRetry } from './retry.js'
import type { ResponseValidatorsLoader } from './validate-response.js'

/** A request before hooks see it: what the client builds once per call. */
export type OutgoingRequest = Pick<CallRequest, 'method' | 'url' | 'headers' | 'body'>

/** What one attempt brought back: an answer and its body, or why none came. */
export type Answer = { response: Response; text: string } | { response?: undefined; failure: string }

/** What the client lends a call with options: one attempt, the decoding of an answer, its errors. */
export interface CallWithOptionsContext {
  readonly request: OutgoingRequest
  readonly options: CallOptions
  /** The client's options, which each of the call's own options overrides. */
  readonly base: BaseCallOptions
  /** The parts of the client's ServiceDescriptor a call with options reads. */
  readonly service: {
    readonly name: string
    /** The methods the schema marks `@safe`: the only ones retried. */
    readonly safeMethods?: readonly string[]
    readonly responseValidators?: ResponseValidatorsLoader
  }
  readonly send: (request: OutgoingRequest, signal: AbortSignal | undefined) => Promise<Answer>
  /** The answer's result, or throws its error (the service's error classes). */
  readonly result: (answer: Answer) => object
  readonly timeoutError: (cause: string) => Error
  readonly badResponseError: (cause: string) => Error
}

type Hook<T> = ((value: T) => void | Promise<void>) | undefined

/** Runs the client's hook, then the call's. */
async function runHooks<T>(value: T, clientHook: Hook<T>, callHook: Hook<T>): Promise<void> {
  await clientHook?.(value)
  await callHook?.(value)
}

/**
 * A call with timeoutMs, retry, hooks or validateResponses. The client loads this module only for such
 * calls, so an app that uses none of them never loads it.
 */
export async function callWithOptions(context: CallWithOptionsContext): Promise<object> {
  const { options, base, request, service } = context
  const safe = service.safeMethods?.includes(request.method) ?? false
  const timeoutMs = options.timeoutMs ?? base.timeoutMs
  const retry = options.retry ?? base.retry
  const mode = options.validateResponses ?? base.validateResponses
  const scope = callSignal(options.signal, timeoutMs)
  try {
    for (let attempt = 1; ; attempt++) {
      const sent: CallRequest = { ...request, service: service.name, headers: { ...request.headers }, attempt }
      await runHooks(sent, base.onRequest, options.onRequest)
      const answer = await context.send(sent, scope.signal)
      const { response } = answer
      if (response) {
        const seen: CallResponse = { ...sent, status: response.status, headers: response.headers, body: answer.text }
        await runHooks(seen, base.onResponse, options.onResponse)
      }
      let result: object
      try {
        result = context.result(answer)
      } catch (error) {
        const retryAfter = response?.headers.get('Retry-After') ?? null
        if (retry && (await waitToRetry(retry, safe, attempt, response?.status, retryAfter, scope.signal))) continue
        throw error
      }
      if (mode && mode !== 'off') await validate(context, result, mode)
      return result
    }
  } catch (error) {
    if (!scope.timedOut()) throw error
    throw context.timeoutError(`${service.name}.${request.method}: no answer within ${timeoutMs} ms (timeoutMs)`)
  } finally {
    scope.dispose()
  }
}

async function validate(context: CallWithOptionsContext, result: object, mode: 'warn' | 'throw'): Promise<void> {
  const { responseProblem } = await import('./validate-response.js')
  const { service, request } = context
  const problem = await responseProblem(service.responseValidators, service.name, request.method, result)
  if (problem && mode === 'throw') throw context.badResponseError(problem)
  if (problem) console.warn(`web3-market-contract: ${problem}`)
}
