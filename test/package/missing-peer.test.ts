import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consumerProject, packageName, type ConsumerProject } from './support/consumer-project.js'

const localPeers = '@electric-sql/pglite pg viem jose ajv ajv-formats'

/** What a client-only install (no optional peers) gets from the entry points that need peers. */
const cases = [
  ['/local', `npm install --save-dev ${localPeers}`],
  ['/msw', 'npm install --save-dev msw viem jose ajv ajv-formats'],
  ['/server', 'npm install jose ajv ajv-formats'],
  ['/webhook', 'npm install viem ajv ajv-formats'],
  ['/webhook/engine', 'npm install viem ajv ajv-formats'],
] as const

/** One line: the entry point, the peer Node did not find, and the install command of that audience. */
const oneLine = (label: string, install: string) =>
  new RegExp(`^${label} needs the optional peer dependency (\\S+), which is not installed: ${install}$`)

describe('an entry point whose optional peers are not installed', () => {
  let project: ConsumerProject

  beforeAll(() => {
    project = consumerProject()
  }, 240_000)

  afterAll(() => project.remove())

  it.each(cases)('%s fails under import with one line: %s', (entry, install) => {
    const message = project.run(
      'import.mjs',
      `await import('${packageName}${entry}').catch((error) => console.log(error.message))`,
    )
    expect(message).toMatch(oneLine(`${packageName}${entry}`, install))
  })

  it.each(cases)('%s fails under require() with one line: %s', (entry, install) => {
    const message = project.run(
      'require.cjs',
      `try { require('${packageName}${entry}') } catch (error) { console.log(error.message) }`,
    )
    expect(message).toMatch(oneLine(`${packageName}${entry}`, install))
  })

  it('the bin prints one line and exits 1', () => {
    const bin = join(project.dir, 'node_modules', '.bin', packageName)
    const { status, stdout, stderr } = spawnSync(bin, ['serve', '--port', '0'], { encoding: 'utf8' })
    expect({ status, stdout }).toEqual({ status: 1, stdout: '' })
    expect(stderr.trimEnd()).toMatch(oneLine(`${packageName} serve`, `npm install --save-dev ${localPeers}`))
  })

  it.each(['/webhook/receiver', '/validate'])(
    '%s (no wrapper: bundled for edge runtimes) names its one peer in Node’s own error',
    (entry) => {
      const message = project.run(
        'import.mjs',
        `await import('${packageName}${entry}').catch((error) => console.log(error.message))`,
      )
      expect(message).toMatch(/^Cannot find package 'ajv-formats' imported from /)
    },
  )
})
