import { serviceNames } from '../../conform/contract.js'
import { DEFAULT_BODY_LIMIT } from '../../server/body-limit.js'

/** `web3-market-contract conform --help`: loads nothing the command needs to run (fast-check). */
export const conformUsage = `web3-market-contract conform --url <base> --access-key <key> [options]

Runs the contract's checks against an implementation that serves the five services under one origin
as the local contract server does (<base>/<network>/rpc/Marketplace/…, <base>/rpc/Metadata/…,
<base>/rpc/Builder/…, <base>/<network>-relayer/rpc/Relayer/…, <base>/<network>-indexer/rpc/Indexer/…;
--<service>-url overrides one service's address template). Exits 1 when any check fails.

  --url <base>               the implementation's origin
  --access-key <key>         a public access key of a project (X-Access-Key)
  --secret-key <jwt>         that project's secret API key (the webhook calls; without it they are skipped)
  --service <name>           check only this service (repeatable): ${serviceNames.join(', ')}
  --check <id>               run only the checks of this id (repeatable), e.g. auth.no-access-key
  --network <name>           the network the calls use (default polygon)
  --<service>-url <template> the address of one service, {network} where the network goes
                             (e.g. --relayer-url 'https://{network}-relayer.example.com')
  --seed <n>                 seed of the property-based requests (default 20261125)
  --runs <n>                 property-based requests per operation and check (default 5)
  --body-limit <bytes>       the largest body the implementation takes (default 1048576)
  --webhook-contract <addr>  with --webhook-trigger: the token contract the test listener listens to
  --webhook-event <sig>      the event signature it listens to (repeatable; default the token Transfer events)
  --webhook-trigger <cmd>    a shell command that emits a matching event once the listener is registered;
                             the delivery is then verified (signature, timestamp, payload schema)
  --webhook-timeout <ms>     how long to wait for the delivery (default 20000)
  --receiver-host <address>  where the loopback receiver listens (default 127.0.0.1)
  --junit <file>             also write a JUnit XML report
  --json <file>              also write the report as JSON
  --verbose                  list the checks that passed and were skipped too
  -h, --help                 this text`
