import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cacheDir, withLock } from './cache-dir.js'
import { npmInstallArgs } from './consumer-project.js'

/**
 * The `tsc` of `typescript@<version>` (5.9; 7, whose package ships its native compiler under the same `tsc`
 * command), installed once into the shared cache dir, never as a dependency of the package.
 */
export function typescriptCompiler(version: string): string {
  const dir = join(cacheDir, `typescript-${version}`)
  const tsc = join(dir, 'node_modules', '.bin', 'tsc')
  return withLock(`typescript-${version}`, () => {
    if (!existsSync(tsc)) {
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `typescript-${version}`, private: true }))
      execFileSync('npm', npmInstallArgs([`typescript@${version}`]), { cwd: dir, stdio: 'pipe' })
    }
    return tsc
  })
}

export const compilerVersion = (tsc: string) => execFileSync(tsc, ['--version'], { encoding: 'utf8' }).trim()
