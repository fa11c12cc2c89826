import { parseArgs } from 'node:util'
import { exitWithStartFailure, serveUntilStopped, storeDescription } from './run.js'
import { readSettings, settingFlags, settingsHelp } from './settings.js'

/** The help of `web3-market-contract serve` and `npm start`: one text, from the settings table. */
export const serveHelp = `Usage: web3-market-contract serve [options]   (in a clone of the repository: npm start -- [options])

The local contract server: all 10 operations of the five services, from the sample data plus your
fixtures, on one port. Its first output line is JSON: {"url","accessKey","secretKey","projectId"}.
Each option can be set in the environment instead (the variable under it); a flag wins.

${settingsHelp()}

Other commands: web3-market-contract conform --help (check an implementation against the API contract),
web3-market-contract proxy --help (a validating proxy in front of one).`

/** Starts the local server from flags (`args`) and the environment, or prints the help; a bad setting is one line and exit 1. */
export async function serve(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    const { values, positionals } = parseArgs({ args, options: settingFlags, allowPositionals: true })
    const flags = values as Record<string, string | boolean | undefined>
    if (flags.help) return console.log(serveHelp)
    if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}" (--help lists the options)`)
    const { options, databaseUrlFrom } = readSettings(flags, env)
    await serveUntilStopped(options, storeDescription(options, databaseUrlFrom))
  } catch (error) {
    exitWithStartFailure(error)
  }
}

/** `npm start -- [options]`. */
export const main = () => serve(process.argv.slice(2), process.env)
