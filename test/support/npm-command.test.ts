import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import { runNpm } from './npm-command.js'

// A stand-in `npm` first on PATH: it writes its pid, creates node_modules, then does what `behaviour` says.
const dir = mkdtempSync(join(tmpdir(), 'npm-command-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function project(behaviour: string) {
  const root = mkdtempSync(join(dir, 'project-'))
  const bin = join(root, 'bin')
  mkdirSync(bin)
  const npm = join(bin, 'npm')
  writeFileSync(
    npm,
    `#!/bin/sh\necho $$ >> pids\nmkdir -p node_modules\ntouch node_modules/partial-$$\necho "silly reify $*" >&2\n${behaviour}\n`,
  )
  chmodSync(npm, 0o755)
  const pids = () =>
    readFileSync(join(root, 'pids'), 'utf8')
      .trim()
      .split('\n')
      .map((pid) => Number(pid))
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  return { cwd: root, env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` }, pids, alive }
}

it('kills an npm that stops printing and runs it again from an empty node_modules', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  // The first run hangs (a child sleeping in its process group); the second finishes.
  const npm = project('if [ ! -e hung-once ]; then touch hung-once; sleep 60 & wait; fi')
  await runNpm(['install', 'some-package'], { ...npm, stallMs: 300 })
  const [hung, finished] = npm.pids()
  expect(npm.pids()).toHaveLength(2)
  expect(npm.alive(hung!)).toBe(false)
  expect(existsSync(join(npm.cwd, 'node_modules', `partial-${hung}`))).toBe(false)
  expect(existsSync(join(npm.cwd, 'node_modules', `partial-${finished}`))).toBe(true)
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/printed nothing for 300 ms after: silly reify install/))
  warn.mockRestore()
})

it('gives up after three stalled runs, saying where npm stopped', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const npm = project('sleep 60')
  await expect(runNpm(['install'], { ...npm, stallMs: 300 })).rejects.toThrow(
    /printed nothing for 300 ms after: silly reify install --loglevel=silly \(attempt 3 of 3\)/,
  )
  expect(npm.pids()).toHaveLength(3)
  for (const pid of npm.pids()) expect(npm.alive(pid)).toBe(false)
  warn.mockRestore()
})

it('throws at once, with its output, when npm fails', async () => {
  const npm = project('echo "npm error 404 Not Found" >&2; exit 1')
  await expect(runNpm(['install', 'missing'], { ...npm, stallMs: 300 })).rejects.toThrow(
    /failed \(exit code 1\):[\s\S]*npm error 404 Not Found/,
  )
  expect(npm.pids()).toHaveLength(1)
})
