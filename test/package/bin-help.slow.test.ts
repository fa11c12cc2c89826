import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commands, commandsHelp } from '../../src/cli/commands.js'
import { entryTable } from '../../src/entries/entry-table.js'
import { packageName, type ConsumerProject } from './support/consumer-project.js'
import { sharedConsumerProject } from './support/shared-project.js'

const everyPeer = [
  ...new Set([
    ...Object.values(entryTable).flatMap((entry) => ('peers' in entry ? entry.peers.packages : [])),
    ...Object.values(commands).flatMap((command) => command.peers?.packages ?? []),
  ]),
]

describe('the bin in a project where only the package is installed', () => {
  let project: ConsumerProject
  let bin: (...args: string[]) => { status: number | null; stdout: string; stderr: string }

  beforeAll(async () => {
    project = await sharedConsumerProject()
    const path = join(project.nodeModules, '.bin', packageName)
    bin = (...args) => spawnSync(path, args, { cwd: project.dir, encoding: 'utf8' })
  }, 240_000)

  afterAll(() => project.remove())

  it('has none of the optional peers', () => {
    expect(everyPeer.filter((name) => existsSync(join(project.nodeModules, name)))).toEqual([])
  })

  it.each(['--help', '-h'])('%s lists the commands', (flag) => {
    expect(bin(flag)).toMatchObject({ status: 0, stdout: `${commandsHelp()}\n`, stderr: '' })
  })

  it.each(Object.keys(commands))('%s --help lists its settings', (name) => {
    expect(bin(name, '--help')).toMatchObject({ status: 0, stdout: `${commands[name]!.usage}\n`, stderr: '' })
  })

  it('an unknown command says so, lists the commands and exits 2', () => {
    expect(bin('nope', '--help')).toMatchObject({
      status: 2,
      stdout: '',
      stderr: `web3-market-contract: unknown command "nope"\n\n${commandsHelp()}\n`,
    })
  })

  it('a command that runs without its peer says which to install, in one line, and exits 1', () => {
    const { status, stdout, stderr } = bin('conform', '--url', 'http://127.0.0.1:9', '--access-key', 'k')
    expect({ status, stdout }).toEqual({ status: 1, stdout: '' })
    expect(stderr.trimEnd()).toMatch(
      /^web3-market-contract conform needs the optional peer dependency fast-check, which is not installed: npm install --save-dev fast-check$/,
    )
  })
})
