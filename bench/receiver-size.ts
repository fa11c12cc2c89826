/**
 * Browser bundle size of a webhook receiver (esbuild: bundle, minify, ESM, platform browser; then gzip -9), side
 * by side in one run: `web3-market-contract/webhook/receiver` from a plain install (no peers) and the
 * `standardwebhooks` package's own Webhook class, each verifying one delivery. Ours also checks the payload's
 * JSON Schema and dedupes by webhook-id; standardwebhooks checks the signature and timestamp only.
 * Run: npx tsx bench/receiver-size.ts (packs this repository and installs the tarball into a temp project first).
 */
import { formatTable, installUnlessPresent, measureBundles } from './bundle-size.js'

export const standardWebhooks = 'standardwebhooks@1.1.1'

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const delivery = `const body = '{}'
const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,x' }`

const receivers = {
  'web3-market-contract/webhook/receiver: createWebhookReceiver + fetchWebhookHandler': `import { createWebhookReceiver, fetchWebhookHandler } from 'web3-market-contract/webhook/receiver'
${delivery}
const handle = fetchWebhookHandler(createWebhookReceiver({ secret: '${secret}', onDelivery: (payload) => console.log(payload.uid) }))
console.log(await handle(new Request('https://example.test/hooks', { method: 'POST', headers, body })))`,
  [`${standardWebhooks}: Webhook.verify`]: `import { Webhook } from 'standardwebhooks'
${delivery}
console.log(new Webhook('${secret}').verify(body, headers))`,
}

async function main(): Promise<void> {
  const { consumerProject } = await import('../test/package/support/consumer-project.js')
  const project = await consumerProject()
  try {
    installUnlessPresent(project.dir, standardWebhooks)
    console.log(`${new Date().toISOString()}: esbuild bundle --minify --format=esm --platform=browser, then gzip -9`)
    const rows = await measureBundles(project.dir, receivers)
    console.log(formatTable(rows))
    const [ours, theirs] = rows
    console.log(`receiver / standardwebhooks, gzip: ${(ours!.gzipBytes / theirs!.gzipBytes).toFixed(2)}×`)
  } finally {
    project.remove()
  }
}

await main()
