import { readJsonObject } from '../../server/body.js'
import type { HostRequest } from '../../server/wire.js'
import { invalidArgument } from '../../values/problem.js'
import type { ProjectId } from '../../values/project-id.js'
import { deliveryUid } from '../../webhook/engine/delivery/payload.js'
import type { OwnerRoute } from './owner-route.js'
import type { NetworkTable } from '../../reference/networks.js'
import type { WebhookEngine } from '../../webhook/engine/engine.js'
import { transferFor, transferLog } from './transfer-log.js'

const BODY_LIMIT = 4096

/**
 * `POST …/webhooks/<listenerId>/trigger/transfer` with the transfer's fields (transfer-log.ts; `{}` takes them all
 * from the listener): a made-up block holding that token transfer, appended to the route's network; every listener
 * it matches gets a delivery, as for a block of a followed chain. `POST …/trigger/reorg` with `{ "depth": N }`
 * (default 1): the network's newest N blocks dropped, BLOCK_REMOVED for the deliveries they carried. Both through
 * the engine's injected blocks (src/webhook/engine/chain/injected-blocks.ts); the answer names what was queued for
 * this listener.
 */
export async function triggerAction(
  request: HostRequest,
  projectId: ProjectId,
  route: OwnerRoute,
  listeners: WebhookEngine,
  networks: NetworkTable,
): Promise<object> {
  const chainId = networks.chainIdOf(route.network)!
  const listener = await listeners.getListener(projectId, route.listenerId, { chainId })
  const body = await readJsonObject(request, BODY_LIMIT)
  if (route.action === 'trigger-transfer') {
    const transfer = transferFor(listener, body)
    const block = await listeners.injectBlock(chainId, [transferLog(transfer)])
    const uid = deliveryUid(chainId, block.transactionHashes[0]!, 0, listener.id)
    return {
      listenerId: listener.id,
      network: route.network,
      block: { number: block.number, hash: block.hash, parentHash: block.parentHash },
      transactionHash: block.transactionHashes[0],
      transfer: { ...transfer, tokenId: String(transfer.tokenId), amount: String(transfer.amount) },
      uids: block.uids.includes(uid) ? [uid] : [],
    }
  }
  const { depth = 1, ...rest } = body
  const unknown = Object.keys(rest)[0]
  if (unknown !== undefined) throw invalidArgument(unknown, 'unknown field; the field is depth')
  const reorg = await listeners.reorgInjectedBlocks(chainId, depth as number)
  return {
    listenerId: listener.id,
    network: route.network,
    dropped: reorg.dropped,
    uids: reorg.removals.filter((removal) => removal.listenerId === listener.id).map((removal) => removal.uid),
  }
}
