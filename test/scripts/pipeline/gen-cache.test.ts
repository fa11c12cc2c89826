import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { GenCache } from '../../../scripts/pipeline/gen-cache.js'

const dir = mkdtempSync(join(tmpdir(), 'gen-cache-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('keeps a made output under its inputs only while they are unchanged', async () => {
  const cache = new GenCache(true, dir)
  // A file saved again while its step ran: the step's output is of the later save.
  let file = 'a broken schema'
  const read = [file]
  const made = cache.textOrMade(
    read,
    async () => {
      file = 'the fixed schema'
      return 'generated from the fixed schema'
    },
    () => file === read[0],
  )
  expect(await made).toBe('generated from the fixed schema')
  expect(cache.get(read)).toBeUndefined()

  const again = [file]
  await cache.textOrMade(
    again,
    async () => 'generated from the fixed schema',
    () => file === again[0],
  )
  expect(cache.get(again)).toBe('generated from the fixed schema')
})
