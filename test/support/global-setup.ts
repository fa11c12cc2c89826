import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { ensureGoTool } from '../../scripts/install-tools.js'

const chromiumPath = '/usr/bin/chromium'

/** The browser test drives Debian's chromium; a fresh machine gets it here, or the run stops saying why. */
function ensureChromium(): void {
  if (existsSync(chromiumPath)) return
  if (process.getuid?.() !== 0) {
    throw new Error(`${chromiumPath} is missing and installing it needs root: run \`apt-get install -y chromium\`, then npm test`)
  }
  console.log('installing Debian chromium for the browser test (apt-get)...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
}

/** Runs once before the test workers: they share .tools/bin, so the pinned Go tools are built here, not raced. */
export default function setup(): void {
  ensureGoTool('webrpc-gen')
  ensureGoTool('webrpc-test')
  ensureChromium()
}
