import { serve, serveHelp } from '../local/main.js'

const [command, ...args] = process.argv.slice(2)
if (command === 'serve') await serve(args, process.env)
else if (command === undefined || command === '-h' || command === '--help') console.log(serveHelp)
else {
  console.error(`unknown command: ${command}\n\n${serveHelp}`)
  process.exitCode = 2
}
