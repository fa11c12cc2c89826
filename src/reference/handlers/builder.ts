import type { BuilderService } from '../../../gen/builder.gen.js'
import { ProjectNotFoundError } from '../../../gen/errors.gen.js'
import { Problem } from '../../values/problem.js'
import type { ProjectId } from '../../values/project-id.js'
import type { CallContext } from '../../server/host.js'
import type { Catalog } from '../catalog/catalog.js'
import { id, ownProject } from './arguments.js'

export async function requireProject(catalog: Catalog, projectId: ProjectId): Promise<void> {
  if (!(await catalog.hasProject(projectId))) throw new ProjectNotFoundError({ cause: `no project ${projectId}` })
}

export function builderHandlers(catalog: Catalog): BuilderService<CallContext> {
  return {
    async GetAudience({ projectId, audienceId }, context) {
      id(audienceId, 'audienceId')
      // Ownership first: any project id but the caller's is PermissionDenied, so ids cannot be probed.
      const project = ownProject(context, id(projectId, 'projectId'))
      await requireProject(catalog, project)
      const audience = await catalog.audience(project, audienceId)
      if (!audience) throw new Problem('not-found', `project ${project} has no audience ${audienceId}`)
      const { contacts, contracts } = await catalog.audienceMembers(project, audienceId)
      return { audience: { ...audience, contactCount: contacts.length }, contacts, contracts }
    },
  }
}
