import { parseArgs } from 'node:util'
import { startValidatingProxy } from '../proxy/proxy.js'
import { proxyUsage } from './usage/proxy.js'

/** `web3-market-contract proxy …`: runs until stopped (SIGINT/SIGTERM); resolves to the exit code. */
export async function command(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      upstream: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
    },
  })
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
