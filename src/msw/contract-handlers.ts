import type { HttpHandler } from 'msw'
import type { WebhookListener } from '../../gen/indexer.gen.js'
import type { Log } from '../observability/log.js'
import { sampleProject } from '../reference/data/sample-data.js'
import { hostHandlers, hostOnFirstRequest } from './handle.js'
import { mockListeners } from './listeners.js'
import { mockAuth, mockFixtures, mockJwtSecret, mockSecretKey, type MockOptions } from './mock-options.js'
import { serviceAddresses } from './routes.js'

export interface ContractHandlersOptions extends MockOptions {
  /** Checks every answer against its response schema (a broken one is answered WebrpcBadResponse and logged). */
  validateResponses?: boolean
  /** When orders expire; Date.now when absent. */
  now?: () => number
  /** Where unexpected errors go (they are answered WebrpcInternalError); console.error when absent. */
  log?: Log
}

/** MSW handlers of every operation of the five services, with what a test needs to call them. */
export interface ContractHandlers extends Array<HttpHandler> {
  /** The sample project's access key (`X-Access-Key`). */
  accessKey: string
  /** A secret key of a project (the sample project when absent) that the handlers accept (`Authorization: BEARER`). */
  secretKey(projectId?: number): Promise<string>
  /** The webhook listeners added and not removed, as AddWebhookListener answered them (with their signing secrets). */
  listeners(): WebhookListener[]
}

/**
 * Handlers for `setupServer` (msw/node) or `setupWorker` (msw/browser) that answer all ten operations as the
 * local contract server does, from the same implementation: routes and network shapes, X-Access-Key and
 * BEARER checks, request validation, docs/errors.md's error table, the Webrpc header; sample data plus `fixtures`.
 */
export function contractHandlers(options: ContractHandlersOptions = {}): ContractHandlers {
  const documents = mockFixtures(options)
  const secret = options.jwtSecret ?? mockJwtSecret
  const listeners = mockListeners(options.now)
  // The operations, the catalog and viem's address and amount code load with the first request.
  const host = hostOnFirstRequest(async () => {
    const { mockHost } = await import('./contract-host-of-mock.js')
    return mockHost({
      documents,
      listeners,
      auth: mockAuth(documents, secret),
      validateResponses: options.validateResponses,
      log: options.log,
      now: options.now,
    })
  })
  const handlers = hostHandlers(host, serviceAddresses(options.urls))
  return Object.assign(handlers, {
    accessKey: sampleProject.accessKey,
    secretKey: (projectId?: number) => mockSecretKey({ jwtSecret: secret }, projectId),
    listeners: () => listeners.list(),
  })
}
