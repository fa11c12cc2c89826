// A webhook engine in its own process, so a test can kill it with SIGKILL mid-backlog.
// Env: DATA_DIR (PGlite files), RECEIVER_URL, PHASE=seed|resume, COUNT (logs to ingest in seed).
import { openSql } from '../../../src/store/sql.js'
import { createWebhookEngine } from '../../../src/webhook/index.js'
import { seededDataDir } from '../../support/store-dump.js'
import { transferSingleLog } from './logs.js'

const CONTRACT = '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ZERO = '0x0000000000000000000000000000000000000000'

// A new DATA_DIR starts from the test store dump (no initdb); the restarted process opens what the first left.
const sql = await openSql({ dataDir: seededDataDir(process.env.DATA_DIR!) })
const engine = await createWebhookEngine({
  sql,
  allowPrivateTargets: true,
  idlePollMs: 20,
  concurrency: 2,
  attemptTimeoutMs: 500,
  retry: { baseDelayMs: 50, factor: 2, maxDelayMs: 500, maxAttempts: 100, jitter: 0.2 },
})
if (process.env.PHASE === 'seed') {
  const listener = await engine.addListener(1, {
    url: process.env.RECEIVER_URL!,
    filters: {
      contractAddresses: [CONTRACT],
      events: [
        'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
      ],
    },
  })
  const uids: string[] = []
  for (let id = 1; id <= Number(process.env.COUNT); id++)
    uids.push(...(await engine.ingest(5, transferSingleLog(CONTRACT, BOB, ZERO, BOB, BigInt(id), 1n))).uids)
  process.stdout.write(`${JSON.stringify({ secret: listener.secret, listenerId: listener.id, uids })}\n`)
}
await engine.start()
process.stdout.write('started\n')
