import { connect, createServer, type Socket } from 'node:net'

/** A TCP proxy on 127.0.0.1 that can stop forwarding without closing anything: connections through it hang. */
export interface PausableTcpProxy {
  port: number
  /**
   * From now on nothing is forwarded: bytes sent either way are held, and new connections are accepted and held
   * without reaching the target, as a network that stops forwarding does (no refusal, no reset).
   */
  pause(): void
  /** Forwards again: what was held first, in order; held connections reach the target now. */
  resume(): void
  close(): Promise<void>
}

interface Pair {
  client: Socket
  target: Socket | undefined
  /** Bytes from the client not yet written to the target (while paused, or before it connected). */
  toTarget: Buffer[]
  toClient: Buffer[]
}

export async function startPausableTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<PausableTcpProxy> {
  let paused = false
  const pairs = new Set<Pair>()

  const flush = (pair: Pair) => {
    if (paused) return
    if (pair.target && !pair.target.connecting) for (const chunk of pair.toTarget.splice(0)) pair.target.write(chunk)
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk)
  }
  const close = (pair: Pair) => {
    pairs.delete(pair)
    pair.client.destroy()
    pair.target?.destroy()
  }
  const connectTarget = (pair: Pair) => {
    const target = connect(targetPort, targetHost)
    pair.target = target
    target.on('connect', () => flush(pair))
    target.on('data', (chunk: Buffer) => {
      pair.toClient.push(chunk)
      flush(pair)
    })
    target.on('error', () => close(pair))
    target.on('close', () => close(pair))
  }

  const server = createServer((client) => {
    const pair: Pair = { client, target: undefined, toTarget: [], toClient: [] }
    pairs.add(pair)
    client.on('data', (chunk: Buffer) => {
      pair.toTarget.push(chunk)
      flush(pair)
    })
    client.on('error', () => close(pair))
    client.on('close', () => close(pair))
    if (!paused) connectTarget(pair)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })

  return {
    port: (server.address() as { port: number }).port,
    pause() {
      paused = true
    },
    resume() {
      paused = false
      for (const pair of pairs) {
        if (!pair.target) connectTarget(pair)
        flush(pair)
      }
    },
    async close() {
      for (const pair of [...pairs]) close(pair)
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
