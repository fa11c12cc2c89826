import { requestExamples } from '../../reference/data/request-examples.js'
import { call, jsonHeaders } from '../call.js'
import type { Check, CheckContext } from '../check.js'
import { undoSideEffect } from '../cleanup.js'
import type { Operation } from '../contract.js'
import { expectContractAnswer, expectDocumentedError, Violation } from '../judge.js'
import { operationUrl } from '../target.js'

/** A network no implementation serves. */
export const unknownNetwork = 'atlantis'

/** Errors a request the request schema accepts must never get: it is well-formed, routed and authenticated. */
export const neverForValidRequests = ['WebrpcBadRequest', 'WebrpcBadRoute', 'WebrpcBadMethod', 'Unauthorized']

const keysOf = (context: CheckContext, operation: Operation) =>
  jsonHeaders(context.target.accessKey, operation.needsSecretKey ? context.target.secretKey : undefined)

interface Sent {
  body?: unknown
  headers?: Record<string, string>
  method?: string
  network?: string
}

/** A call of the operation (its keys unless `headers` says otherwise), answered, or a Violation saying it was not. */
export async function callOperation(context: CheckContext, operation: Operation, sent: Sent = {}) {
  const url = operationUrl(context.target, operation.service, operation.path, sent.network)
  try {
    return await call(url, {
      method: sent.method,
      body: sent.body,
      headers: sent.headers ?? keysOf(context, operation),
    })
  } catch (error) {
    throw new Violation((error as Error).message)
  }
}

/** A check of one operation that expects one error of docs/errors.md for what it sends. */
function refusal(
  operation: Operation,
  id: string,
  title: string,
  expected: string,
  send: (context: CheckContext) => Sent,
): Check {
  return {
    id,
    service: operation.service,
    operation: operation.key,
    title: `${title} → ${expected}`,
    async run(context) {
      if (operation.needsSecretKey && !context.target.secretKey && !id.startsWith('auth.'))
        return { skipped: 'needs --secret-key' }
      const answer = await callOperation(context, operation, send(context))
      expectDocumentedError(answer, `${operation.key} with ${title}`, [expected])
    },
  }
}

/**
 * The checks of one operation: its route, methods, content types, keys and malformed bodies
 * (docs/endpoints.md, docs/auth.md, docs/errors.md).
 */
export function operationChecks(operation: Operation): Check[] {
  const example = requestExamples[operation.key]
  const withKeys = (context: CheckContext, headers: Record<string, string> = {}) => ({
    ...keysOf(context, operation),
    ...headers,
  })
  const secretOf = (context: CheckContext) => (operation.needsSecretKey ? context.target.secretKey : undefined)
  const checks: Check[] = [
    {
      id: 'route.valid-request',
      service: operation.service,
      operation: operation.key,
      title: 'a valid request is answered within the contract (200 within its response schema, or a documented error)',
      async run(context) {
        if (operation.needsSecretKey && !context.target.secretKey) return { skipped: 'needs --secret-key' }
        const answer = await callOperation(context, operation, { body: example })
        await undoSideEffect(context, operation, answer)
        expectContractAnswer(answer, operation, `${operation.key} with its example request`, neverForValidRequests)
      },
    },
    refusal(operation, 'method.get', 'GET', 'WebrpcBadMethod', (c) => ({
      method: 'GET',
      headers: { 'X-Access-Key': c.target.accessKey },
    })),
    refusal(operation, 'method.put', 'PUT', 'WebrpcBadMethod', () => ({ method: 'PUT', body: example })),
    refusal(operation, 'content-type.text-plain', 'Content-Type: text/plain', 'WebrpcBadRequest', (c) => ({
      body: JSON.stringify(example),
      headers: withKeys(c, { 'Content-Type': 'text/plain' }),
    })),
    refusal(operation, 'request.malformed-json', 'a body that is not JSON', 'WebrpcBadRequest', () => ({
      body: '{"a": ',
    })),
    refusal(operation, 'request.not-an-object', 'a JSON array as the body', 'WebrpcBadRequest', () => ({
      body: '[1,2]',
    })),
    refusal(operation, 'request.unknown-field', 'an unknown field', 'WebrpcBadRequest', () => ({
      body: { ...(example as object), conformUnknownField: 1 },
    })),
    refusal(operation, 'request.oversized', 'a body over the size limit', 'WebrpcBadRequest', (c) => ({
      body: JSON.stringify({ ...(example as object), pad: 'x'.repeat(c.bodyLimit) }),
    })),
    refusal(operation, 'auth.no-access-key', 'no X-Access-Key', 'Unauthorized', (c) => ({
      body: example,
      headers: jsonHeaders(undefined, secretOf(c)),
    })),
    refusal(operation, 'auth.wrong-access-key', 'an X-Access-Key of no project', 'Unauthorized', (c) => ({
      body: example,
      headers: jsonHeaders('conform-not-a-key-of-anyone', secretOf(c)),
    })),
  ]
  if (operation.networkScoped)
    checks.push(
      refusal(operation, 'route.unknown-network', `the network ${unknownNetwork}`, 'WebrpcBadRoute', () => ({
        body: example,
        network: unknownNetwork,
      })),
    )
  if (operation.needsSecretKey)
    checks.push(
      refusal(operation, 'auth.no-bearer', 'no Authorization', 'Unauthorized', (c) => ({
        body: example,
        headers: jsonHeaders(c.target.accessKey),
      })),
      refusal(operation, 'auth.malformed-bearer', 'Authorization: BEARER of no JWT', 'Unauthorized', (c) => ({
        body: example,
        headers: jsonHeaders(c.target.accessKey, 'not.a.jwt'),
      })),
      refusal(operation, 'auth.basic-scheme', 'the secret key as Basic, not BEARER', 'Unauthorized', (c) => ({
        body: example,
        headers: { ...jsonHeaders(c.target.accessKey), Authorization: `Basic ${c.target.secretKey ?? 'x'}` },
      })),
    )
  else
    checks.push({
      id: 'auth.bearer-not-needed',
      service: operation.service,
      operation: operation.key,
      title: 'the access key alone is enough (BEARER is for the webhook calls only)',
      async run(context) {
        const answer = await callOperation(context, operation, {
          body: example,
          headers: jsonHeaders(context.target.accessKey),
        })
        expectContractAnswer(answer, operation, `${operation.key} without Authorization`, ['Unauthorized'])
      },
    })
  return checks
}
