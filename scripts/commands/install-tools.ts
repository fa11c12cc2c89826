import { ensureGoTool, toolPackages, type GoTool } from '../pipeline/go-tools.js'
import { exitWithHelpIfAsked } from './cli-help.js'

/** `npm run tools`: scripts/launch.mjs runs it. */
export function main(): void {
  exitWithHelpIfAsked(`npm run tools [-- --help]

Builds the pinned Go tools (webrpc-gen, webrpc-test; versions and checksums in scripts/tools/go.mod
and go.sum) into .tools/bin, unless the binary there was built from the same pins.`)
  for (const tool of Object.keys(toolPackages) as GoTool[]) {
    console.log(`${tool}: ${ensureGoTool(tool)}`)
  }
}
