import { existsSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { node24 } from './node24.js'
import { runNpm } from './npm-command.js'

/** Prism and @hey-api/openapi-ts, pinned in their own lockfile: they need Node ≥ 24.18 and ≥ 22.18, the package supports 20.19. */
const toolsDir = join(repoRoot, 'test', 'conform', 'tools')

type OtherTeamsTool = '@stoplight/prism-cli' | '@hey-api/openapi-ts'
const packageDirOf = (packageName: OtherTeamsTool) => join(toolsDir, 'node_modules', packageName)

/** Installs those tools once (`npm ci` on the Node 24 package); later calls find them installed. */
export async function installOtherTeamsTools(): Promise<void> {
  const tools: OtherTeamsTool[] = ['@stoplight/prism-cli', '@hey-api/openapi-ts']
  if (tools.every((tool) => existsSync(join(packageDirOf(tool), 'package.json')))) return
  const path = `${dirname(node24())}${delimiter}${process.env.PATH ?? ''}`
  await runNpm(['ci', '--no-audit', '--no-fund'], { cwd: toolsDir, env: { ...process.env, PATH: path } })
}

/** The folder of one of those tools' packages, installed by installOtherTeamsTools. */
export function otherTeamsTool(packageName: OtherTeamsTool): string {
  const packageDir = packageDirOf(packageName)
  if (!existsSync(join(packageDir, 'package.json')))
    throw new Error(`${packageName} is not installed in ${toolsDir}: installOtherTeamsTools() installs it`)
  return packageDir
}
