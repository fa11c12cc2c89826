import type { Sql } from '../../../store/sql.js'
import type * as OpenTelemetry from '@opentelemetry/api'
import { INSTRUMENTATION_NAME, loadOpenTelemetry, type OpenTelemetryApi } from '../../../observability/telemetry.js'
import type { AttemptOutcome } from './attempts.js'
import type { SendResult } from './http-sender.js'
import type { ClaimedDelivery } from './outbox.js'

/** What the delivery worker reports: a span per attempt, its latency and outcome, and the queue when asked. */
export interface DeliveryTelemetry {
  /** Runs one attempt's request inside its span. */
  send(delivery: ClaimedDelivery, request: () => Promise<SendResult>): Promise<SendResult>
  finished(outcome: AttemptOutcome, durationMs: number): void
  close(): void
}

export const noDeliveryTelemetry: DeliveryTelemetry = {
  send: (_delivery, request) => request(),
  finished: () => undefined,
  close: () => undefined,
}

/** OpenTelemetry's instruments when the application has `@opentelemetry/api` installed, none otherwise. */
export async function openDeliveryTelemetry(
  sql: Sql,
  activeListeners: () => number,
  now: () => number,
): Promise<DeliveryTelemetry> {
  const api = await loadOpenTelemetry()
  return api ? deliveryTelemetry(api, sql, activeListeners, now) : noDeliveryTelemetry
}

/** The outcome attribute of webhook.deliveries and webhook.attempt.duration. */
function outcomeName(outcome: AttemptOutcome): string {
  return 'state' in outcome ? outcome.state : 'retry'
}

/**
 * Metrics (README "Operating webhooks"): webhook.deliveries and webhook.attempt.duration by outcome;
 * webhook.queue.depth, webhook.queue.oldest_pending_age and webhook.listeners.active, observed when the
 * application's reader collects (the queue with one query then). Spans: webhook.deliver per attempt.
 */
export function deliveryTelemetry(
  api: OpenTelemetryApi,
  sql: Sql,
  activeListeners: () => number,
  now: () => number,
): DeliveryTelemetry {
  const meter = api.metrics.getMeter(INSTRUMENTATION_NAME)
  const tracer = api.trace.getTracer(INSTRUMENTATION_NAME)
  const deliveries = meter.createCounter('webhook.deliveries', {
    description: 'Delivery attempts by outcome: delivered, retry, failed, cancelled',
    unit: '{attempt}',
  })
  const duration = meter.createHistogram('webhook.attempt.duration', {
    description: 'Time from sending a delivery to the receiver’s answer (or the error)',
    unit: 's',
  })
  const depth = meter.createObservableGauge('webhook.queue.depth', {
    description: 'Deliveries pending in the outbox (due now or waiting for a retry)',
    unit: '{delivery}',
  })
  const oldest = meter.createObservableGauge('webhook.queue.oldest_pending_age', {
    description: 'Age of the oldest pending delivery (0 when none is pending)',
    unit: 's',
  })
  const listeners = meter.createObservableGauge('webhook.listeners.active', {
    description: 'Active listeners this engine matches logs against',
    unit: '{listener}',
  })
  const observe: OpenTelemetry.BatchObservableCallback = async (result) => {
    const { rows } = await sql.query<{ depth: number; oldest: Date | null }>(
      `select count(*)::int as depth, min(created_at) as oldest from webhook_outbox where state = 'pending'`,
    )
    result.observe(depth, Number(rows[0]!.depth))
    result.observe(oldest, rows[0]!.oldest ? Math.max(0, now() - rows[0]!.oldest.getTime()) / 1000 : 0)
    result.observe(listeners, activeListeners())
  }
  meter.addBatchObservableCallback(observe, [depth, oldest, listeners])

  return {
    async send(delivery, request) {
      const span = tracer.startSpan('webhook.deliver', {
        kind: api.SpanKind.CLIENT,
        attributes: {
          'webhook.id': delivery.uid,
          'webhook.listener.id': delivery.listenerId,
          'webhook.attempt': delivery.attempt,
          'server.address': new URL(delivery.url).hostname,
        },
      })
      try {
        const result = await request()
        if (result.status !== undefined) span.setAttribute('http.response.status_code', result.status)
        const failed =
          result.error ?? (result.status! >= 200 && result.status! < 300 ? undefined : `HTTP ${result.status}`)
        if (failed !== undefined) span.setStatus({ code: api.SpanStatusCode.ERROR, message: failed })
        return result
      } finally {
        span.end()
      }
    },
    finished(outcome, durationMs) {
      const attributes = { outcome: outcomeName(outcome) }
      deliveries.add(1, attributes)
      duration.record(durationMs / 1000, attributes)
    },
    close() {
      meter.removeBatchObservableCallback(observe, [depth, oldest, listeners])
    },
  }
}
