import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { ensureGoTool } from '../../scripts/install-tools.js'

const chromiumPath = '/usr/bin/chromium'

/**
 * The browser test drives Debian's chromium: a fresh Debian machine run as root (CI) gets it here.
 * Elsewhere nothing is installed and test/local/browser.test.ts fails, saying what is missing.
 */
function ensureChromium(): void {
  if (existsSync(chromiumPath)) return
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.warn(`${chromiumPath} is missing; the browser test will fail until Debian's chromium is installed`)
    return
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
