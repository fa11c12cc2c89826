import type { ServiceUrls } from '../../gen/networks.gen.js'
import type { AuthVerifiers } from '../server/auth.js'
import { jwtSecretKeyVerifier } from '../server/auth.js'
import type { ProjectId } from '../values/project-id.js'
import { issueSecretKey } from '../reference/credentials-jwt.js'
import { checkFixtures } from '../reference/fixtures/fixture-validation.js'
import type { Fixtures } from '../reference/fixtures/fixtures.js'
import { sampleData, sampleProject } from '../reference/data/sample-data.js'

/** What every mock handler takes: where it answers, whose data and credentials it knows. */
export interface MockOptions {
  /** Address templates to answer at (e.g. `localUrls(url)` or a staging host); the services' default addresses when absent. */
  urls?: ServiceUrls
  /**
   * Data served after the sample data, in the format of the local server's FIXTURES
   * (`web3-market-contract/fixtures.schema.json`), checked the same way: a document that does not match
   * or cannot be served throws with its JSON path.
   */
  fixtures?: Fixtures | readonly Fixtures[]
  /** Signs and verifies secret keys (`Authorization: BEARER`); `mockJwtSecret` when absent. */
  jwtSecret?: string
}

/** The HS256 secret of the mock's secret keys when the options give none (test data, not a secret). */
export const mockJwtSecret = 'web3-market-contract mock: not a secret'

/** The sample data and the caller's fixtures, each checked as the local server checks a FIXTURES file. */
export function mockFixtures(options: MockOptions): Fixtures[] {
  const given =
    options.fixtures === undefined ? [] : Array.isArray(options.fixtures) ? options.fixtures : [options.fixtures]
  const documents: Fixtures[] = [sampleData]
  given.forEach((fixtures, i) => documents.push(checkFixtures(fixtures, `fixtures[${i}]`, documents)))
  return documents
}

/** docs/auth.md as the mock checks it: the projects' access keys, secret keys signed with the mock's secret. */
export function mockAuth(documents: readonly Fixtures[], secret: string): AuthVerifiers {
  const projects = new Map(documents.flatMap((d) => d.projects ?? []).map((p) => [p.accessKey, p.id as ProjectId]))
  return { accessKey: (key) => projects.get(key), secretKey: jwtSecretKeyVerifier(secret) }
}

/** A secret key the mock accepts: an HS256 JWT naming the project (the sample project when absent). */
export function mockSecretKey(options: Pick<MockOptions, 'jwtSecret'> = {}, projectId: number = sampleProject.id) {
  return issueSecretKey(options.jwtSecret ?? mockJwtSecret, projectId as ProjectId)
}
