import type { GasSponsor, RelayerService } from '../../../gen/relayer.gen.js'
import type { CallContext } from '../../server/host.js'
import type { Sql } from '../../store/sql.js'
import type { NetworkTable } from '../networks.js'
import { id, ownProject } from './arguments.js'
import { requireProject } from './builder.js'
import { chainIdOf } from './marketplace.js'
import { selectPage } from './paging.js'

export function relayerHandlers(sql: Sql, networks: NetworkTable): RelayerService<CallContext> {
  return {
    async ListGasSponsors({ projectId, page }, context) {
      // Ownership first: any project id but the caller's is PermissionDenied, so ids cannot be probed.
      const project = ownProject(context, id(projectId, 'projectId'))
      await requireProject(sql, project)
      const chainId = chainIdOf(networks, context)
      const selected = await selectPage<{ doc: GasSponsor }>(
        sql,
        {
          columns: 'doc',
          from: 'from gas_sponsors where project_id = $1 and chain_id = $2',
          orderBy: 'id',
          params: [project, chainId],
        },
        page,
      )
      return { page: selected.page, gasSponsors: selected.rows.map((r) => r.doc) }
    },
  }
}
