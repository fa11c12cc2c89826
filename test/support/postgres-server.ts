import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { aptGetArgs } from './apt-get.js'

const postgresRoot = '/usr/lib/postgresql'

/** The bin directory of the newest Debian PostgreSQL server installed (/usr/lib/postgresql/<version>/bin). */
function postgresBinDir(): string | undefined {
  if (!existsSync(postgresRoot)) return undefined
  const versions = readdirSync(postgresRoot)
    .filter((v) => ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(postgresRoot, v, 'bin', tool))))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
  return versions[0] === undefined ? undefined : join(postgresRoot, versions[0], 'bin')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * Server settings given after the test defaults (the last -c of a name wins): a benchmark that measures the
 * server's own costs sets fsync, synchronous_commit and full_page_writes back to PostgreSQL's defaults.
 */
export type ServerSettings = Record<string, string>

export interface PostgresServer {
  url: string
  stop(): void
}

/** A PostgreSQL cluster of its own that a test may take down and bring back up, on the same port and data. */
export interface PostgresCluster extends PostgresServer {
  port: number
  /** The server's log file (deadlocks, errors of statements, connections). */
  logFile: string
  /** Stops the server (pg_ctl stop, fast: connections are closed; immediate: killed as by a crash); data is kept. */
  halt(mode: 'fast' | 'immediate'): void
  /** Starts the halted server again, on the same port, and waits until it accepts connections. */
  resume(): void
}

/**
 * A throwaway PostgreSQL cluster for this test run: Debian's server (installed with apt-get when missing),
 * initdb'd as the postgres user in a temp dir, listening on a free port of 127.0.0.1 with its socket in that dir.
 * Needs root on Debian (CI is a fresh Debian machine run as root); elsewhere it says why not.
 */
export async function startPostgres(settings: ServerSettings = {}): Promise<PostgresServer | string> {
  const started = Date.now()
  const cluster = await startPostgresCluster('contract_test', settings)
  if (typeof cluster === 'string') return cluster
  console.log(
    `PostgreSQL for the DATABASE_URL tests: ${new URL(cluster.url).host}, ready in ${Date.now() - started} ms`,
  )
  return cluster
}

/**
 * A PostgreSQL cluster as startPostgres starts it, with one database (url points at it); for a test that stops
 * and restarts its server, which must not be the run's shared one.
 */
export async function startPostgresCluster(
  database: string,
  settings: ServerSettings = {},
): Promise<PostgresCluster | string> {
  if (process.getuid?.() !== 0) return 'the PostgreSQL tests start their own server and need root (runuser, apt-get)'
  if (!existsSync('/etc/debian_version') || !existsSync('/usr/bin/apt-get')) {
    return "the PostgreSQL tests start Debian's PostgreSQL and need a Debian machine"
  }
  let bin = postgresBinDir()
  if (!bin) {
    console.log("installing Debian's postgresql for the DATABASE_URL tests (apt-get)...")
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', aptGetArgs(['update', '-qq']), { stdio: 'inherit', env })
    execFileSync('apt-get', aptGetArgs(['install', '-y', '-qq', 'postgresql']), { stdio: 'inherit', env })
    bin = postgresBinDir()
    if (!bin) return `apt-get installed postgresql but no server binaries are in ${postgresRoot}/<version>/bin`
  }
  const dir = mkdtempSync(join(tmpdir(), 'test-postgres-'))
  const dataDir = join(dir, 'data')
  const asPostgres = (tool: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe', cwd: dir })
  const halt = (mode: 'fast' | 'immediate') => asPostgres('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop'])
  const stop = () => {
    try {
      halt('immediate')
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
    asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
    const port = await freePort()
    // Several test files run their servers on it at once (one worker more than cores), each server with a pool:
    // PostgreSQL's default of 100 connections can run out.
    const options = [
      `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400`,
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(' ')
    const resume = () =>
      void asPostgres('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        join(dir, 'server.log'),
        '-o',
        options,
        '-w',
        '-t',
        '60',
        'start',
      ])
    resume()
    asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database])
    const url = `postgresql://postgres@127.0.0.1:${port}/${database}`
    return { url, port, logFile: join(dir, 'server.log'), stop, halt: (mode) => void halt(mode), resume }
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim()
    stop()
    return `could not start PostgreSQL: ${error instanceof Error ? error.message : String(error)}${stderr ? `\n${stderr}` : ''}`
  }
}
