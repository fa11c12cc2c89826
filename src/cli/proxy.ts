import { parseArgs } from 'node:util'
import { startValidatingProxy, violationsHeader } from '../proxy/proxy.js'

export const proxyUsage = `web3-market-contract proxy --upstream <url> [--port <n>] [--host <address>]

Forwards every call to the upstream implementation and answers with its answer unchanged, checking
both against the contract: each violation is logged on stderr and listed in the answer's
${violationsHeader} header. Point a client (or Prism, a generated client) at it to debug either side.

  --upstream <url>    the implementation (its origin, or the address of one service)
  --port <n>          port to listen on (default 8081; 0 = any free port)
  --host <address>    address to listen on (default 127.0.0.1)
  -h, --help          this text`

/** `web3-market-contract proxy …`: runs until stopped (SIGINT/SIGTERM); resolves to the exit code. */
export async function command(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      upstream: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    console.log(proxyUsage)
    return 0
  }
  if (!values.upstream) throw new Error(`--upstream is required\n\n${proxyUsage}`)
  const port = Number(values.port ?? 8081)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0…65535, not ${values.port}`)
  const proxy = await startValidatingProxy({ upstream: values.upstream, port, host: values.host })
  console.log(JSON.stringify({ url: proxy.url, upstream: values.upstream }))
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  await proxy.close()
  return 0
}
