import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import {
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  ProjectLimitReachedError,
  type WebrpcError,
} from '../../../../gen/errors.gen.js'
import { createHttpSender } from '../../../../src/webhook/engine/delivery/http-sender.js'
import { DEFAULT_HISTORY_RETENTION_MS } from '../../../../src/webhook/engine/store/history-retention.js'
import { startRawServer } from '../../support/raw-server.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { TOPIC } from '../../support/logs.js'

const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const filters = { contractAddresses: [CONTRACT], events: [TRANSFER_SINGLE] }

let sql: Sql
let publicEngine: WebhookEngine
let localEngine: WebhookEngine

beforeAll(async () => {
  sql = await openSql({ dataDirDump: dumpedStore() })
  publicEngine = await createWebhookEngine({ sql, allowPrivateTargets: false })
  localEngine = await createWebhookEngine({ sql, allowPrivateTargets: true })
})
// The engines first: each keeps a heartbeat on the store until stopped, and this worker runs other files next.
afterAll(async () => {
  await Promise.all([publicEngine?.stop(), localEngine?.stop()])
  await sql?.close()
})

async function rejection(promise: Promise<unknown>): Promise<WebrpcError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!error) throw new Error('expected a rejection')
  return error as WebrpcError
}

describe('AddWebhookListener: url policy', () => {
  test.each([
    ['ftp://example.com/hook', 'url: scheme ftp not allowed; use http or https'],
    ['javascript:alert(1)', 'url: scheme javascript not allowed; use http or https'],
    ['/relative/hook', 'url: not an absolute URL'],
    ['https://user:pw@example.com/hook', 'url: credentials in the URL are not allowed'],
    [`https://example.com/${'a'.repeat(2048)}`, 'url: longer than 2048 characters'],
    ['http://127.0.0.1:8080/hook', 'url: 127.0.0.1 is a private, loopback or link-local address'],
    ['http://0x7f000001/hook', 'url: 127.0.0.1 is a private, loopback or link-local address'],
    ['http://2130706433/hook', 'url: 127.0.0.1 is a private, loopback or link-local address'],
    ['http://[::1]/hook', 'url: ::1 is a private, loopback or link-local address'],
    ['http://[::ffff:127.0.0.1]/hook', 'url: ::ffff:7f00:1 is a private, loopback or link-local address'],
    ['http://169.254.169.254/latest/meta-data', 'url: 169.254.169.254 is a private, loopback or link-local address'],
    ['http://10.1.2.3/hook', 'url: 10.1.2.3 is a private, loopback or link-local address'],
    ['http://192.168.0.10/hook', 'url: 192.168.0.10 is a private, loopback or link-local address'],
    ['http://172.20.0.1/hook', 'url: 172.20.0.1 is a private, loopback or link-local address'],
    ['http://[fe80::1]/hook', 'url: fe80::1 is a private, loopback or link-local address'],
    ['http://[fd00::1]/hook', 'url: fd00::1 is a private, loopback or link-local address'],
    ['http://0.0.0.0/hook', 'url: 0.0.0.0 is a private, loopback or link-local address'],
    ['http://localhost:3000/hook', 'url: localhost is a local host name'],
    ['http://api.localhost/hook', 'url: api.localhost is a local host name'],
    ['http://metadata.google.internal/hook', 'url: metadata.google.internal is a local host name'],
    ['http://intranet/hook', 'url: intranet is a local host name'],
  ])('%s is refused with InvalidArgument: %s', async (url, cause) => {
    const error = await rejection(publicEngine.addListener(1, { url, filters }))
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect(error.toJSON()).toEqual({
      error: 'InvalidArgument',
      code: 2001,
      msg: 'Invalid argument',
      status: 400,
      cause,
    })
  })

  test('a public https receiver is accepted', async () => {
    const listener = await publicEngine.addListener(1, { url: 'https://hooks.example.com/in?x=1', filters })
    expect(listener.url).toBe('https://hooks.example.com/in?x=1')
  })

  test('local mode accepts loopback and private receivers', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost:3000/hook',
      'http://[::1]:8080/',
      'http://192.168.1.5/',
    ]) {
      await expect(localEngine.addListener(1, { url, filters })).resolves.toMatchObject({ url: new URL(url).href })
    }
  })
})

describe('AddWebhookListener: filters', () => {
  test.each([
    [undefined, 'filters: required object'],
    [{ events: [TRANSFER_SINGLE] }, 'filters.contractAddresses: required'],
    [{ contractAddresses: [], events: [TRANSFER_SINGLE] }, 'filters.contractAddresses: at least one entry is required'],
    [{ contractAddresses: CONTRACT, events: [TRANSFER_SINGLE] }, 'filters.contractAddresses: not an array'],
    [
      { contractAddresses: [CONTRACT, '0x1234'], events: [TRANSFER_SINGLE] },
      'filters.contractAddresses[1]: not an address',
    ],
    [
      {
        contractAddresses: ['0x5FBDB2315678afecb367f032d93F642f64180aa3'.replace('F', 'f').replace('a', 'A')],
        events: [TRANSFER_SINGLE],
      },
      'filters.contractAddresses[0]: bad EIP-55 checksum',
    ],
    [{ contractAddresses: [CONTRACT], events: [] }, 'filters.events: at least one entry is required'],
    [
      { contractAddresses: [CONTRACT], events: [TRANSFER_SINGLE, 'Transfer(address'] },
      'filters.events[1]: not a Solidity event signature (Unknown signature.)',
    ],
    [{ contractAddresses: [CONTRACT], events: [42] }, 'filters.events[0]: not a string'],
    [
      { ...filters, tokenIDs: [1, -2] },
      'filters.tokenIDs[1]: not a non-negative integer (large ids must be decimal strings)',
    ],
    [{ ...filters, tokenIDs: ['0x10'] }, 'filters.tokenIDs[0]: not an integer or a decimal string'],
    [
      { ...filters, tokenIDs: [1.5] },
      'filters.tokenIDs[0]: not a non-negative integer (large ids must be decimal strings)',
    ],
    [{ ...filters, tokenIDs: [(2n ** 256n).toString()] }, 'filters.tokenIDs[0]: larger than uint256'],
    [{ ...filters, accounts: ['alice'] }, 'filters.accounts[0]: not an address'],
    [{ ...filters, topicHashes: ['0x1234'] }, 'filters.topicHashes[0]: not a 0x-prefixed 32-byte hex hash'],
    [{ ...filters, topicHashes: [TOPIC.Transfer] }, 'filters.topicHashes[0]: matches none of filters.events'],
    [{ ...filters, tokenIds: [1] }, 'filters.tokenIds: unknown filter'],
    [{ ...filters, tokenIDs: Array.from({ length: 1001 }, (_, i) => i) }, 'filters.tokenIDs: more than 1000 entries'],
  ])('%j is refused with InvalidArgument', async (bad, cause) => {
    const error = await rejection(localEngine.addListener(1, { url: 'http://127.0.0.1:9/', filters: bad as never }))
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect(error.cause).toBe(cause)
  })

  test('the listener comes back with normalised filters, computed events and a secret shown once', async () => {
    const listener = await localEngine.addListener(1, {
      url: 'http://127.0.0.1:9/hook',
      filters: {
        contractAddresses: [CONTRACT, CONTRACT.toUpperCase().replace('0X', '0x')],
        events: ['TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'],
        tokenIDs: [7, '8', '007', '115792089237316195423570985008687907853269984665640564039457584007913129639935'],
        accounts: ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'],
        topicHashes: [TOPIC.TransferSingle.toUpperCase().replace('0X', '0x')],
      },
    })
    expect(listener).toMatchObject({
      projectId: '1',
      active: true,
      filters: {
        contractAddresses: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'],
        events: [
          'TransferSingle(address indexed arg1, address indexed arg2, address indexed arg3, uint256 arg4, uint256 arg5)',
        ],
        tokenIDs: ['7', '8', '115792089237316195423570985008687907853269984665640564039457584007913129639935'],
        accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
        topicHashes: [TOPIC.TransferSingle],
      },
      events: [
        {
          topicHash: TOPIC.TransferSingle,
          names: ['arg1', 'arg2', 'arg3', 'arg4', 'arg5'],
          indexed: [true, true, true, false, false],
        },
      ],
    })
    expect(listener.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(listener.secret).toMatch(/^whsec_/)
    const report = await localEngine.listDeliveries(1, listener.id)
    expect(report).toEqual({
      listenerId: listener.id,
      active: true,
      deliveries: [],
      historyRetentionMs: DEFAULT_HISTORY_RETENTION_MS,
    })
    expect(JSON.stringify(report)).not.toContain(listener.secret!)
  })
})

describe('AddWebhookListener: docs/webhooks.md token events must be indexed as their logs are', () => {
  const ERC20_TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 value) (ERC20)'
  const ERC721_TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId) (ERC721)'
  const refused = (entry: number, name: string, forms: string) =>
    `filters.events[${entry}]: token event ${name} with these indexed arguments matches no token log; use ${forms}`

  test.each([
    [
      ['TransferSingle(address,address,address,uint256,uint256)'],
      refused(
        0,
        'TransferSingle',
        'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value) (ERC1155)',
      ),
    ],
    [
      [TRANSFER_SINGLE, 'Transfer(address,address,uint256)'],
      refused(1, 'Transfer', `${ERC20_TRANSFER} or ${ERC721_TRANSFER}`),
    ],
    [
      ['Transfer(address indexed from, address to, uint256 value)'],
      refused(0, 'Transfer', `${ERC20_TRANSFER} or ${ERC721_TRANSFER}`),
    ],
    [
      ['Approval(address,address,uint256)'],
      refused(
        0,
        'Approval',
        'Approval(address indexed owner, address indexed spender, uint256 value) (ERC20) or Approval(address indexed owner, address indexed approved, uint256 indexed tokenId) (ERC721)',
      ),
    ],
    [
      ['ApprovalForAll(address owner, address operator, bool approved)'],
      refused(
        0,
        'ApprovalForAll',
        'ApprovalForAll(address indexed owner, address indexed operator, bool approved) (ERC721) or ApprovalForAll(address indexed account, address indexed operator, bool approved) (ERC1155)',
      ),
    ],
    [
      ['TransferBatch(address indexed,address indexed,address,uint256[],uint256[])'],
      refused(
        0,
        'TransferBatch',
        'TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values) (ERC1155)',
      ),
    ],
    [['URI(string indexed value, uint256 id)'], refused(0, 'URI', 'URI(string value, uint256 indexed id) (ERC1155)')],
  ])('%j is refused with InvalidArgument showing the accepted forms', async (events, cause) => {
    const error = await rejection(
      localEngine.addListener(1, { url: 'http://127.0.0.1:9/', filters: { contractAddresses: [CONTRACT], events } }),
    )
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect(error.toJSON()).toEqual({
      error: 'InvalidArgument',
      code: 2001,
      msg: 'Invalid argument',
      status: 400,
      cause,
    })
  })

  test.each([
    'Transfer(address indexed,address indexed,uint256)',
    'Transfer(address indexed,address indexed,uint256 indexed)',
    'Approval(address indexed,address indexed,uint256)',
    'Approval(address indexed,address indexed,uint256 indexed)',
    'ApprovalForAll(address indexed,address indexed,bool)',
    'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)',
    'TransferBatch(address indexed,address indexed,address indexed,uint256[],uint256[])',
    'URI(string,uint256 indexed)',
    // Not a token event of docs/webhooks.md (other argument types, so another topic hash): today's rules, any indexing.
    'Transfer(address,address,uint256,uint256)',
    'Minted(address,uint256)',
  ])('%s is accepted', async (signature) => {
    await expect(
      localEngine.addListener(1, {
        url: 'http://127.0.0.1:9/',
        filters: { contractAddresses: [CONTRACT], events: [signature] },
      }),
    ).resolves.toMatchObject({ active: true })
  })
})

describe('RemoveWebhookListener', () => {
  test('only the owning project can remove; unknown and removed ids are NotFound', async () => {
    const listener = await localEngine.addListener(2, { url: 'http://127.0.0.1:9/hook', filters })
    const foreign = await rejection(localEngine.removeListener(3, { id: listener.id, projectId: '3' }))
    expect(foreign).toBeInstanceOf(PermissionDeniedError)
    expect(foreign.toJSON()).toEqual({
      error: 'PermissionDenied',
      code: 1001,
      msg: 'Permission denied',
      status: 403,
      cause: `listener ${listener.id} belongs to another project`,
    })
    const spoofed = await rejection(localEngine.removeListener(3, { id: listener.id, projectId: '2' }))
    expect(spoofed).toBeInstanceOf(PermissionDeniedError)
    expect(await localEngine.removeListener(2, { id: listener.id, projectId: '2' })).toBe(true)
    const again = await rejection(localEngine.removeListener(2, { id: listener.id, projectId: '2' }))
    expect(again).toBeInstanceOf(NotFoundError)
    expect(again.cause).toBe(`listener ${listener.id} not found`)
    expect(await rejection(localEngine.removeListener(2, { id: 'no-such-id', projectId: '2' }))).toBeInstanceOf(
      NotFoundError,
    )
  })
})

describe('limits and the delivery-time address guard', () => {
  test('a project has at most maxListenersPerProject active listeners; removing one frees a slot', async () => {
    const limited = await createWebhookEngine({ sql, allowPrivateTargets: true, maxListenersPerProject: 2 })
    onTestFinished(() => limited.stop())
    const first = await limited.addListener(4, { url: 'http://127.0.0.1:9/', filters })
    await limited.addListener(4, { url: 'http://127.0.0.1:9/', filters })
    const error = await rejection(limited.addListener(4, { url: 'http://127.0.0.1:9/', filters }))
    expect(error).toBeInstanceOf(ProjectLimitReachedError)
    expect(error.toJSON()).toEqual({
      error: 'ProjectLimitReached',
      code: 3005,
      msg: 'Project limit reached',
      status: 402,
      cause: 'project 4 has 2 active webhook listeners, the most allowed',
    })
    await limited.removeListener(4, { id: first.id, projectId: '4' })
    await expect(limited.addListener(4, { url: 'http://127.0.0.1:9/', filters })).resolves.toMatchObject({
      active: true,
    })
  })

  test('outside local mode the sender refuses a name that resolves to a private address, and private literals', async () => {
    const server = await startRawServer((_, response) => response.writeHead(200).end())
    const port = new URL(server.url).port
    const guarded = createHttpSender(false)
    const send = (url: string) => guarded(url, {}, '{}', 2_000, new AbortController().signal)
    expect(await send(`http://localhost:${port}/hook`)).toEqual({
      error: expect.stringMatching(/^localhost resolves to non-public address (127\.0\.0\.1|::1)$/),
    })
    expect(await send(`http://127.0.0.1:${port}/hook`)).toEqual({ error: '127.0.0.1 is not a public address' })
    expect(server.requests).toHaveLength(0)
    expect(
      await createHttpSender(true)(`http://localhost:${port}/hook`, {}, '{}', 2_000, new AbortController().signal),
    ).toMatchObject({ status: 200 })
    await server.close()
  })
})
