/** Every script's --help (or -h): prints its usage and exits 0 before doing anything. */
export function exitWithHelpIfAsked(usage: string): void {
  if (!process.argv.includes('--help') && !process.argv.includes('-h')) return
  console.log(usage)
  process.exit(0)
}
