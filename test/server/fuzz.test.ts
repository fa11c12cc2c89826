import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { webrpcErrorTable } from '../../gen/errors.gen.js'
import { startTestServer, type RawResponse, type TestServer } from '../local/support.js'
import { expectDocumentedError } from './error-shape.js'
import { expectedAnswer, fuzzRequest, operationName, operations, type Operation } from './fuzz-requests.js'
import { bytes, describe, FUZZ_BODY_LIMIT, fuzzSender, type RenderedRequest } from './fuzz-sender.js'

let server: TestServer
let sender: Awaited<ReturnType<typeof fuzzSender>>
beforeAll(async () => {
  server = await startTestServer({ bodyLimit: FUZZ_BODY_LIMIT })
  sender = await fuzzSender(server)
})
afterAll(() => server?.close())

/** A property sends about 5,400 generated requests: minutes on a loaded 2-core machine, seconds on an idle one. */
const propertyTimeoutMs = 180_000

/**
 * Each run sends a batch of 1–50 generated requests at once (about 25 on average): 220 runs per property
 * send about 5,400 requests, 10,800 for the file, where one request per run sent 800 in about the same time.
 * FUZZ_RUNS sets the runs per property; a failure prints its seed and path, and FUZZ_SEED with FUZZ_PATH
 * replays it (a replay sends one batch, so it does not judge which answers the run reached).
 */
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)
const replaying = process.env.FUZZ_PATH !== undefined
function runOptions<T>(): fc.Parameters<T> {
  return {
    numRuns: Number(process.env.FUZZ_RUNS ?? 220),
    seed,
    ...(replaying ? { path: process.env.FUZZ_PATH, endOnFailure: true } : {}),
  }
}
const batchOf = <T>(one: fc.Arbitrary<T>) => fc.array(one, { minLength: 1, maxLength: 50, size: 'max' })

const statusOf = (name: string) => webrpcErrorTable.find((row) => row.error === name)!.status

/** The answers each operation gave in one property, as `<status> <error>` (`200 ok` for a success). */
class AnswerTable {
  private readonly answers = new Map(operations.map((op) => [operationName(op), new Set<string>()]))

  /** Checks that the answer is a success or a documented error with a 4xx status; returns the error's name. */
  record(op: Operation, response: RawResponse, request: string): string {
    let name = 'ok'
    if (response.status === 200) {
      expect(typeof response.json, `a 200 without a JSON object to ${request}`).toBe('object')
    } else {
      name = (response.json as { error?: string } | undefined)?.error ?? `no error name: ${response.text.slice(0, 200)}`
      expect(statusOf(name) ?? 500, `${response.status} ${response.text} to ${request}`).toBeLessThan(500)
      expectDocumentedError(response, name)
    }
    this.answers.get(operationName(op))!.add(`${response.status} ${name}`)
    return name
  }

  /** Fails, with the seed and each operation's answers, unless each reached every answer of `expected`. */
  expectReached(expected: (op: Operation) => string[]): void {
    if (replaying) return
    const missing = operations.flatMap((op) => {
      const reached = this.answers.get(operationName(op))!
      const wanted = expected(op).map((name) => `${name === 'ok' ? 200 : statusOf(name)} ${name}`)
      return wanted.filter((answer) => !reached.has(answer)).map((answer) => `${operationName(op)}: ${answer}`)
    })
    const table = [...this.answers].map(([op, answers]) => `${op}: ${[...answers].sort().join(', ')}`).join('\n')
    console.log(`FUZZ_SEED=${seed}: the answers each operation gave\n${table}`)
    expect(missing, `FUZZ_SEED=${seed}: answers never reached; reached:\n${table}`).toEqual([])
  }
}

/** Answers the request checks reach whatever the operation (docs/errors.md, docs/auth.md). */
const requestErrors = ['WebrpcBadRoute', 'WebrpcBadMethod', 'WebrpcBadRequest', 'Unauthorized']
/** Operations on a project's resources (a project id argument, or the listeners of the secret key's project). */
const ownedByProject = (op: Operation) => ['Builder', 'Relayer', 'Indexer'].includes(op.service)

it(
  'requests with one or two things wrong get the documented error of each, and every operation reaches each one',
  async () => {
    const answers = new AnswerTable()
    await fc.assert(
      fc.asyncProperty(batchOf(fuzzRequest), async (requests) => {
        await Promise.all(
          requests.map(async (request) => {
            const rendered = sender.render(request)
            const response = await sender.send(request.operation, rendered)
            const described = `${operationName(request.operation)} [${request.faults.map((f) => f.kind).join(', ')}]: ${describe(rendered)}`
            const name = answers.record(request.operation, response, described)
            const expected =
              request.faults.length === 0
                ? 'ok'
                : request.faults.length === 1
                  ? expectedAnswer(request.operation, request.faults[0]!)
                  : undefined
            if (expected !== undefined) expect(name, `${response.text} to ${described}`).toBe(expected)
            if (name === 'WebrpcBadMethod') expect(response.headers.get('allow'), described).toMatch(/\bPOST\b/)
          }),
        )
      }),
      runOptions(),
    )
    expect(server.unexpected).toEqual([])
    answers.expectReached((op) => [
      'ok',
      ...requestErrors,
      ...(ownedByProject(op) ? ['PermissionDenied'] : []),
      ...(op.secret ? ['SessionExpired'] : []),
    ])
  },
  propertyTimeoutMs,
)

/** Replaces one value at any depth of a valid body with random JSON, often an edge case or a number, or drops or adds a field. */
function deepMutated(value: unknown, depth = 0): fc.Arbitrary<unknown> {
  const edge = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    // Mostly ids nothing has (NotFound), where an id is asked for.
    fc.nat({ max: 100_000 }),
    fc.constantFrom(
      1e300,
      -1,
      2 ** 53,
      0.5,
      2,
      '',
      '0',
      '2',
      '9'.repeat(90),
      '0x' + 'f'.repeat(40),
      'unknown',
      null,
      [],
      {},
    ),
  )
  if (typeof value === 'string')
    return fc.oneof({ arbitrary: edge, weight: 2 }, { arbitrary: sameShape(value), weight: 1 })
  if (depth > 4 || value === null || typeof value !== 'object') return edge
  const keys = Object.keys(value)
  if (keys.length === 0) return edge
  const changed = (change: (copy: Record<string, unknown>) => void) => {
    const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value }
    change(copy)
    return copy
  }
  // The whole tree of arbitraries is built once: building them again for each generated value (fc.chain) was
  // most of a run's time.
  // Going deeper weighs most, so values deep in a body (a page, an order of a list) are often reached.
  return fc.oneof(
    edge,
    {
      weight: 3,
      arbitrary: fc.oneof(
        ...keys.map((key) =>
          deepMutated((value as Record<string, unknown>)[key], depth + 1).map((inner) =>
            changed((copy) => (copy[key] = inner)),
          ),
        ),
      ),
    },
    fc.constantFrom(...keys).map((key) => changed((copy) => delete copy[key])),
    fc.stringMatching(/^[a-z]{1,6}$/).map((key) => changed((copy) => (copy[key] = 1))),
  )
}

/**
 * Another string of the same shape: each digit and letter replaced by one of its kind (a hex digit stays hex), a
 * `0x` prefix kept. An address or an id of the sample data becomes a well-formed one that names nothing (NotFound),
 * which the edge values reach too rarely to count on in each run.
 */
function sameShape(value: string): fc.Arbitrary<string> {
  const kinds = ['0123456789', 'abcdef', 'ABCDEF', 'ghijklmnopqrstuvwxyz', 'GHIJKLMNOPQRSTUVWXYZ']
  const prefix = value.startsWith('0x') ? 2 : 0
  return fc
    .array(fc.nat(), { minLength: value.length, maxLength: value.length })
    .map((picks) =>
      [...value]
        .map((char, i) => {
          const kind = i >= prefix && kinds.find((chars) => chars.includes(char))
          return kind ? kind[picks[i]! % kind.length]! : char
        })
        .join(''),
    )
    .filter((other) => other !== value)
}

/**
 * Operations whose arguments name a resource (a collection, a token, an order, an audience, a listener): a
 * well-formed name of one that does not exist is NotFound.
 */
const namesResource = [
  'Marketplace.GetFloorOrder',
  'Marketplace.GetHighestPriceListingForCollectible',
  'Marketplace.GenerateBuyTransaction',
  'Metadata.TokenCollectionFilters',
  'Builder.GetAudience',
  'Indexer.RemoveWebhookListener',
]

it(
  'random values deep inside well-formed, authenticated calls reach the handlers and their documented errors',
  async () => {
    const answers = new AnswerTable()
    const call = fc.oneof(
      ...operations.map((operation) =>
        fc
          .oneof(
            { arbitrary: fc.constant(operation.valid), weight: 1 },
            { arbitrary: deepMutated(operation.valid), weight: 19 },
          )
          .map((body) => ({ operation, body })),
      ),
    )
    await fc.assert(
      fc.asyncProperty(batchOf(call), async (calls) => {
        await Promise.all(
          calls.map(async ({ operation, body }) => {
            const rendered: RenderedRequest = {
              ...sender.render({ operation, faults: [] }),
              body: bytes(JSON.stringify(body)),
            }
            const response = await sender.send(operation, rendered)
            answers.record(operation, response, `${operationName(operation)}: ${describe(rendered)}`)
          }),
        )
      }),
      runOptions(),
    )
    expect(server.unexpected).toEqual([])
    answers.expectReached((op) => [
      'ok',
      'WebrpcBadRequest',
      'InvalidArgument',
      ...(namesResource.includes(operationName(op)) ? ['NotFound'] : []),
      ...('projectId' in op.valid ? ['PermissionDenied'] : []),
    ])
  },
  propertyTimeoutMs,
)
