// Logs/s through the matching index with 1, 1,000 and 100,000 listeners, each on its own contract,
// against a baseline measured in the same run (1 listener); a naive scan over all listeners is shown
// for contrast at 1,000. Run: npx tsx bench/webhook-matching.ts
import { randomBytes } from 'node:crypto'
import { encodeAbiParameters, pad, type Hex } from 'viem'
import { decodeEventArguments } from '../src/webhook/decode.js'
import { parseEventSignature } from '../src/webhook/event-signature.js'
import { MatchingIndex, type LogToMatch, type Subscription } from '../src/webhook/matching-index.js'
import { eventRoles } from '../src/webhook/token-standards.js'

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

/** Half the logs hit a watched contract (a random listener's), half an unwatched one. */
function logsFor(watched: Subscription[]): LogToMatch[] {
  const data = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [7n, 1n])
  const who = pad(randomAddress() as Hex)
  return Array.from({ length: LOGS }, (_, i) => ({
    address: i % 2 ? watched[(i * 7919) % watched.length]!.contractAddress : randomAddress(),
    topics: [event.topicHash as Hex, who, who, who],
    data,
  }))
}

/** Best of three passes, after a warm-up. */
function logsPerSecond(match: (log: LogToMatch) => unknown, logs: LogToMatch[]): number {
  for (const log of logs.slice(0, 2_000)) match(log)
  let best = 0
  for (let pass = 0; pass < 3; pass++) {
    const started = process.hrtime.bigint()
    for (const log of logs) match(log)
    best = Math.max(best, logs.length / (Number(process.hrtime.bigint() - started) / 1e9))
  }
  return best
}

const rows: [string, number][] = []
for (const count of [1, 1_000, 100_000]) {
  const subs = subscriptions(count)
  const index = new MatchingIndex()
  index.add(subs)
  rows.push([
    `index, ${count.toLocaleString('en')} listeners`,
    logsPerSecond((log) => index.match(1, log), logsFor(subs)),
  ])
}
const naiveSubs = subscriptions(1_000)
const naive = (log: LogToMatch) =>
  naiveSubs.filter(
    (s) => s.contractAddress === log.address.toLowerCase() && decodeEventArguments(s.event, log.topics, log.data),
  )
rows.push(['naive scan, 1,000 listeners', logsPerSecond(naive, logsFor(naiveSubs))])

const baseline = rows[0]![1]
console.log(`| case | logs/s | ratio to 1 listener |\n|---|---:|---:|`)
for (const [name, rate] of rows)
  console.log(`| ${name} | ${Math.round(rate).toLocaleString('en')} | ${(rate / baseline).toFixed(2)} |`)
