import { peer } from './consumer-project.js'

/** Who installs the package, with which optional peers (as the README's install table says), and what they import. */
export const audiences = {
  client: { peers: [], entries: ['', '/marketplace', '/metadata', '/builder', '/relayer', '/indexer', '/errors'] },
  queryClient: { peers: [peer('@tanstack/query-core')], entries: ['/query'] },
  webhookReceiver: { peers: [], entries: ['/webhook/receiver', '/validate'] },
  webhookEngine: { peers: [peer('viem')], entries: ['/webhook/engine', '/webhook'] },
  server: { peers: [peer('jose')], entries: ['/server'] },
  localServer: { peers: ['@electric-sql/pglite', 'pg', 'viem', 'jose'].map(peer), entries: ['/local'] },
  testAuthor: { peers: ['msw', 'viem', 'jose'].map(peer), entries: ['/msw'] },
} satisfies Record<string, { peers: string[]; entries: string[] }>

export type Audience = keyof typeof audiences
