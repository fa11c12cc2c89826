import { otherProject, sampleProject } from '../../src/reference/data/sample-data.js'
import { FILTER_LIMITS } from '../../src/webhook/engine/listeners/filters.js'
import { MAX_URL_LENGTH } from '../../src/webhook/engine/listeners/url-policy.js'

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
const ERC20_TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const filters = { contractAddresses: [CONTRACT], events: [TRANSFER_SINGLE] }
const url = 'http://127.0.0.1:9/hook'
/** The calling project's id as RemoveWebhookListener takes it. */
const projectId = String(sampleProject.id)
const entries = (count: number, entry: (i: number) => unknown) => Array.from({ length: count }, (_, i) => entry(i))
const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`

/** Listeners each side makes before the refusals, by their own answers: their ids differ between the sides. */
export interface MadeListeners {
  /** The caller's, removed already. */
  removed: string
  /** Another project's, active; that project has as many active listeners as a project may have. */
  othersActive: string
}

export type Caller = 'the project' | 'another project'

export interface ListenerRefusal {
  name: string
  method: 'AddWebhookListener' | 'RemoveWebhookListener'
  body: (made: MadeListeners) => unknown
  /** Whose secret key calls; the project's when absent. */
  caller?: Caller
}

const add = (name: string, body: unknown, caller?: Caller): ListenerRefusal => ({
  name: `add, ${name}`,
  method: 'AddWebhookListener',
  body: () => body,
  caller,
})
const remove = (name: string, body: (made: MadeListeners) => unknown): ListenerRefusal => ({
  name: `remove, ${name}`,
  method: 'RemoveWebhookListener',
  body,
})

/**
 * Every way AddWebhookListener and RemoveWebhookListener refuse a request. Not here: private and loopback
 * targets, which the engine refuses only outside local mode (the local server and the mock are local mode).
 */
export const listenerRefusals: ListenerRefusal[] = [
  add('no url', { filters }),
  add('empty url', { url: '', filters }),
  add('url not a string', { url: 7, filters }),
  add('url not absolute', { url: '/relative/hook', filters }),
  add('url of another scheme', { url: 'ftp://example.com/hook', filters }),
  add('url with credentials', { url: 'https://user:pw@example.com/hook', filters }),
  add('url with a fragment', { url: 'https://example.com/hook#part', filters }),
  add('url too long', { url: `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`, filters }),
  add('no filters', { url }),
  add('filters not an object', { url, filters: [filters] }),
  add('an unknown filter', { url, filters: { ...filters, tokenIds: [1] } }),
  add('no contract addresses', { url, filters: { events: [TRANSFER_SINGLE] } }),
  add('empty contract addresses', { url, filters: { ...filters, contractAddresses: [] } }),
  add('contract addresses not an array', { url, filters: { ...filters, contractAddresses: CONTRACT } }),
  add('a contract address that is not one', { url, filters: { ...filters, contractAddresses: [CONTRACT, '0x12'] } }),
  add('a bad checksum', { url, filters: { ...filters, contractAddresses: [CONTRACT.replace('F', 'f')] } }),
  add('too many contract addresses', {
    url,
    filters: { ...filters, contractAddresses: entries(FILTER_LIMITS.contractAddresses + 1, address) },
  }),
  add('no events', { url, filters: { contractAddresses: [CONTRACT] } }),
  add('empty events', { url, filters: { ...filters, events: [] } }),
  add('an event not a string', { url, filters: { ...filters, events: [42] } }),
  add('an event that is not a signature', { url, filters: { ...filters, events: ['Transfer(address'] } }),
  add('a token event indexed as no token emits it', {
    url,
    filters: { ...filters, events: ['Transfer(address,address,uint256)'] },
  }),
  add('too many events', {
    url,
    filters: { ...filters, events: entries(FILTER_LIMITS.events + 1, (i) => `Event${i}(uint256)`) },
  }),
  add('token ids not an array', { url, filters: { ...filters, tokenIDs: 1 } }),
  add('a negative token id', { url, filters: { ...filters, tokenIDs: [1, -2] } }),
  add('a fractional token id', { url, filters: { ...filters, tokenIDs: [1.5] } }),
  add('a hex token id', { url, filters: { ...filters, tokenIDs: ['0x10'] } }),
  add('a token id over uint256', { url, filters: { ...filters, tokenIDs: [(2n ** 256n).toString()] } }),
  add('too many token ids', { url, filters: { ...filters, tokenIDs: entries(FILTER_LIMITS.tokenIDs + 1, (i) => i) } }),
  add('an account that is not an address', { url, filters: { ...filters, accounts: ['alice'] } }),
  add('too many accounts', { url, filters: { ...filters, accounts: entries(FILTER_LIMITS.accounts + 1, address) } }),
  add('a topic hash that is not one', { url, filters: { ...filters, topicHashes: ['0x1234'] } }),
  add('a topic hash of no listed event', { url, filters: { ...filters, topicHashes: [ERC20_TRANSFER_TOPIC] } }),
  add('too many topic hashes', {
    url,
    filters: { ...filters, topicHashes: entries(FILTER_LIMITS.topicHashes + 1, () => TRANSFER_SINGLE_TOPIC) },
  }),
  add('one listener too many', { url, filters }, 'another project'),
  remove('no id', () => ({ projectId })),
  remove('empty id', () => ({ id: '', projectId })),
  remove('no projectId', (made) => ({ id: made.othersActive })),
  remove("another project's projectId", (made) => ({ id: made.othersActive, projectId: String(otherProject.id) })),
  remove('an unknown id', () => ({ id: '00000000-0000-4000-8000-000000000000', projectId })),
  remove('removed already', (made) => ({ id: made.removed, projectId })),
  remove("another project's listener", (made) => ({ id: made.othersActive, projectId })),
]
