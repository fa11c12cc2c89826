import { entryTable, type RunTimePeers } from '../entries/entry-table.js'
import { serveHelp } from '../local/serve-help.js'
import { conformUsage } from './usage/conform.js'
import { proxyUsage } from './usage/proxy.js'
import { triggerUsage } from './usage/trigger.js'

/** A command of the bin: what the help says of it, and how it runs, loaded only then. */
export interface Command {
  readonly summary: string
  /** `<command> --help`: its settings. Loads no optional peer. */
  readonly usage: string
  /** The optional peers it needs to run, and how its users install them. */
  readonly peers?: RunTimePeers
  /** Runs the command; resolves to its exit code. */
  readonly run: (args: string[]) => Promise<number>
}

export const commands: Readonly<Record<string, Command>> = {
  serve: {
    summary: 'the local contract server, all 10 operations on one port',
    usage: serveHelp,
    peers: entryTable['./local'].peers,
    run: async (args) => {
      await (await import('../local/main.js')).serve(args, process.env)
      return 0
    },
  },
  conform: {
    summary: 'checks an implementation against the API contract',
    usage: conformUsage,
    peers: { packages: ['fast-check'], install: 'npm install --save-dev' },
    run: async (args) => (await import('./conform.js')).command(args),
  },
  proxy: {
    summary: 'a proxy in front of an implementation that reports what breaks the contract',
    usage: proxyUsage,
    run: async (args) => (await import('./proxy.js')).command(args),
  },
  trigger: {
    summary: 'fires a made-up chain event at a webhook listener of a running local server',
    usage: triggerUsage,
    run: async (args) => (await import('./trigger.js')).command(args),
  },
}

/** The command of `name`, if the bin has one. */
export const commandNamed = (name: string): Command | undefined =>
  Object.hasOwn(commands, name) ? commands[name] : undefined

/** `web3-market-contract --help`: the commands, and the optional peers each needs to run. */
export function commandsHelp(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length)) + 2
  const lines = Object.entries(commands).map(([name, command]) => {
    const needs = command.peers ? ` (needs ${command.peers.packages.join(', ')})` : ''
    return `  ${name.padEnd(width)}${command.summary}${needs}`
  })
  return `Usage: web3-market-contract <command> [options]

Commands:
${lines.join('\n')}

web3-market-contract <command> --help lists the command's settings.`
}
