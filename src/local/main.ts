import { parseArgs } from 'node:util'
import { exitWithStartFailure, serveUntilStopped, storeDescription } from './run.js'
import { serveHelp } from './serve-help.js'
import { readSettings, settingFlags } from './settings.js'

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
