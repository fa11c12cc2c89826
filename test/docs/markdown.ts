/** Just enough Markdown reading for the docs tests: headings, their sections, tables, links. */

export interface Section {
  /** The heading's text, without the leading #s. */
  heading: string
  level: number
  /** The lines under the heading, up to the next heading of any level. */
  body: string
}

export function sections(markdown: string): Section[] {
  const found: Section[] = []
  let inFence = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence
    const heading = inFence ? null : /^(#{1,6}) (.+)$/.exec(line)
    if (heading) found.push({ heading: heading[2]!.trim(), level: heading[1]!.length, body: '' })
    else if (found.length > 0) found[found.length - 1]!.body += `${line}\n`
  }
  return found
}

/** A table's rows as records keyed by its header cells; inline code marks are removed from cells. */
export type TableRow = Record<string, string>

/** Every table of a piece of Markdown, each as its header and rows. */
export function tables(markdown: string): { header: string[]; rows: TableRow[] }[] {
  const result: { header: string[]; rows: TableRow[] }[] = []
  let block: string[] = []
  const flush = () => {
    if (block.length >= 2) {
      const [head, , ...body] = block.map(cells)
      result.push({
        header: head!,
        rows: body.map((row) => Object.fromEntries(head!.map((name, i) => [name, row[i] ?? '']))),
      })
    }
    block = []
  }
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('|')) block.push(line.trim())
    else flush()
  }
  flush()
  return result
}

/** The one table whose first header cell is `first`, or an error naming what was looked for. */
export function tableStartingWith(markdown: string, first: string): TableRow[] {
  const matching = tables(markdown).filter((table) => table.header[0] === first)
  if (matching.length !== 1)
    throw new Error(`expected one table whose first column is "${first}", found ${matching.length}`)
  return matching[0]!.rows
}

function cells(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim().replace(/`/g, ''))
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

/** The targets of the inline links and images of a piece of Markdown, outside code. */
export function linkTargets(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!)
}

/** The text with fenced code blocks and inline code removed (link syntax inside code is not a link). */
export function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '')
}
