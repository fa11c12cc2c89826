import { Problem } from '../../../values/problem.js'
import type { ProjectId } from '../../../values/project-id.js'
import type { Sql } from '../../../store/sql.js'
import { findListener, type ListenerRecord } from './listener-store.js'

/** The listener if it belongs to the project (removed ones included); its docs/errors.md error otherwise. */
export async function ownedListener(sql: Sql, projectId: ProjectId, listenerId: string): Promise<ListenerRecord> {
  const record = await findListener(sql, listenerId)
  if (!record) throw new Problem('not-found', `listener ${listenerId} not found`)
  if (record.projectId !== projectId)
    throw new Problem('permission-denied', `listener ${listenerId} belongs to another project`)
  return record
}
