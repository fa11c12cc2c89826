import { execFileSync } from 'node:child_process'
import { copyFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { runNpm } from '../support/npm-command.js'
import { audiences } from './support/audiences.js'
import type { ConsumerProject } from './support/consumer-project.js'
import { sharedConsumerProject } from './support/shared-project.js'

/*
 * The published webrpc clients of the five services (@0xsequence/*, exact versions and lockfile in
 * published-clients/), installed beside the packed tarball and msw in an empty project, call contractHandlers() at
 * the default service addresses; published-clients/call-every-operation.mjs makes the calls and reports them.
 *
 * Work unchanged (the client's own URL, headers and JSON, with the contract's arguments), answering exactly what
 * this package's clients get:
 * - @0xsequence/marketplace MarketplaceIndexer(`<marketplace root>/<network>`, accessKey): GetCountOfAllCollectibles,
 *   GetFloorOrder, GetOrders, GetHighestPriceListingForCollectible, GenerateBuyTransaction;
 * - @0xsequence/metadata SequenceMetadata(url, accessKey): TokenCollectionFilters (2.2.14 is its last version with
 *   it; 2.3.x has GetTokenMetadataPropertyFilters instead);
 * - @0xsequence/relayer RpcRelayer({ url, projectAccessKey, provider }).listGasSponsors: ListGasSponsors;
 * - @0xsequence/indexer SequenceIndexer(url, accessKey, secretKey): AddWebhookListener, RemoveWebhookListener.
 * Errors keep the contract's code and status in every client.
 *
 * Cannot work unchanged (the contract and the handlers are right; the published clients differ):
 * - Builder.GetAudience: @0xsequence/builder 2.3.46 (its only version) has no getAudience; its SequenceBuilderClient
 *   has Ping and four audience-contact methods, none of them in the contract.
 * - Where a published client's own types differ from the contract, the call as those types spell it is refused:
 *   Marketplace's argument types all require `chainId` (and GenerateBuyTransaction `useWithTrails`), unknown fields
 *   to the contract (WebrpcBadRequest); its MarketplaceKind enum has `sequence_marketplace_v1/v2` where the contract
 *   has `platform_marketplace_v1/v2` (InvalidArgument); Metadata 2.2.14 types the argument `chainID`, the contract
 *   `chainId` (WebrpcBadRequest); Indexer types RemoveWebhookListener's `id` as a number and `projectId` as optional,
 *   the contract requires both as strings (WebrpcBadRequest), and AddWebhookListener's optional `projectId` is not
 *   in the contract (WebrpcBadRequest). The published clients send arguments as given, so the contract's spelling works.
 * - Answers pass through as JSON but differ from the published types: Indexer's answer has no `status` and its
 *   listener has `id` and `projectId` as strings (types: numbers, `projectID`, `name`); Marketplace's
 *   GenerateBuyTransaction has no `resp`, its orders no `slug`; Relayer's GasSponsor has no `ecosystemId`,
 *   `webhookUrl`, `webhookAuthToken`, `deletedAt`.
 * - Error classes: each client decodes by code with its own table, and some contract codes map to another class
 *   or to the base class (errorClassDifferences below), with the code, status and cause kept.
 */

const here = join(repoRoot, 'test', 'package', 'published-clients')
const pinned = (
  JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
).dependencies

type Settled = {
  ok?: Record<string, unknown>
  error?: { class: string; name: string; code: number; status: number; cause?: string }
}
type Pair = { published: Settled; ours: Settled }
type Report = {
  answers: Record<string, Pair>
  listenersAfterAdd: string[]
  listenersAfterRemove: string[]
  wrongAccessKey: Record<string, Pair>
  noSecretKey: Pair
  errorTable: Record<string, Record<string, { row: { code: number; status: number }; published: Settled }>>
  asPublishedTypesSay: Record<string, Settled>
  builder: { methods: string[]; ping: Settled }
}

const callable = [
  'Marketplace.GetCountOfAllCollectibles',
  'Marketplace.GetFloorOrder',
  'Marketplace.GetOrders',
  'Marketplace.GetHighestPriceListingForCollectible',
  'Marketplace.GenerateBuyTransaction',
  'Metadata.TokenCollectionFilters',
  'Relayer.ListGasSponsors',
  'Indexer.AddWebhookListener',
  'Indexer.RemoveWebhookListener',
]

let project: ConsumerProject | undefined
let dir: string
let report: Report

beforeAll(async () => {
  // The tarball and the peers the README names for test authors: the run's install of them (shared-project.ts). The
  // published clients, exactly as locked, go into this test's folder inside it, where Node finds both.
  project = await sharedConsumerProject(audiences.testAuthor.peers)
  dir = project.dir
  for (const file of ['package.json', 'package-lock.json', 'call-every-operation.mjs']) {
    copyFileSync(join(here, file), join(dir, file))
  }
  await runNpm(['ci', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir })
  report = JSON.parse(
    execFileSync(process.execPath, ['call-every-operation.mjs'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' }),
  ) as Report
}, 300_000)

afterAll(() => project?.remove())

it('installs the pinned versions of the published clients', () => {
  for (const [name, version] of Object.entries(pinned)) {
    const installed = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string
    }
    expect(installed.version, name).toBe(version)
  }
})

describe('operations a published client has, with the contract arguments', () => {
  it.each(callable.filter((name) => name !== 'Indexer.AddWebhookListener'))(
    '%s answers the published client what it answers this package client',
    (name) => {
      const { published, ours } = report.answers[name]!
      expect(published.error).toBeUndefined()
      expect(ours.error).toBeUndefined()
      expect(published.ok).toEqual(ours.ok)
    },
  )

  it('Indexer.AddWebhookListener adds the listener the published client asked for, removed by its RemoveWebhookListener', () => {
    const { published, ours } = report.answers['Indexer.AddWebhookListener']!
    const listener = (settled: Settled) => settled.ok!.listener as Record<string, unknown>
    // Each call adds its own listener: the same but for id, signing secret and times.
    const same = (l: Record<string, unknown>) => ({ ...l, id: 'id', secret: 'secret', createdAt: 't', updatedAt: 't' })
    expect(same(listener(published))).toEqual(same(listener(ours)))
    expect(listener(published).secret).toMatch(/^whsec_/)
    expect(report.listenersAfterAdd).toEqual([listener(published).id, listener(ours).id])
    expect(report.answers['Indexer.RemoveWebhookListener']!.published.ok).toEqual({ status: true })
    expect(report.listenersAfterRemove).toEqual([])
    // The answer as the contract gives it, not as the published types say (status, numeric id, projectID).
    expect(published.ok).not.toHaveProperty('status')
    expect(listener(published)).toMatchObject({ id: expect.any(String), projectId: '1' })
    expect(listener(published)).not.toHaveProperty('projectID')
  })

  it('GenerateBuyTransaction answers steps, without the `resp` the published types declare', () => {
    const { published } = report.answers['Marketplace.GenerateBuyTransaction']!
    expect((published.ok!.steps as { id: string }[]).map((s) => s.id)).toEqual(['tokenApproval', 'buy'])
    expect(published.ok).not.toHaveProperty('resp')
  })
})

describe('errors', () => {
  it.each(callable.filter((name) => name !== 'Indexer.RemoveWebhookListener'))(
    '%s with a wrong access key rejects the published client with Unauthorized (1000, 401)',
    (name) => {
      const { published, ours } = report.wrongAccessKey[name]!
      expect(published.error).toMatchObject({ class: 'UnauthorizedError', code: 1000, status: 401 })
      expect(published.error!.code).toBe(ours.error!.code)
    },
  )

  it('an Indexer call without the secret key is Unauthorized in the published client (sent, refused by the handlers)', () => {
    expect(report.noSecretKey.published.error).toMatchObject({
      class: 'UnauthorizedError',
      code: 1000,
      status: 401,
      cause: expect.stringMatching(/Authorization/),
    })
    // This package's client refuses it before sending, with the same code.
    expect(report.noSecretKey.ours.error).toMatchObject({ class: 'UnauthorizedError', code: 1000 })
  })

  it('every service error of the table reaches each published client with its code, status and cause', () => {
    for (const [client, rows] of Object.entries(report.errorTable)) {
      expect(Object.keys(rows).length, client).toBe(12)
      for (const [error, { row, published }] of Object.entries(rows)) {
        expect(published.error, `${client} ${error}`).toMatchObject({
          code: row.code,
          status: row.status,
          cause: 'from the override',
        })
      }
    }
  })

  it('the published clients decode some contract codes to another class or to their base class', () => {
    const differences: Record<string, Record<string, string>> = {}
    for (const [client, rows] of Object.entries(report.errorTable)) {
      for (const [error, { published }] of Object.entries(rows)) {
        if (published.error!.class !== `${error}Error`) (differences[client] ??= {})[error] = published.error!.class
      }
    }
    expect(differences).toEqual({
      marketplace: {
        Timeout: 'NotFoundError', // its table has 2000 NotFound; the contract's NotFound is 3000
        NotFound: 'WebrpcError',
        UserNotFound: 'WebrpcError',
        ProjectNotFound: 'WebrpcError',
        InvalidTier: 'WebrpcError',
        ProjectLimitReached: 'WebrpcError',
      },
      metadata: {
        UserNotFound: 'WebrpcError',
        InvalidTier: 'ChainNotFoundError', // 3003
        ProjectLimitReached: 'WebrpcError',
        NotImplemented: 'WebrpcError',
      },
      relayer: {
        Timeout: 'WebrpcError',
        UserNotFound: 'WebrpcError',
        ProjectNotFound: 'WebrpcError',
        InvalidTier: 'WebrpcError',
        ProjectLimitReached: 'NotEnoughBalanceError', // 3005
        NotImplemented: 'WebrpcError',
      },
      indexer: {
        Timeout: 'WebrpcError',
        UserNotFound: 'WebrpcError',
        ProjectNotFound: 'WebrpcError',
        InvalidTier: 'MetadataCallFailedError', // 3003
        ProjectLimitReached: 'WebrpcError',
        NotImplemented: 'WebrpcError',
      },
    })
  })
})

describe('where the published clients differ from the contract', () => {
  it('arguments as the published types spell them are refused where they differ from the contract', () => {
    const refusals = Object.fromEntries(
      Object.entries(report.asPublishedTypesSay)
        .filter(([, settled]) => settled.error)
        .map(([name, { error }]) => [name, `${error!.name}: ${error!.cause}`]),
    )
    expect(refusals).toEqual({
      'Marketplace.GetCountOfAllCollectibles': 'WebrpcBadRequest: /chainId: must NOT have additional properties',
      'Marketplace.GetFloorOrder': 'WebrpcBadRequest: /chainId: must NOT have additional properties',
      'Marketplace.GetHighestPriceListingForCollectible':
        'WebrpcBadRequest: /chainId: must NOT have additional properties',
      'Marketplace.GenerateBuyTransaction':
        'WebrpcBadRequest: /chainId: must NOT have additional properties; /useWithTrails: must NOT have additional properties',
      'Marketplace.GetOrders': 'InvalidArgument: /input/0/marketplace: must be equal to one of the allowed values',
      'Metadata.TokenCollectionFilters':
        "WebrpcBadRequest: /chainId: must have required property 'chainId'; /chainID: must NOT have additional properties",
      'Indexer.RemoveWebhookListener':
        "WebrpcBadRequest: /projectId: must have required property 'projectId'; /id: must be string",
      'Indexer.AddWebhookListener': 'WebrpcBadRequest: /projectId: must NOT have additional properties',
    })
    // The Relayer's Page, with every field its types require, is the contract's Page.
    expect(report.asPublishedTypesSay['Relayer.ListGasSponsors']!.ok).toHaveProperty('gasSponsors')
  })

  it('@0xsequence/builder has no GetAudience: none of its methods is in the contract', () => {
    expect(report.builder.methods).not.toContain('getAudience')
    expect(report.builder.methods).toEqual(
      expect.arrayContaining(['ping', 'registerAudienceContact', 'isAudienceContactRegistered']),
    )
    // It reaches the handlers at the default Builder address, which answer a method outside the contract as such.
    expect(report.builder.ping.error).toMatchObject({ class: 'WebrpcBadRouteError', code: -2, status: 404 })
  })
})
