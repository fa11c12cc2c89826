import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { expect, it } from 'vitest'
import { createClients, localUrls } from '../../src/entries/index.js'
import { inMemoryStartEnv, npmStartArgs } from '../support/npm-start.js'

it('keeps serving after the reader of the credentials line closes the pipe (as `npm start --silent | head -1` does)', async () => {
  const child = spawn(process.execPath, npmStartArgs(), {
    env: inMemoryStartEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  try {
    const first = (await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next()).value as string
    child.stdout!.destroy()
    const { url, accessKey } = JSON.parse(first) as { url: string; accessKey: string }
    const { builder } = createClients({ network: 'polygon', accessKey, urls: localUrls(url) })
    // Several calls, so the server writes its log lines into the closed pipe in between.
    for (let call = 0; call < 3; call++) {
      const { audience } = await builder.getAudience({ projectId: 1, audienceId: 1 })
      expect(audience.id).toBe(1)
    }
    expect(stderr).not.toMatch(/EPIPE|Unhandled/)
  } finally {
    child.kill('SIGTERM')
  }
  expect(await exited).toBe(0)
})
