/** A network whose webhook listeners, outbox, blocks and leases live in a PostgreSQL database of their own. */
export interface LocalWebhookDatabase {
  network: string
  databaseUrl: string
}

/**
 * Parses WEBHOOK_DATABASE_URLS or --webhook-database-urls (`from`), e.g.
 * "polygon=postgresql://db1/webhooks,amoy=postgresql://db2/webhooks". Networks naming one URL share its database.
 */
export function parseWebhookDatabaseUrls(value: string, from = 'WEBHOOK_DATABASE_URLS'): LocalWebhookDatabase[] {
  const seen = new Set<string>()
  return value.split(',').map((entry) => {
    const at = entry.indexOf('=')
    const network = entry.slice(0, at).trim()
    const databaseUrl = entry.slice(at + 1).trim()
    if (at <= 0 || !/^postgres(ql)?:\/\//.test(databaseUrl))
      throw new Error(`${from} entry "${entry.replace(/\/\/[^@/]*@/, '//…@')}" is not <network>=<postgresql:// url>`)
    if (seen.has(network)) throw new Error(`${from} names ${network} twice`)
    seen.add(network)
    return { network, databaseUrl }
  })
}
