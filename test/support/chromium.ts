import { spawn } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs'
import { aptGetArgs } from './apt-get.js'
import { testCacheDir, writeFileAtomically } from './test-cache.js'

/** Debian's chromium, which the browser tests drive (playwright-core, no browser download). */
export const chromiumPath = '/usr/bin/chromium'

/** The flags every browser test starts chromium with: headless as root, and no calls to Google's services. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export interface InstallOutcome {
  ok: boolean
  log: string
}

/** What a failed install fails with: the end of apt-get's output. */
export const installFailure = (outcome: InstallOutcome) =>
  new Error(`installing Debian's chromium failed:\n${outcome.log.slice(-4000)}`)

/**
 * Starts installing Debian's chromium with apt-get, in the background (about 45 s on a fresh machine, mostly
 * download and unpacking), when it is missing and this is Debian run as root (CI); the tests start meanwhile, and
 * the browser tests wait for it in chromiumReady(). Returns the file the outcome is written to, and a promise of
 * the outcome; '' and undefined when nothing was started.
 */
export function installingChromium(): { outcomeFile: string; done: Promise<InstallOutcome | undefined> } {
  const none = { outcomeFile: '', done: Promise.resolve(undefined) }
  if (existsSync(chromiumPath)) return none
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.warn(`${chromiumPath} is missing; the browser tests will fail until Debian's chromium is installed`)
    return none
  }
  const outcomeFile = testCacheDir(`chromium-install-${process.pid}-${Date.now()}.json`)
  const logFile = outcomeFile.replace(/\.json$/, '.log')
  writeFileAtomically(logFile, '')
  console.log(`installing Debian chromium for the browser tests in the background (apt-get; log: ${logFile})...`)
  const script = `apt-get ${aptGetArgs(['update', '-qq']).join(' ')} && apt-get ${aptGetArgs(['install', '-y', '-qq', 'chromium']).join(' ')}`
  const log = openSync(logFile, 'a')
  const child = spawn('sh', ['-c', script], {
    stdio: ['ignore', log, log],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  const done = new Promise<InstallOutcome>((resolve) => {
    let finished = false
    const finish = (ok: boolean) => {
      if (finished) return
      finished = true
      closeSync(log)
      const outcome: InstallOutcome = { ok: ok && existsSync(chromiumPath), log: readFileSync(logFile, 'utf8') }
      writeFileAtomically(outcomeFile, JSON.stringify(outcome))
      resolve(outcome)
    }
    child.on('error', () => finish(false))
    child.on('exit', (code) => finish(code === 0))
  })
  return { outcomeFile, done }
}
