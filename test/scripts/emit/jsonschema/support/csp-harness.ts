// Run by csp.test.ts under `node --disallow-code-generation-from-strings`, the Node equivalent of a
// Content-Security-Policy without 'unsafe-eval': eval and new Function throw.
import { validateRequest, validateWebhookPayload } from '../../../../../src/validate/index.js'
import { plainAjv } from './runtime-ajv.js'
import { operations, webhookPayload } from './fixtures.js'

const attempt = (run: () => unknown) => {
  try {
    run()
    return 'ran'
  } catch (error) {
    return (error as Error).constructor.name
  }
}

console.log(
  JSON.stringify({
    newFunction: attempt(() => new Function('return 1')),
    runtimeCompile: attempt(() => plainAjv().compile({ type: 'string' })),
    request: validateRequest('Marketplace', 'GetOrders', operations['Marketplace.GetOrders'].request),
    badRequest: validateRequest('Marketplace', 'GetOrders', { input: 'x' }),
    payload: validateWebhookPayload(webhookPayload),
  }),
)
