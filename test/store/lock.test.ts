import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir, lockFileName, openSql } from '../../src/store/sql.js'
import { dumpedStore } from '../support/store-dump.js'

const root = mkdtempSync(join(tmpdir(), 'store-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let dirs = 0
const freshDir = () => join(root, `data-${++dirs}`)

/** The pid of a process that has exited (so no process has it, barring reuse in the meantime). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  if (!child.pid) throw new Error('could not spawn node')
  return child.pid
}

it('a second open of the same data directory fails, naming it and the holding pid; after close it opens again', async () => {
  const dataDir = freshDir()
  const first = await openSql({ dataDir, dataDirDump: dumpedStore() })
  const lockFile = join(dataDir, lockFileName)
  expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid))
  try {
    const second = openSql({ dataDir })
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError)
    await expect(second).rejects.toThrow(`data directory ${dataDir} is already in use by process ${process.pid}`)
    // The refused opener left the holder's lock and store alone.
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid))
    await first.query('create table kept (v int)')
    await first.query('insert into kept values (7)')
  } finally {
    await first.close()
  }
  expect(existsSync(lockFile)).toBe(false)

  // Given the dump again, a directory that holds a database opens as it is: the dump is not loaded over it.
  const again = await openSql({ dataDir, dataDirDump: dumpedStore() })
  try {
    expect((await again.query<{ v: number }>('select v from kept')).rows).toEqual([{ v: 7 }])
  } finally {
    await again.close()
  }
})

// The lock is a pid file taken before the database opens: the cases below need no database.

it('a stale lock whose pid is not alive is taken over', () => {
  const dataDir = freshDir()
  mkdirSync(dataDir)
  const lockFile = join(dataDir, lockFileName)
  writeFileSync(lockFile, `${deadPid()}\n`)
  const lock = lockDataDir(dataDir)
  expect(lock.path).toBe(lockFile)
  expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid))
  lock.release()
  expect(existsSync(lockFile)).toBe(false)
})

it('a lock held by another live process is refused with that pid', async () => {
  const dataDir = freshDir()
  const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  try {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(join(dataDir, lockFileName), `${holder.pid}\n`)
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dataDir)).toThrow(`data directory ${dataDir} is already in use by process ${holder.pid}`)
    expect(readFileSync(join(dataDir, lockFileName), 'utf8').trim()).toBe(String(holder.pid))
  } finally {
    holder.kill('SIGKILL')
  }
})

it('the lock is released when the process exits without releasing it', () => {
  const dataDir = freshDir()
  const lockFile = join(dataDir, lockFileName)
  const script = `
    import { lockDataDir } from ${JSON.stringify(new URL('../../src/store/lock.ts', import.meta.url).pathname)}
    const { existsSync } = await import('node:fs')
    lockDataDir(${JSON.stringify(dataDir)})
    console.log('locked:', existsSync(${JSON.stringify(lockFile)}))
    process.exit(0)
  `
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  expect(child.stderr).toBe('')
  expect(child.stdout.trim()).toBe('locked: true')
  expect(child.status).toBe(0)
  expect(existsSync(lockFile)).toBe(false)
  lockDataDir(dataDir).release()
})

it('in-memory stores take no lock: two open at once, each its own database', async () => {
  const [a, b] = await Promise.all([openSql({ dataDirDump: dumpedStore() }), openSql({ dataDirDump: dumpedStore() })])
  try {
    await a.query('create table only_in_a (v int)')
    await expect(b.query('select * from only_in_a')).rejects.toThrow('relation "only_in_a" does not exist')
    expect((await b.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
  } finally {
    await Promise.all([a.close(), b.close()])
  }
})
