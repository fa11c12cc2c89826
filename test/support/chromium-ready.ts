import { existsSync, readFileSync, watch } from 'node:fs'
import { basename, dirname } from 'node:path'
import { inject } from 'vitest'
import { chromiumPath, installFailure, type InstallOutcome } from './chromium.js'

declare module 'vitest' {
  interface ProvidedContext {
    /** Where the run's chromium install writes its outcome (installingChromium); '' when none was started. */
    chromiumInstallOutcome: string
  }
}

/** Resolves once `file` exists: on the rename that writes it, or at once when it is there already. */
function fileWritten(file: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dirname(file), (_, name) => {
      if (name === basename(file) && existsSync(file)) {
        watcher.close()
        resolve()
      }
    })
    if (existsSync(file)) {
      watcher.close()
      resolve()
    }
  })
}

/**
 * The chromium binary, once this run's install (if global setup started one) has ended; fails with apt-get's
 * output when the install failed, or saying what to install when chromium is missing. Never skips.
 */
export async function chromiumReady(): Promise<string> {
  const outcomeFile = inject('chromiumInstallOutcome')
  if (outcomeFile) {
    await fileWritten(outcomeFile)
    const outcome = JSON.parse(readFileSync(outcomeFile, 'utf8')) as InstallOutcome
    if (!outcome.ok) throw installFailure(outcome)
  }
  if (!existsSync(chromiumPath))
    throw new Error(
      `${chromiumPath} is missing: install Debian's chromium (apt-get install -y chromium), as test/support/global-setup.ts does on Debian as root`,
    )
  return chromiumPath
}
