import type { CheckResult } from './check.js'
import type { ConformReport } from './run.js'

const mark = { passed: '✓', failed: '✗', skipped: '-' } as const

const nameOf = (result: CheckResult) => `${result.operation ?? result.service} ${result.id}`

/** The report as people read it: failures first with what was wrong, then a line per service and the totals. */
export function textReport(report: ConformReport, verbose = false): string {
  const lines: string[] = []
  const failed = report.results.filter((r) => r.outcome === 'failed')
  for (const result of failed) lines.push(`${mark.failed} ${nameOf(result)}: ${result.title}`, `    ${result.message}`)
  if (verbose)
    for (const result of report.results.filter((r) => r.outcome !== 'failed'))
      lines.push(
        `${mark[result.outcome]} ${nameOf(result)}: ${result.title}${result.message ? ` (${result.message})` : ''}`,
      )
  if (lines.length > 0) lines.push('')
  const services = [...new Set(report.results.map((r) => r.service))]
  for (const service of services) {
    const of = report.results.filter((r) => r.service === service)
    const count = (outcome: CheckResult['outcome']) => of.filter((r) => r.outcome === outcome).length
    lines.push(
      `${count('failed') > 0 ? mark.failed : mark.passed} ${service}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`,
    )
  }
  lines.push(
    `${report.failed === 0 ? 'conforms' : 'does not conform'}: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped in ${report.ms} ms (seed ${report.seed})`,
  )
  return lines.join('\n') + '\n'
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)

/** JUnit XML: a test suite per service, a test case per check, for CI systems to show. */
export function junitReport(report: ConformReport): string {
  const services = [...new Set(report.results.map((r) => r.service))]
  const suites = services.map((service) => {
    const of = report.results.filter((r) => r.service === service)
    const cases = of.map((result) => {
      const open = `    <testcase classname="${escapeXml(`conform.${service}`)}" name="${escapeXml(`${nameOf(result)}: ${result.title}`)}" time="${(result.ms / 1000).toFixed(3)}"`
      if (result.outcome === 'passed') return `${open}/>`
      const inner =
        result.outcome === 'failed'
          ? `<failure message="${escapeXml(result.message ?? '')}"/>`
          : `<skipped message="${escapeXml(result.message ?? '')}"/>`
      return `${open}>${inner}</testcase>`
    })
    const count = (outcome: CheckResult['outcome']) => of.filter((r) => r.outcome === outcome).length
    const time = (of.reduce((sum, r) => sum + r.ms, 0) / 1000).toFixed(3)
    return [
      `  <testsuite name="conform.${service}" tests="${of.length}" failures="${count('failed')}" skipped="${count('skipped')}" time="${time}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="web3-market-contract conform" tests="${report.results.length}" failures="${report.failed}" skipped="${report.skipped}" time="${(report.ms / 1000).toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n')
}
