import { settingsHelp } from './settings.js'

/** The help of `web3-market-contract serve` and `npm start`: one text, from the settings table. */
export const serveHelp = `Usage: web3-market-contract serve [options]   (in a clone of the repository: npm start -- [options])

The local contract server: all 10 operations of the five services, from the sample data plus your
fixtures, on one port. Its first output line is JSON: {"url","accessKey","secretKey","projectId"}.
Each option can be set in the environment instead (the variable under it); a flag wins.

${settingsHelp()}

web3-market-contract --help lists the other commands.`
