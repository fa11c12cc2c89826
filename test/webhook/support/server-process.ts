import { spawn, type ChildProcess } from 'node:child_process'
import { createClients, localUrls, type Clients } from '../../../src/entries/index.js'
import { npmStartArgs } from '../../support/npm-start.js'

/** A local server started as `npm start` starts it, in its own process, on one PostgreSQL database. */
export interface ServerProcess {
  name: string
  child: ChildProcess
  /** The server's base URL, from its credentials line. */
  url: string
  /** The headers of the sample project's owner: its access key and secret key. */
  owner: Record<string, string>
  clients: Clients
  /** Every line the process wrote to standard error so far (its log). */
  stderr: string[]
}

/** Started processes, for the test file's afterAll to kill. */
export const serverProcesses: ChildProcess[] = []

export async function startServerProcess(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, npmStartArgs(), {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', JWT_SECRET: 'server-process-test-jwt-secret', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  serverProcesses.push(child)
  const stderr: string[] = []
  let partial = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop()!
    stderr.push(...lines)
  })
  const firstLine = await new Promise<string>((resolve, reject) => {
    let buffered = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const end = buffered.indexOf('\n')
      if (end >= 0) resolve(buffered.slice(0, end))
    })
    child.on('exit', (code) =>
      reject(new Error(`server ${name} exited with ${code} before it was ready:\n${[...stderr, partial].join('\n')}`)),
    )
  })
  const { url, accessKey, secretKey } = JSON.parse(firstLine) as { url: string; accessKey: string; secretKey: string }
  const clients = createClients({ network: 'polygon', accessKey, secretKey, urls: localUrls(url) })
  const owner = { 'X-Access-Key': accessKey, Authorization: `BEARER ${secretKey}` }
  return { name, child, url, owner, clients, stderr }
}

export function killServerProcesses(): void {
  for (const child of serverProcesses) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}
