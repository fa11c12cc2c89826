import { DEFAULT_LOCAL_URL } from '../../local/default-address.js'

/** `web3-market-contract trigger --help`. */
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
