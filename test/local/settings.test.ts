import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { localServerSettings, readSettings } from '../../src/local/settings.js'
import { sections, tables } from '../docs/markdown.js'

const help = (...command: string[]) =>
  execFileSync(process.execPath, command, { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, PORT: '' } })

describe("the local server's settings", () => {
  it('are the table of docs/guides/test-authors.md#settings, row for row: flag, variable and default', () => {
    const guide = readFileSync(join(repoRoot, 'docs', 'guides', 'test-authors.md'), 'utf8')
    const [table] = tables(sections(guide).find((section) => section.heading === 'Settings')!.body)
    const unquoted = (cell = '') => cell.replace(/`/g, '')
    expect(table!.rows.map((row) => [row.Flag, row.Environment, row.Default].map(unquoted))).toEqual(
      localServerSettings.map((setting) => [setting.flag, setting.env, setting.default]),
    )
  })

  it('`npm start` and `web3-market-contract serve` print the same help, naming every flag and variable', () => {
    const serveHelp = help('--import', 'tsx', 'src/cli/bin.ts', 'serve', '--help')
    expect(help('scripts/launch.mjs', 'start', '--help')).toBe(serveHelp)
    for (const setting of localServerSettings) {
      expect(serveHelp).toContain(setting.flag)
      expect(serveHelp).toContain(setting.env)
    }
  })

  it('are read from flags first, then from the environment', () => {
    const env = {
      PORT: '9000',
      HOST: '0.0.0.0',
      CHAIN_RPC_URLS: 'polygon=http://127.0.0.1:8545',
      VALIDATE_RESPONSES: '1',
    }
    const { options } = readSettings({ port: '0', 'webhook-chain-lease-ms': '2500' }, env)
    expect(options).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      chains: [{ network: 'polygon', rpcUrl: 'http://127.0.0.1:8545' }],
      validateResponses: true,
      webhookChainLeaseMs: 2500,
    })
    expect(readSettings({}, {}).options).toEqual({ port: 8080, host: '127.0.0.1' })
  })

  it('give each followed chain its confirmations, and refuse confirmations of a chain not followed', () => {
    const env = { CHAIN_RPC_URLS: 'polygon=http://127.0.0.1:8545,amoy=http://127.0.0.1:8546' }
    expect(readSettings({ 'chain-confirmations': 'polygon=5' }, env).options.chains).toEqual([
      { network: 'polygon', rpcUrl: 'http://127.0.0.1:8545', confirmations: 5 },
      { network: 'amoy', rpcUrl: 'http://127.0.0.1:8546' },
    ])
    expect(() => readSettings({}, { ...env, CHAIN_CONFIRMATIONS: 'mainnet=2' })).toThrow(
      'CHAIN_CONFIRMATIONS names mainnet, which no --chain-rpc-urls (CHAIN_RPC_URLS) entry follows',
    )
    expect(() => readSettings({ 'chain-confirmations': 'polygon=-1' }, env)).toThrow(
      '--chain-confirmations entry "polygon=-1" is not <network>=<blocks>',
    )
  })

  it('map networks to webhook databases, and refuse an entry that is not <network>=<postgresql url>', () => {
    const env = { WEBHOOK_DATABASE_URLS: 'amoy=postgresql://db1/hooks, mainnet=postgres://db2/hooks' }
    expect(readSettings({}, env).options.webhookDatabases).toEqual([
      { network: 'amoy', databaseUrl: 'postgresql://db1/hooks' },
      { network: 'mainnet', databaseUrl: 'postgres://db2/hooks' },
    ])
    expect(() => readSettings({ 'webhook-database-urls': 'amoy=http://user:pw@db/x' }, {})).toThrow(
      '--webhook-database-urls entry "amoy=http://…@db/x" is not <network>=<postgresql:// url>',
    )
    expect(() => readSettings({}, { WEBHOOK_DATABASE_URLS: 'amoy=postgres://a/x,amoy=postgres://b/x' })).toThrow(
      'WEBHOOK_DATABASE_URLS names amoy twice',
    )
  })

  it('name the flag or the variable a bad value came from', () => {
    expect(() => readSettings({ port: '70000' }, {})).toThrow('--port must be 0..65535, got 70000')
    expect(() => readSettings({}, { PORT: 'x' })).toThrow('PORT must be 0..65535, got x')
    expect(() => readSettings({ 'chain-rpc-urls': 'polygon' }, {})).toThrow('--chain-rpc-urls entry "polygon"')
  })

  it('take PostgreSQL over the data dir when both are named, and say where its URL came from', () => {
    const settings = readSettings({ 'database-url': 'postgres://db/x' }, { DATA_DIR: '/tmp/x' })
    expect(settings.options.dataDir).toBeUndefined()
    expect(settings.databaseUrlFrom).toBe('--database-url')
  })
})
