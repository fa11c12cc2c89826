import { request, Agent } from 'node:http'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { createHost, type ServiceMount } from '../../src/server/host.js'
import { listen, type RunningServer } from '../../src/server/node.js'
import { turnScheduler } from '../../src/server/turns.js'

describe('turnScheduler', () => {
  it('starts calls at once while a turn has room, then at most perTurn a turn, in arrival order', async () => {
    const inTurn = turnScheduler(2)
    const started: number[] = []
    for (let call = 0; call < 7; call++) inTurn(() => started.push(call))
    expect(started).toEqual([0, 1])
    await nextTurn()
    expect(started).toEqual([0, 1, 2, 3])
    await nextTurn()
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
    await nextTurn()
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('starts the next call at once after a quiet turn', async () => {
    const inTurn = turnScheduler(1)
    const started: string[] = []
    inTurn(() => started.push('a'))
    await nextTurn()
    await nextTurn()
    inTurn(() => started.push('b'))
    expect(started).toEqual(['a', 'b'])
  })
})

/** A service whose one method keeps the CPU busy for `ms`, as a heavy handler under load does. */
const busyService: ServiceMount = {
  name: 'Busy',
  methods: ['Work'],
  network: { kind: 'none' },
  webrpcHeader: 'webrpc@v0.23.4;busy@v0.0.1',
  auth: () => 'none',
  dispatch: async () => {
    const until = performance.now() + 1
    while (performance.now() < until);
    return {}
  },
}

function post(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
      res.resume()
      res.once('end', () => resolve(res.statusCode!))
    })
    req.once('error', reject)
    req.end('{}')
  })
}

describe('a busy server', () => {
  let server: RunningServer | undefined
  afterAll(() => server?.close(0))

  it('accepts a burst of new connections while its open connections keep it busy', async () => {
    server = await listen(createHost({ services: [busyService] }), { port: 0, requestsPerTurn: 4 })
    const url = `${server.url}/rpc/Busy/Work`
    // 60 connections, each asking again as soon as it is answered: every turn finds all of them ready.
    const busyAgent = new Agent({ keepAlive: true, maxSockets: 60 })
    let loading = true
    let busyCalls = 0
    const loops = Array.from({ length: 60 }, async () => {
      while (loading) {
        await post(url, busyAgent)
        busyCalls++
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    // libuv accepts one connection per turn: 60 new ones need about 60 turns. Serving every ready connection
    // in a turn, the busy connections get about 60 calls a turn, some 3,600 before the burst is answered; four
    // calls a turn, about 240. Counted in calls, not in time, so a slow or loaded machine changes nothing.
    const busyBefore = busyCalls
    const burst = await Promise.all(Array.from({ length: 60 }, () => post(url, new Agent({ keepAlive: false }))))
    const busyDuringBurst = busyCalls - busyBefore
    loading = false
    await Promise.all(loops)
    busyAgent.destroy()
    expect(burst.every((status) => status === 200)).toBe(true)
    expect(busyDuringBurst).toBeLessThan(1_200)
  })
})
