import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { toolsBinDir, toolsModuleDir } from './paths.js'

/** The pinned Go tools (scripts/tools/go.mod), built into .tools/bin on first use. */
export type GoTool = 'webrpc-gen' | 'webrpc-test'

export const toolPackages: Record<GoTool, string> = {
  'webrpc-gen': 'github.com/webrpc/webrpc/cmd/webrpc-gen',
  'webrpc-test': 'github.com/webrpc/webrpc/cmd/webrpc-test',
}

function go(args: string[]): string {
  try {
    return execFileSync('go', args, { cwd: toolsModuleDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    const err = error as NodeJS.ErrnoException & { stderr?: string }
    if (err.code === 'ENOENT') {
      throw new Error(
        'Go is not installed: webrpc-gen is pinned as a Go module tool (scripts/tools/go.mod); install Go 1.24+ and retry',
      )
    }
    throw new Error(`go ${args.join(' ')} failed:\n${err.stderr ?? err.message}`)
  }
}

/** The pinned module version, read from go.mod through the go command. */
export function pinnedVersion(module: string): string {
  return go(['list', '-m', '-f', '{{.Version}}', module]).trim()
}

function pinFingerprint(): string {
  const hash = createHash('sha256')
  for (const file of ['go.mod', 'go.sum']) hash.update(readFileSync(join(toolsModuleDir, file)))
  return hash.digest('hex')
}

/**
 * Builds a pinned Go tool into .tools/bin on first use, and again whenever
 * go.mod or go.sum change. webrpc-gen needs its version injected: without it,
 * it shells out to `go list` from the caller's directory and reports "unknown".
 */
export function ensureGoTool(tool: GoTool): string {
  const binary = join(toolsBinDir, tool)
  const stamp = `${binary}.pin`
  const fingerprint = pinFingerprint()
  if (existsSync(binary) && existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return binary
  mkdirSync(toolsBinDir, { recursive: true })
  const version = pinnedVersion('github.com/webrpc/webrpc')
  go([
    'build',
    '-trimpath',
    '-ldflags',
    `-s -w -X github.com/webrpc/webrpc.VERSION=${version}`,
    '-o',
    binary,
    toolPackages[tool],
  ])
  writeFileSync(stamp, fingerprint)
  return binary
}
