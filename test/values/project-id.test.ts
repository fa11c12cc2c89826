import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { UnauthorizedError } from '../../gen/errors.gen.js'
import { Problem } from '../../src/values/problem.js'
import { parseProjectId, projectIdOnIndexerWire } from '../../src/values/project-id.js'
import { jwtSecretKeyVerifier, projectClaim } from '../../src/server/auth.js'

describe('parseProjectId', () => {
  it.each([
    [7, 7],
    ['7', 7],
    [0, 0],
    ['0', 0],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
  ])('reads %j as %d', (value, expected) => {
    expect(parseProjectId(value, 'claim')).toBe(expected)
  })

  it.each([
    ['p'],
    [''],
    ['007'],
    ['-1'],
    [' 7'],
    ['7.0'],
    ['1e3'],
    [-1],
    [1.5],
    [Number.NaN],
    [2 ** 53],
    ['9007199254740993'],
    [7n],
    [null],
    [undefined],
    [{}],
  ])('refuses %s with an invalid-argument Problem naming where it was read', (value) => {
    expect(() => parseProjectId(value, 'claim')).toThrow(Problem)
    expect(() => parseProjectId(value, 'claim')).toThrow('claim: not a project id')
  })
})

it("a project id on the Indexer's wire is its decimal text, which reads back as the same id", () => {
  for (const id of [0, 7, Number.MAX_SAFE_INTEGER]) {
    expect(projectIdOnIndexerWire(id)).toMatch(/^[0-9]+$/)
    expect(parseProjectId(projectIdOnIndexerWire(id), 'wire')).toBe(id)
  }
})

describe("the secret key's project claim", () => {
  const secret = 'project-id-test-secret'
  const keyWith = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret))
  const verify = jwtSecretKeyVerifier(secret)

  it.each([[7], ['7']])('%j is project 7', async (claim) => {
    expect(await verify(await keyWith({ [projectClaim]: claim }))).toBe(7)
  })

  it.each([['p'], [-1], [null]])('%j is Unauthorized', async (claim) => {
    await expect(verify(await keyWith({ [projectClaim]: claim }))).rejects.toBeInstanceOf(UnauthorizedError)
  })

  it('a key without the claim is Unauthorized', async () => {
    await expect(verify(await keyWith({}))).rejects.toBeInstanceOf(UnauthorizedError)
  })
})
