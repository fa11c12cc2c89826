import type {
  AddWebhookListenerArgs,
  IndexerService,
  RemoveWebhookListenerArgs,
  WebhookListener,
} from '../../../gen/indexer.gen.js'
import type { ProjectId } from '../../values/project-id.js'
import type { CallContext } from '../../server/host.js'
import type { NetworkTable } from '../networks.js'
import { callerProject } from './arguments.js'
import { chainIdOf } from './marketplace.js'

/** What the Indexer handlers need from the webhook engine (src/webhook). */
export interface WebhookListeners {
  addListener(
    projectId: ProjectId,
    args: AddWebhookListenerArgs,
    scope?: { chainId?: number },
  ): Promise<WebhookListener>
  /**
   * Checks that args.projectId is the caller's project (PermissionDenied) before anything else. The scope names
   * the chain of the route, whose database holds the listener when chains are split over databases.
   */
  removeListener(projectId: ProjectId, args: RemoveWebhookListenerArgs, scope?: { chainId?: number }): Promise<boolean>
}

/** Listeners are scoped to the chain of the Indexer route (`<network>-indexer`). */
export function indexerHandlers(listeners: WebhookListeners, networks: NetworkTable): IndexerService<CallContext> {
  return {
    async AddWebhookListener(args, context) {
      const chainId = chainIdOf(networks, context)
      return { listener: await listeners.addListener(callerProject(context), args, { chainId }) }
    },
    async RemoveWebhookListener(args, context) {
      const chainId = chainIdOf(networks, context)
      return { status: await listeners.removeListener(callerProject(context), args, { chainId }) }
    },
  }
}
