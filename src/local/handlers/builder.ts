import type { BuilderService } from '../../../gen/builder.gen.js'
import { ProjectNotFoundError } from '../../../gen/errors.gen.js'
import { Problem } from '../../problem.js'
import type { ProjectId } from '../../project-id.js'
import type { CallContext } from '../../server/host.js'
import type { Sql } from '../../store/sql.js'
import { id, ownProject } from './arguments.js'

export async function requireProject(sql: Sql, projectId: ProjectId): Promise<void> {
  const { rows } = await sql.query('select 1 from projects where id = $1', [projectId])
  if (rows.length === 0) throw new ProjectNotFoundError({ cause: `no project ${projectId}` })
}

export function builderHandlers(sql: Sql): BuilderService<CallContext> {
  return {
    async GetAudience({ projectId, audienceId }, context) {
      id(audienceId, 'audienceId')
      // Ownership first: any project id but the caller's is PermissionDenied, so ids cannot be probed.
      const project = ownProject(context, id(projectId, 'projectId'))
      await requireProject(sql, project)
      const audience = await sql.query<{ doc: Record<string, unknown> }>(
        'select doc from audiences where id = $1 and project_id = $2',
        [audienceId, project],
      )
      const found = audience.rows[0]
      if (!found) throw new Problem('not-found', `project ${project} has no audience ${audienceId}`)
      const contacts = await sql.query<{ id: string; doc: Record<string, unknown> }>(
        'select id, doc from audience_contacts where audience_id = $1 order by id',
        [audienceId],
      )
      const contracts = await sql.query<{ doc: Record<string, unknown> }>(
        'select doc from contracts where project_id = $1 and audience_id = $2 order by id',
        [project, audienceId],
      )
      return {
        audience: { ...(found.doc as object), contactCount: contacts.rows.length } as never,
        contacts: contacts.rows.map((c) => ({ ...c.doc, id: Number(c.id) }) as never),
        contracts: contracts.rows.map((c) => c.doc as never),
      }
    },
  }
}
