import { violationsHeader } from '../../proxy/proxy.js'

/** `web3-market-contract proxy --help`. */
export const proxyUsage = `web3-market-contract proxy --upstream <url> [--port <n>] [--host <address>]

Forwards every call to the upstream implementation and answers with its answer unchanged, checking
both against the contract: each violation is logged on stderr and listed in the answer's
${violationsHeader} header. Point a client (or Prism, a generated client) at it to debug either side.

  --upstream <url>    the implementation (its origin, or the address of one service)
  --port <n>          port to listen on (default 8081; 0 = any free port)
  --host <address>    address to listen on (default 127.0.0.1)
  -h, --help          this text`
