import type { GasSponsor, RelayerService } from '../../../gen/relayer.gen.js'
import type { CallContext } from '../../server/host.js'
import type { Sql } from '../../store/sql.js'
import type { NetworkTable } from '../networks.js'
import { id, ownProject, pageWindow } from './arguments.js'
import { requireProject } from './builder.js'
import { chainIdOf } from './marketplace.js'

export function relayerHandlers(sql: Sql, networks: NetworkTable): RelayerService<CallContext> {
  return {
    async ListGasSponsors({ projectId, page }, context) {
      // Ownership first: any project id but the caller's is PermissionDenied, so ids cannot be probed.
      const project = ownProject(context, id(projectId, 'projectId'))
      await requireProject(sql, project)
      const chainId = chainIdOf(networks, context)
      const window = pageWindow(page)
      const total = await sql.query<{ count: string }>(
        'select count(*) as count from gas_sponsors where project_id = $1 and chain_id = $2',
        [project, chainId],
      )
      const rows = await sql.query<{ doc: GasSponsor }>(
        `select doc from gas_sponsors where project_id = $1 and chain_id = $2 order by id limit ${window.pageSize} offset ${window.offset}`,
        [project, chainId],
      )
      const totalRecords = Number(total.rows[0]!.count)
      const gasSponsors = rows.rows.map((r) => r.doc)
      return {
        page: {
          page: window.page,
          pageSize: window.pageSize,
          more: window.offset + gasSponsors.length < totalRecords,
          totalRecords,
        },
        gasSponsors,
      }
    },
  }
}
