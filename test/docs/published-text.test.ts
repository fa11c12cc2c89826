import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { anchorOf, linkTargets, sections, tables } from './markdown.js'

// What npm publishes is read without this repository: the README and docs/ may link or name only what
// the package contains, and never the outside documents and issues the repository was built from.

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { files: string[] }
const included = ['package.json', 'README.md', 'LICENSE', ...packageJson.files.filter((f) => !f.startsWith('!'))]
const excluded = packageJson.files.filter((f) => f.startsWith('!')).map((f) => f.slice(1))
const under = (path: string, entry: string) => path === entry || path.startsWith(`${entry}/`)

/** Whether the packed tarball holds `path` (repository-relative), by package.json `files`. */
function published(path: string): boolean {
  const clean = path.replace(/\/$/, '')
  if (excluded.some((entry) => under(clean, entry))) return false
  return included.some((entry) => under(clean, entry) || entry.startsWith(`${clean}/`))
}

/** The published text: the README, the changelog, and docs/ with its guides (docs/guides/, one per reader). */
const publishedText = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .map((name) => `docs/${name}`)
    .filter((path) => /\.(md|toml)$/.test(path))
    .sort(),
]
const guides = publishedText.filter((path) => path.startsWith('docs/guides/'))
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8')

/** The one link a user may follow out of the package: README's pointer for people working on the repository. */
const contributingLink = { from: 'README.md', to: 'CONTRIBUTING.md' }

// Top-level names of the repository. Directories are checked whenever a path starts with one; of the
// files, those a user's own project also has (package.json, tsconfig.json, vitest.config.ts, dotfiles)
// are not, as the README's examples name the reader's own.
const topLevel = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter(Boolean)
const topDirectories = [...new Set(topLevel.filter((f) => f.includes('/')).map((f) => f.split('/')[0]!))]
const topFiles = topLevel.filter((f) => !f.includes('/') && !/^(\.|package|tsconfig|vitest)/.test(f))
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const pathPattern = new RegExp(
  `(?<![\\w@/.-])(?:(?:${topDirectories.map(escape).join('|')})/[^\\s\`'")\\],;|]*|(?:${topFiles.map(escape).join('|')})(?![\\w-]))`,
  'g',
)

describe('the published README, docs/ and its guides', () => {
  it.each(publishedText)('%s names no path the package does not contain', (file) => {
    let text = read(file)
    if (file === contributingLink.from) text = text.replace(/\[CONTRIBUTING\.md\]\(CONTRIBUTING\.md\)/g, '')
    const outside = [...text.matchAll(pathPattern)]
      .map((match) => match[0].replace(/[.:]+$/, ''))
      .filter((path) => !published(path))
    expect(outside).toEqual([])
    // A guide links the reference pages beside it (../errors.md); nothing climbs out of the package.
    const climbs = file.startsWith('docs/guides/') ? text.replace(/\]\(\.\.\/(?!\.)/g, '](') : text
    expect(climbs).not.toContain('../')
  })

  it.each(publishedText)('%s links only inside the package, to files and headings that exist', (file) => {
    const broken: string[] = []
    for (const target of linkTargets(read(file))) {
      if (/^(https?|mailto):/.test(target)) continue
      const [path, anchor] = target.split('#') as [string, string | undefined]
      const resolved = path ? normalize(relative(repoRoot, join(repoRoot, dirname(file), path))) : file
      const allowed = published(resolved) || (file === contributingLink.from && resolved === contributingLink.to)
      if (!allowed || !existsSync(join(repoRoot, resolved))) broken.push(`${target}: not in the package`)
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
        broken.push(`${target}: no such heading`)
    }
    expect(broken).toEqual([])
  })

  it.each(publishedText)('%s mentions no issue and no outside specification', (file) => {
    const text = read(file)
    expect(text).not.toMatch(/\bissues? #?\d+\b|\bthe issues\b|\/issues\b/i)
    expect(text).not.toMatch(/\bSPEC\b/)
  })

  it('README.md is a front door: short, a guide link per reader, the test command CI runs', () => {
    const readme = read('README.md')
    expect(readme.split('\n').length).toBeLessThanOrEqual(250)
    expect(guides.length).toBeGreaterThan(0)
    const linked = new Set(linkTargets(readme).map((target) => target.split('#')[0]))
    expect(guides.filter((guide) => !linked.has(guide))).toEqual([])
    expect(readme).toMatch(/^npm ci && npm test\b/m)
    expect(readme).toMatch(/^npm ci && npm start\b/m)
  })

  // Each fact is written in one file and linked from the others: a second copy would drift from the first.
  it.each([
    {
      fact: "the local server's settings table",
      marker: '| Flag | Environment | Default | What it does |',
      home: 'docs/guides/test-authors.md',
    },
    { fact: 'the error table', marker: '| error | code | msg | HTTP status |', home: 'docs/errors.md' },
    { fact: 'the limits table', marker: '| limit | default | when exceeded |', home: 'docs/limits.md' },
    { fact: 'the webhook retry schedule', marker: '5 s, 15 s, 45 s', home: 'docs/webhooks.md' },
  ])('$fact is written in $home only', ({ marker, home }) => {
    expect(publishedText.filter((file) => read(file).includes(marker))).toEqual([home])
  })

  it("the local server's settings are a table under '## Settings', every flag with its variable", () => {
    const settings = sections(read('docs/guides/test-authors.md')).filter((section) => section.heading === 'Settings')
    expect(settings).toHaveLength(1)
    const [table] = tables(settings[0]!.body)
    expect(table?.header).toEqual(['Flag', 'Environment', 'Default', 'What it does'])
    for (const row of table!.rows) {
      expect(row.Flag, row.Environment).toMatch(/^--[a-z-]+$/)
      expect(row.Environment).toBe(row.Flag!.slice(2).toUpperCase().replace(/-/g, '_'))
      expect(row.Default, row.Flag).not.toBe('')
      expect(row['What it does'], row.Flag).not.toBe('')
    }
  })

  it('ship docs/ with the package, so the links into it resolve for npm users', () => {
    expect(published('docs/README.md')).toBe(true)
    expect(published('CONTRIBUTING.md')).toBe(false)
    expect(published('test/docs/examples/examples.test.ts')).toBe(false)
  })
})

function anchorsOf(path: string): Set<string> {
  return new Set(sections(read(path)).map((section) => anchorOf(section.heading)))
}
