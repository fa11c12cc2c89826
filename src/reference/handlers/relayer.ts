import type { RelayerService } from '../../../gen/relayer.gen.js'
import type { CallContext } from '../../server/host.js'
import type { Catalog } from '../catalog/catalog.js'
import type { NetworkTable } from '../networks.js'
import { id, ownProject } from './arguments.js'
import { requireProject } from './builder.js'
import { chainIdOf } from './marketplace.js'
import { selectPage } from './paging.js'

export function relayerHandlers(catalog: Catalog, networks: NetworkTable): RelayerService<CallContext> {
  return {
    async ListGasSponsors({ projectId, page }, context) {
      // Ownership first: any project id but the caller's is PermissionDenied, so ids cannot be probed.
      const project = ownProject(context, id(projectId, 'projectId'))
      await requireProject(catalog, project)
      const chainId = chainIdOf(networks, context)
      const selected = selectPage(await catalog.gasSponsors(project, chainId), page)
      return { page: selected.page, gasSponsors: selected.rows }
    },
  }
}
