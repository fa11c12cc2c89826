import { parseArgs } from 'node:util'
import { isNetwork } from '../../gen/networks.gen.js'
import { localUrls } from '../client/local-urls.js'
import { DEFAULT_LOCAL_URL } from '../local/default-address.js'
import { triggerUsage } from './usage/trigger.js'

const TRANSFER_FIELDS = {
  standard: 'standard',
  contract: 'contract',
  'token-id': 'tokenId',
  from: 'from',
  to: 'to',
  amount: 'amount',
}

/** `web3-market-contract trigger …`: resolves to the exit code (1 when the server refused). */
export async function command(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      listener: { type: 'string' },
      url: { type: 'string' },
      network: { type: 'string' },
      'access-key': { type: 'string' },
      'secret-key': { type: 'string' },
      ...Object.fromEntries(Object.keys(TRANSFER_FIELDS).map((flag) => [flag, { type: 'string' as const }])),
      depth: { type: 'string' },
    },
  })
  const [event, ...extra] = positionals
  if ((event !== 'transfer' && event !== 'reorg') || extra.length > 0)
    throw new Error(`name one event, transfer or reorg\n\n${triggerUsage}`)
  const accessKey = values['access-key'] ?? process.env.ACCESS_KEY
  const secretKey = values['secret-key'] ?? process.env.SECRET_KEY
  if (!values.listener || !accessKey || !secretKey)
    throw new Error(
      `--listener, --access-key (or ACCESS_KEY) and --secret-key (or SECRET_KEY) are required\n\n${triggerUsage}`,
    )
  const network = values.network ?? 'polygon'
  if (!isNetwork(network)) throw new Error(`unknown --network ${network}`)
  const option = (flag: string) => (values as Record<string, string | undefined>)[flag]
  const body =
    event === 'transfer'
      ? Object.fromEntries(
          Object.entries(TRANSFER_FIELDS)
            .filter(([flag]) => option(flag) !== undefined)
            .map(([flag, field]) => [field, option(flag)]),
        )
      : values.depth === undefined
        ? {}
        : { depth: Number(values.depth) }
  const indexer = localUrls(values.url ?? DEFAULT_LOCAL_URL).indexer.replace('{network}', network)
  const response = await fetch(`${indexer}/webhooks/${encodeURIComponent(values.listener)}/trigger/${event}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Key': accessKey, Authorization: `BEARER ${secretKey}` },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) {
    const error = parsed(text) as { error?: string; cause?: string } | undefined
    console.error(
      error?.error ? `${error.error}: ${error.cause ?? response.statusText}` : `HTTP ${response.status}: ${text}`,
    )
    return 1
  }
  console.log(JSON.stringify(parsed(text) ?? text, null, 2))
  return 0
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
