import type {
  AddWebhookListenerArgs,
  IndexerService,
  RemoveWebhookListenerArgs,
  WebhookListener,
} from '../../../gen/indexer.gen.js'
import type { CallContext } from '../../server/host.js'
import type { NetworkTable } from '../networks.js'
import { callerProject, ownProject } from './arguments.js'
import { chainIdOf } from './marketplace.js'

/** What the Indexer handlers need from the webhook engine (src/webhook). */
export interface WebhookListeners {
  addListener(projectId: string, args: AddWebhookListenerArgs, scope?: { chainId?: number }): Promise<WebhookListener>
  removeListener(projectId: string, args: RemoveWebhookListenerArgs): Promise<boolean>
}

/** Listeners are scoped to the chain of the Indexer route (`<network>-indexer`). */
export function indexerHandlers(listeners: WebhookListeners, networks: NetworkTable): IndexerService<CallContext> {
  return {
    async AddWebhookListener(args, context) {
      const chainId = chainIdOf(networks, context)
      return { listener: await listeners.addListener(String(callerProject(context)), args, { chainId }) }
    },
    async RemoveWebhookListener(args, context) {
      const project = ownProject(context, args.projectId)
      return { status: await listeners.removeListener(String(project), args) }
    },
  }
}
