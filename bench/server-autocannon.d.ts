// The part of autocannon's programmatic API that the server benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    method?: string
    headers?: Record<string, string>
    body?: string
    connections?: number
    duration?: number
    /** Seconds without a response before a request counts as a timeout (default 10). */
    timeout?: number
    /** Each connection closes and reconnects after this many requests. */
    reconnectRate?: number
    /** Requests per second across all connections. */
    overallRate?: number
  }
  interface Result {
    requests: { average: number }
    latency: { p99: number }
    errors: number
    timeouts: number
    non2xx: number
  }
  export default function autocannon(options: Options): Promise<Result>
}
