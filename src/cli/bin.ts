#!/usr/bin/env node
// The package bin. The help and an unknown command load no command; a command's module loads when it runs, so
// only then can a missing optional peer stop it, reported in one line instead of a stack trace.
import { missingPeerError } from '../entries/peer-dependencies.js'
import { commandNamed, commandsHelp } from './commands.js'

const [name, ...args] = process.argv.slice(2)
const command = name === undefined ? undefined : commandNamed(name)
if (name === undefined || name === '-h' || name === '--help') console.log(commandsHelp())
else if (!command) {
  console.error(`web3-market-contract: unknown command "${name}"\n\n${commandsHelp()}`)
  process.exitCode = 2
} else if (args.includes('-h') || args.includes('--help')) console.log(command.usage)
else {
  const label = `web3-market-contract ${name}`
  try {
    process.exitCode = await command.run(args)
  } catch (error) {
    const missing = command.peers && missingPeerError(command.peers, error, label)
    console.error(missing ? missing.message : `${label}: ${(error as Error).message}`)
    process.exitCode = missing ? 1 : 2
  }
}
