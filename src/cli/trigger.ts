import { parseArgs } from 'node:util'
import { isNetwork } from '../../gen/networks.gen.js'
import { localUrls } from '../client/local-urls.js'
import { DEFAULT_LOCAL_URL } from '../local/default-address.js'

export const triggerUsage = `web3-market-contract trigger transfer|reorg --listener <id> [options]

Fires a made-up chain event at a webhook listener of a running local contract server (npm start,
web3-market-contract serve), through its webhook engine: matching, signing, the outbox, retries and the
deliveries route work as for a followed chain, with no node running. A network the server follows over
JSON-RPC (--chain-rpc-urls) refuses it. Prints the server's JSON answer: the block, and the uids queued
for the listener.

  transfer                  a block holding one token transfer; what is not given is taken from the
                            listener's filters: the standard of its first transfer event, its first
                            contract, token id and account (receiving a mint of amount 1)
  reorg                     the network's newest --depth blocks dropped: a BLOCK_REMOVED for each
                            delivery they carried that may have reached a receiver

  --listener <id>           the webhook listener (its owner's credentials below)
  --url <base>              the local server (default ${DEFAULT_LOCAL_URL})
  --network <name>          the listener's network (default polygon)
  --access-key <key>        the project's access key (default: ACCESS_KEY)
  --secret-key <jwt>        the project's secret key (default: SECRET_KEY); npm start prints both
  --standard <name>         transfer: ERC20, ERC721 or ERC1155
  --contract <address>      transfer: the token contract
  --token-id <n>            transfer: the token id (ERC721, ERC1155)
  --from <address>          transfer: the sender (default the zero address: a mint)
  --to <address>            transfer: the receiver
  --amount <n>              transfer: the amount (ERC20, ERC1155; default 1)
  --depth <n>               reorg: how many blocks to drop (default 1)
  -h, --help                this text`

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
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    console.log(triggerUsage)
    return 0
  }
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
