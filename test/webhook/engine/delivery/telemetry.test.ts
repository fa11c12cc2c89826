import { metrics, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type DataPoint,
  type Histogram,
} from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { clientsFor, startTestServer, type TestServer } from '../../../local/support.js'
import { transferSingleLog } from '../../support/logs.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../../support/receiver-server.js'

/**
 * The OpenTelemetry SDK registered by the application, with in-memory exporters: the local server's host
 * and webhook engine report through @opentelemetry/api to it. One listener's receiver answers, the other's
 * fails (its delivery stays pending for a retry).
 */
const POLYGON = 137
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ZERO = '0x0000000000000000000000000000000000000000'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'

const spans = new InMemorySpanExporter()
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 })
let server: TestServer
const receivers: TestReceiver[] = []

beforeAll(async () => {
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }))
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }))
  server = await startTestServer()
})
afterAll(async () => {
  for (const receiver of receivers) await receiver.close()
  await server?.close()
  await reader.shutdown()
})

/** Every data point of a metric at the last collection. */
async function collect(): Promise<Map<string, DataPoint<unknown>[]>> {
  metricExporter.reset()
  await reader.forceFlush()
  const points = new Map<string, DataPoint<unknown>[]>()
  for (const resource of metricExporter.getMetrics())
    for (const scope of resource.scopeMetrics)
      for (const metric of scope.metrics) points.set(metric.descriptor.name, metric.dataPoints)
  return points
}

test('metrics: deliveries by outcome, attempt latency, queue depth and oldest pending age, listeners active; spans per request and attempt', async () => {
  const [healthy, failing] = await Promise.all([startTestReceiver(), startTestReceiver()])
  receivers.push(healthy, failing)
  failing.answerWith(503)
  const indexer = clientsFor(server).indexer
  const filters = { contractAddresses: [CONTRACT], events: [TRANSFER_SINGLE] }
  const { listener } = await indexer.addWebhookListener({ url: healthy.url, filters })
  healthy.useSecret(listener.secret!)
  await indexer.addWebhookListener({ url: failing.url, filters })
  const { uids } = await server.webhooks.ingest(POLYGON, transferSingleLog(CONTRACT, ALICE, ZERO, ALICE, 7n, 1n))
  expect(uids).toHaveLength(2)
  await waitUntil(() => healthy.delivered.length === 1 && failing.requests.length === 1, 'one attempt each')
  const value = (points: DataPoint<unknown>[] | undefined, outcome?: string) =>
    points?.find((point) => outcome === undefined || point.attributes.outcome === outcome)?.value

  await waitUntil(
    async () => value((await collect()).get('webhook.deliveries'), 'retry') === 1,
    'both outcomes counted',
  )
  const points = await collect()
  expect(value(points.get('webhook.deliveries'), 'delivered')).toBe(1)
  expect(value(points.get('webhook.deliveries'), 'retry')).toBe(1)
  const latency = value(points.get('webhook.attempt.duration'), 'delivered') as Histogram
  expect(latency.count).toBe(1)
  expect(latency.sum).toBeGreaterThan(0)
  expect(value(points.get('webhook.queue.depth'))).toBe(1)
  expect(value(points.get('webhook.queue.oldest_pending_age'))).toBeGreaterThan(0)
  expect(value(points.get('webhook.listeners.active'))).toBe(2)

  const finished = spans.getFinishedSpans()
  const add = finished.find((span) => span.name === 'Indexer/AddWebhookListener')
  expect(add?.kind).toBe(SpanKind.SERVER)
  expect(add?.attributes).toMatchObject({ 'rpc.service': 'Indexer', 'rpc.method': 'AddWebhookListener' })
  expect(add?.attributes['http.response.status_code']).toBe(200)
  const attempts = finished.filter((span) => span.name === 'webhook.deliver')
  expect(attempts.map((span) => span.attributes['webhook.id']).sort()).toEqual([...uids].sort())
  expect(attempts.every((span) => span.kind === SpanKind.CLIENT)).toBe(true)
  const statuses = attempts.map((span) => [span.attributes['http.response.status_code'], span.status.code]).sort()
  expect(statuses).toEqual([
    [200, SpanStatusCode.UNSET],
    [503, SpanStatusCode.ERROR],
  ])
})
