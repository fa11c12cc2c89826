import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { anchorOf, linkTargets, sections } from './markdown.js'

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

const publishedText = ['README.md', ...readdirSync(join(repoRoot, 'docs')).map((name) => `docs/${name}`)]
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

describe('the published README and docs/', () => {
  it.each(publishedText)('%s names no path the package does not contain', (file) => {
    let text = read(file)
    if (file === contributingLink.from) text = text.replace(/\[CONTRIBUTING\.md\]\(CONTRIBUTING\.md\)/g, '')
    const outside = [...text.matchAll(pathPattern)]
      .map((match) => match[0].replace(/[.:]+$/, ''))
      .filter((path) => !published(path))
    expect(outside).toEqual([])
    expect(text).not.toContain('../')
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

  it('ship docs/ with the package, so the links into it resolve for npm users', () => {
    expect(published('docs/README.md')).toBe(true)
    expect(published('CONTRIBUTING.md')).toBe(false)
    expect(published('test/readme/examples.test.ts')).toBe(false)
  })
})

function anchorsOf(path: string): Set<string> {
  return new Set(sections(read(path)).map((section) => anchorOf(section.heading)))
}
