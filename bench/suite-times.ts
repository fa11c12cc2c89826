/**
 * Per-file durations of two test runs side by side, from vitest's JSON reporter, as a Markdown table (for
 * BENCHMARKS.md, "Test suite"). Each run:
 *   npx vitest run --reporter=json --outputFile=<file>.json
 * then: npx tsx bench/suite-times.ts before.json after.json
 * A file's time is its first test's start to its last test's end, as the reporter gives it.
 */
import { readFileSync } from 'node:fs'

interface Report {
  startTime: number
  numPassedTests: number
  numFailedTests: number
  testResults: { name: string; startTime: number; endTime: number; status: string }[]
}

const [beforePath, afterPath] = process.argv.slice(2)
if (!beforePath || !afterPath) throw new Error('usage: npx tsx bench/suite-times.ts before.json after.json')
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Report
const before = read(beforePath)
const after = read(afterPath)

const byFile = (report: Report) =>
  new Map(report.testResults.map((r) => [r.name.slice(r.name.indexOf('/test/') + 1), r]))
const seconds = (ms: number) => (ms / 1000).toFixed(1)
const beforeFiles = byFile(before)
const afterFiles = byFile(after)
const files = [...new Set([...beforeFiles.keys(), ...afterFiles.keys()])]
const duration = (file: string, files: Map<string, Report['testResults'][number]>) => {
  const result = files.get(file)
  return result ? result.endTime - result.startTime : undefined
}
files.sort((a, b) => (duration(b, beforeFiles) ?? 0) - (duration(a, beforeFiles) ?? 0))

console.log('| file | before s | after s | after/before |')
console.log('|---|---:|---:|---:|')
for (const file of files) {
  const b = duration(file, beforeFiles)
  const a = duration(file, afterFiles)
  const cell = (ms: number | undefined, status: string | undefined) =>
    ms === undefined ? '—' : `${seconds(ms)}${status === 'failed' ? ' (failed)' : ''}`
  const ratio = a !== undefined && b ? (a / b).toFixed(2) : '—'
  console.log(
    `| ${file} | ${cell(b, beforeFiles.get(file)?.status)} | ${cell(a, afterFiles.get(file)?.status)} | ${ratio} |`,
  )
}
const total = (report: Report) => Math.max(...report.testResults.map((r) => r.endTime)) - report.startTime
console.log(
  `| **whole run** (start to last file's end) | **${seconds(total(before))}** | **${seconds(total(after))}** | ` +
    `**${(total(after) / total(before)).toFixed(2)}** |`,
)
for (const [name, report] of [
  ['before', before],
  ['after', after],
] as const)
  console.log(`\n${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`)
