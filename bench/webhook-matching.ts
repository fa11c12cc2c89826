// Logs/s through the matching index with 1, 1,000 and 100,000 listeners, each on its own token contract,
// against a baseline measured in the same run (1 listener), the cases taking turns pass after pass; a
// naive scan over all listeners is shown for contrast at 1,000. Run: npx tsx bench/webhook-matching.ts
import { randomBytes } from 'node:crypto'
import { encodeAbiParameters, pad, type Hex } from 'viem'
import { decodeEventArguments } from '../src/webhook/engine/matching/decode.js'
import { parseEventSignature } from '../src/webhook/engine/matching/event-signature.js'
import { MatchingIndex, type LogToMatch, type Subscription } from '../src/webhook/engine/matching/matching-index.js'
import { eventRoles } from '../src/webhook/engine/matching/token-standards.js'

const event = parseEventSignature(
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
)
const roles = eventRoles(event)
const LOGS = 20_000
// Addresses reach the index as JSON-decoded strings (request bodies, the store, JSON-RPC logs): flat strings.
// A template literal would make a rope (cons string), which V8 hashes and compares far slower as a map key.
const randomAddress = (): string => JSON.parse(JSON.stringify(`0x${randomBytes(20).toString('hex')}`))

function subscriptions(count: number): Subscription[] {
  return Array.from({ length: count }, (_, i) => ({
    listenerId: `listener-${i}`,
    chainId: 1,
    contractAddress: randomAddress(),
    event,
    roles,
    tokenIds: new Set([BigInt(i % 100)]),
    accounts: undefined,
  }))
}

/** Half the logs hit a watched token contract (a random listener's), half an unwatched one. */
function logsFor(watched: Subscription[]): LogToMatch[] {
  const data = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [7n, 1n])
  const who = pad(randomAddress() as Hex)
  return Array.from({ length: LOGS }, (_, i) => ({
    address: i % 2 ? watched[(i * 7919) % watched.length]!.contractAddress : randomAddress(),
    topics: [event.topicHash as Hex, who, who, who],
    data,
  }))
}

interface Case {
  name: string
  match: (log: LogToMatch) => unknown
  logs: LogToMatch[]
}

const cases: Case[] = [1, 1_000, 100_000].map((count) => {
  const subs = subscriptions(count)
  const index = new MatchingIndex()
  index.add(subs)
  return {
    name: `index, ${count.toLocaleString('en')} listeners`,
    match: (log) => index.match(1, log),
    logs: logsFor(subs),
  }
})
const naiveSubs = subscriptions(1_000)
cases.push({
  name: 'naive scan, 1,000 listeners',
  match: (log) =>
    naiveSubs.filter(
      (s) => s.contractAddress === log.address.toLowerCase() && decodeEventArguments(s.event, log.topics, log.data),
    ),
  logs: logsFor(naiveSubs),
})

// Side by side: every case is warmed up, then the cases take turns, pass after pass, so no case is
// measured only before or only after the JIT and the heap settled; each keeps its best pass. Each pass
// is also timed in CPU time (process.cpuUsage: this process's threads, garbage collector included),
// which does not count the time other processes hold the cores: on a shared machine, wall time says
// more about their load than about matching.
const PASSES = 15
for (const { match, logs } of cases) for (const log of logs.slice(0, 2_000)) match(log)
const wall = cases.map((): number[] => [])
const cpu = cases.map((): number[] => [])
for (let pass = 0; pass < PASSES; pass++) {
  cases.forEach(({ match, logs }, i) => {
    const started = process.hrtime.bigint()
    const cpuStarted = process.cpuUsage()
    for (const log of logs) match(log)
    const cpuUsed = process.cpuUsage(cpuStarted)
    wall[i]!.push(logs.length / (Number(process.hrtime.bigint() - started) / 1e9))
    cpu[i]!.push(logs.length / ((cpuUsed.user + cpuUsed.system) / 1e6))
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
const bestWall = wall.map((rates) => Math.max(...rates))
const medianCpu = cpu.map(median)
console.log(
  `| case | logs/s, wall (best of ${PASSES}) | ratio | logs per CPU-second (median of ${PASSES}) | ratio |\n|---|---:|---:|---:|---:|`,
)
cases.forEach(({ name }, i) =>
  console.log(
    `| ${name} | ${Math.round(bestWall[i]!).toLocaleString('en')} | ${(bestWall[i]! / bestWall[0]!).toFixed(2)} | ` +
      `${Math.round(medianCpu[i]!).toLocaleString('en')} | ${(medianCpu[i]! / medianCpu[0]!).toFixed(2)} |`,
  ),
)
