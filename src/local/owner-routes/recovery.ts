import { InvalidArgumentError } from '../../../gen/errors.gen.js'
import type { ProjectId } from '../../values/project-id.js'
import { readJsonObject } from '../../server/body.js'
import type { HostRequest } from '../../server/wire.js'
import type { WebhookEngine } from '../../webhook/engine/engine.js'
import type { NetworkTable } from '../../reference/networks.js'
import type { OwnerRoute } from './owner-route.js'

const BODY_LIMIT = 4096
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * `POST …/webhooks/<listenerId>/deliveries/<uid>/resend` (no body): one delivery sent again, a new attempt
 * with the same webhook-id. `POST …/webhooks/<listenerId>/recover` with `{ "since": "<RFC 3339 time>" }`:
 * every delivery queued since then that failed or was cancelled when the listener was disabled, sent again.
 * Both make a disabled listener active again.
 */
export async function recoveryAction(
  request: HostRequest,
  projectId: ProjectId,
  route: OwnerRoute,
  listeners: Pick<WebhookEngine, 'resendDelivery' | 'recoverDeliveries'>,
  networks: NetworkTable,
): Promise<object> {
  const scope = { chainId: networks.chainIdOf(route.network) }
  if (route.action === 'resend') {
    const requeued = await listeners.resendDelivery(projectId, route.listenerId, route.uid!, scope)
    return { listenerId: route.listenerId, uid: route.uid, requeued }
  }
  const { since } = await readJsonObject(request, BODY_LIMIT)
  if (typeof since !== 'string' || !ISO_TIME.test(since) || Number.isNaN(Date.parse(since)))
    throw new InvalidArgumentError({ cause: 'since: not an RFC 3339 time such as 2026-01-01T00:00:00Z' })
  const requeued = await listeners.recoverDeliveries(projectId, route.listenerId, new Date(since), scope)
  return { listenerId: route.listenerId, since: new Date(since).toISOString(), requeued }
}
