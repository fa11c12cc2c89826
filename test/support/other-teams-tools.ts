import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { node24 } from './node24.js'

/** Prism and @hey-api/openapi-ts, pinned in their own lockfile: they need Node ≥ 24.18 and ≥ 22.18, the package supports 20.19. */
const toolsDir = join(repoRoot, 'test', 'conform', 'tools')

/** The folder of one of those tools' packages, installed once (`npm ci` on the Node 24 package) and reused after. */
export function otherTeamsTool(packageName: '@stoplight/prism-cli' | '@hey-api/openapi-ts'): string {
  const packageDir = join(toolsDir, 'node_modules', packageName)
  if (!existsSync(join(packageDir, 'package.json'))) {
    const path = `${dirname(node24())}${delimiter}${process.env.PATH ?? ''}`
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: toolsDir,
      env: { ...process.env, PATH: path },
      stdio: 'pipe',
      timeout: 300_000,
    })
  }
  return packageDir
}
