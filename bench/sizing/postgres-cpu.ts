import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import pg from 'pg'

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined // the process ended between the listing and the read
  }
}

/**
 * CPU time of a PostgreSQL server, in microseconds: the postmaster's own, its live children's (backends, WAL
 * writer, checkpointer, background writer, autovacuum), and that of the children it has reaped (cutime,
 * cstime), so a backend that exits between two readings is still counted. Fields of proc(5), counted from
 * the state (field 3): ppid 4, utime 14, stime 15, cutime 16, cstime 17.
 */
export function serverCpuMicros(postmasterPid: number): number {
  const ticks = (fields: string[], from: number, to: number) =>
    fields.slice(from - 3, to - 2).reduce((sum, value) => sum + Number(value), 0)
  const own = statFields(postmasterPid)
  if (!own) throw new Error(`no PostgreSQL postmaster with pid ${postmasterPid}`)
  let total = ticks(own, 14, 17)
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const fields = statFields(Number(entry))
    if (fields && Number(fields[4 - 3]) === postmasterPid) total += ticks(fields, 14, 15)
  }
  return (total / TICKS_PER_SECOND) * 1e6
}

/** The postmaster of the server at `url`: the parent of a backend. */
export async function postmasterPid(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    const parent = Number(statFields(rows[0]!.pid)?.[4 - 3])
    if (!Number.isInteger(parent) || parent <= 1) throw new Error('could not find the PostgreSQL postmaster')
    return parent
  } finally {
    await client.end()
  }
}
