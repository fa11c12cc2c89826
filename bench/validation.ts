// Validation cost: generated standalone validators vs ajv compiling the same schemas at run time, and
// validation as a fraction of one loopback request. Run: npx tsx bench/validation.ts [pairs, default 7] [only the
// rows whose name starts with this, each row's validators then called by no other row]
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import GetOrdersResponseSchema from '../gen/schemas/marketplace/GetOrdersResponse.json' with { type: 'json' }
import OrderSchema from '../gen/schemas/marketplace/Order.json' with { type: 'json' }
import WebhookPayloadSchema from '../gen/schemas/indexer/WebhookPayload.json' with { type: 'json' }
import { isGetOrdersResponse, isOrder } from '../gen/validators/marketplace.js'
import { isWebhookPayload } from '../gen/validators/indexer.js'
import { operations, order, webhookPayload } from '../test/scripts/emit/jsonschema/support/fixtures.js'

const addFormats = addFormatsModule.default
const budgetMs = Number(process.env.BENCH_MS ?? 400)
const pairs = Number(process.argv[2] ?? 7)
const onlyRows = process.argv[3] ?? ''

/** Mean nanoseconds per call of fn, run for about budgetMs after a warm-up. */
function measure(fn: () => unknown): number {
  for (let i = 0; i < 2000; i++) fn()
  let calls = 0
  const started = process.hrtime.bigint()
  const deadline = started + BigInt(budgetMs) * 1_000_000n
  let now = started
  while (now < deadline) {
    for (let i = 0; i < 200; i++) fn()
    calls += 200
    now = process.hrtime.bigint()
  }
  return Number(now - started) / calls
}

function runtimeAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  return ajv
}

const compileStarted = process.hrtime.bigint()
const runtime = {
  order: runtimeAjv().compile(OrderSchema),
  getOrders: runtimeAjv().compile(GetOrdersResponseSchema),
  payload: runtimeAjv().compile(WebhookPayloadSchema),
}
const compileMs = Number(process.hrtime.bigint() - compileStarted) / 1e6

const hundredOrders = {
  ...operations['Marketplace.GetOrders'].response,
  orders: Array.from({ length: 100 }, (_, i) => ({ ...order, orderId: String(i) })),
}
const allCases = [
  { name: 'Order', value: order, standalone: isOrder, runtime: runtime.order },
  {
    name: 'GetOrders response, 100 orders',
    value: hundredOrders,
    standalone: isGetOrdersResponse,
    runtime: runtime.getOrders,
  },
  { name: 'Webhook payload', value: webhookPayload, standalone: isWebhookPayload, runtime: runtime.payload },
]
const cases = allCases.filter(({ name }) => name.startsWith(onlyRows))
for (const { name, value, standalone, runtime: compiled } of cases) {
  if (!standalone(value) || !compiled(value)) throw new Error(`${name}: the fixture does not validate`)
}

// One loopback request: POST the GetOrders request, get the 100-order response back (keep-alive fetch).
const responseBody = JSON.stringify(hundredOrders)
const server = createServer((request, response) => {
  request.resume().on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(responseBody))
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc/Marketplace/GetOrders`
const requestBody = JSON.stringify(operations['Marketplace.GetOrders'].request)
const roundTrip = async () =>
  (await fetch(url, { method: 'POST', body: requestBody, headers: { 'content-type': 'application/json' } })).json()
for (let i = 0; i < 300; i++) await roundTrip()
const loopbackRuns = 1500
const loopbackStarted = process.hrtime.bigint()
for (let i = 0; i < loopbackRuns; i++) await roundTrip()
const loopbackNs = Number(process.hrtime.bigint() - loopbackStarted) / loopbackRuns
server.close()

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const rows = cases.map(({ name, value, standalone, runtime: compiled }) => {
  // Alternated pairs, each side first in turn, so machine load and warm-up hit both sides alike; the ratio is
  // taken pair by pair and its median reported.
  const standaloneNs: number[] = []
  const runtimeNs: number[] = []
  for (let pair = 0; pair < pairs; pair++) {
    const sides = [
      () => standaloneNs.push(measure(() => standalone(value))),
      () => runtimeNs.push(measure(() => compiled(value))),
    ]
    if (pair % 2 === 1) sides.reverse()
    for (const side of sides) side()
  }
  const ratios = standaloneNs.map((ns, pair) => ns / runtimeNs[pair]!)
  return {
    name,
    standaloneNs: median(standaloneNs),
    runtimeNs: median(runtimeNs),
    ratio: median(ratios),
    spread: [Math.min(...ratios), Math.max(...ratios)],
    ofLoopback: median(standaloneNs) / loopbackNs,
  }
})

const us = (ns: number) => (ns / 1000).toFixed(2)
console.log(`node ${process.version}, ${budgetMs} ms per measurement, ${pairs} alternated pairs, medians`)
console.log(
  '| value | standalone µs/op | compiled at run time µs/op (baseline) | ours ÷ baseline (range of the pairs) | standalone / loopback request |',
)
console.log('|---|---|---|---|---|')
for (const row of rows) {
  console.log(
    `| ${row.name} | ${us(row.standaloneNs)} | ${us(row.runtimeNs)} | ${row.ratio.toFixed(2)} (${row.spread.map((ratio) => ratio.toFixed(2)).join('–')}) | ${(row.ofLoopback * 100).toFixed(2)} % |`,
  )
}
console.log(
  `loopback request (POST GetOrders, 100-order JSON response, keep-alive fetch): ${us(loopbackNs)} µs mean over ${loopbackRuns}`,
)
console.log(
  `runtime compilation of the three schemas (what standalone code avoids at startup): ${compileMs.toFixed(1)} ms; standalone: 0 ms`,
)
