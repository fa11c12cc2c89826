import { installFailure, installingChromium } from './chromium.js'
import { installOtherTeamsTools } from './other-teams-tools.js'
import { venvPython } from './python-venv.js'

/*
 * Installs what the slow tiers' tests run and this package does not depend on, each pinned by a file of the
 * project: Debian's chromium (as root on Debian; test/support/chromium.ts), the Python venv
 * (test/support/python/requirements.txt) and other teams' Node tools (test/conform/tools, on Node 24). .ci/run
 * provisions the machine with it before `npm test`; a test that finds one missing installs it itself, so `npm test`
 * on a fresh machine needs nothing of this.
 */
const chromium = installingChromium()
const otherTeamsTools = installOtherTeamsTools()
venvPython()
await otherTeamsTools
const outcome = await chromium.done
if (outcome && !outcome.ok) throw installFailure(outcome)
console.log('test tools installed: chromium, the Python venv, Prism and hey-api')
