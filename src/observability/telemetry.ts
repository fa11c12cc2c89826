import type * as OpenTelemetry from '@opentelemetry/api'

export type OpenTelemetryApi = typeof OpenTelemetry

/** The instrumentation scope of every meter and tracer of this package. */
export const INSTRUMENTATION_NAME = 'web3-market-contract'

let loading: Promise<OpenTelemetryApi | undefined> | undefined
let loaded: OpenTelemetryApi | undefined

/**
 * Loads `@opentelemetry/api` once, if it is installed (an optional peer): metrics and spans then go to whatever
 * SDK the application registered with it. Absent, nothing is recorded and nothing fails.
 */
export function loadOpenTelemetry(): Promise<OpenTelemetryApi | undefined> {
  // Not a literal specifier: a bundler (the host on an edge runtime) must not fail on a peer that is not installed.
  const specifier = '@opentelemetry/api'
  loading ??= (import(specifier) as Promise<OpenTelemetryApi>).then(
    (api) => (loaded = api),
    () => undefined,
  )
  return loading
}

/** The API once loadOpenTelemetry has resolved with it; undefined before, or when it is not installed. */
export function openTelemetry(): OpenTelemetryApi | undefined {
  return loaded
}
