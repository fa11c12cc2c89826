// The part of autocannon's programmatic API that bench/server-bench.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    method?: string
    headers?: Record<string, string>
    body?: string
    connections?: number
    duration?: number
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
