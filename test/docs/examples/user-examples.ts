import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../../scripts/pipeline/paths.js'

/** What users read that holds code: the README and one guide per reader. */
export const userTextFiles: string[] = [
  'README.md',
  ...readdirSync(join(repoRoot, 'docs', 'guides'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/guides/${name}`),
]

export interface Example {
  name: string
  language: 'ts' | 'js'
  code: string
  /** The file it is written in, repository-relative. */
  file: string
}

const namedBlock = /<!-- example: ([a-z0-9-]+) -->\n```(ts|js)\n([\s\S]*?)\n```/g

/** Every named ```ts / ```js block of the user text, and how many such fences there are in all. */
export function userExamples(): { named: Example[]; fences: number } {
  const named: Example[] = []
  let fences = 0
  for (const file of userTextFiles) {
    const text = readFileSync(join(repoRoot, file), 'utf8')
    for (const [, name, language, code] of text.matchAll(namedBlock))
      named.push({ name: name!, language: language as 'ts' | 'js', code: code!, file })
    fences += [...text.matchAll(/^```(ts|js)$/gm)].length
  }
  return { named, fences }
}

/** The code of one named example, wherever it is written. */
export function userExample(name: string): string {
  const found = userExamples().named.find((example) => example.name === name)
  if (!found) throw new Error(`no example named ${name} in ${userTextFiles.join(', ')}`)
  return found.code
}
