import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { audiences } from './test/package/support/audiences.ts'
import { consumerProject, packageName } from './test/package/support/consumer-project.ts'
const repoRoot = process.cwd()
const { exports: exportMap } = JSON.parse(readFileSync('package.json', 'utf8'))
const sourceOf = (entry: string) => join(repoRoot, exportMap[`.${entry}`].types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts'))
for (const audience of ['server', 'localServer'] as const) {
  const { peers, entries } = audiences[audience]
  const project = consumerProject(peers)
  const imports = entries.map((entry, i) => `import * as entry${i} from '${packageName}${entry}'`).join('\n')
  const names = entries.map((_, i) => `Object.keys(entry${i}).sort()`).join(', ')
  const installed = JSON.parse(project.run('entries.mjs', `${imports}\nconsole.log(JSON.stringify([${names}]))`))
  const fromSource = await Promise.all(entries.map(async (e) => Object.keys(await import(sourceOf(e))).sort()))
  console.log(audience, 'exports equal:', JSON.stringify(installed) === JSON.stringify(fromSource))
  const root = join(project.dir, 'node_modules')
  const top = readdirSync(root).filter((n) => !n.startsWith('.')).flatMap((n) => n.startsWith('@') ? readdirSync(join(root, n)).map((i) => `${n}/${i}`) : [n]).sort()
  const found = new Set<string>()
  const visit = (name: string) => {
    if (found.has(name) || !existsSync(join(root, name, 'package.json'))) return
    found.add(name)
    const m = JSON.parse(readFileSync(join(root, name, 'package.json'), 'utf8'))
    for (const d of [m.dependencies, m.optionalDependencies, m.peerDependencies]) for (const k of Object.keys(d ?? {})) visit(k)
  }
  visit(packageName); for (const p of peers) visit(p.slice(0, p.lastIndexOf('@')))
  const exp = [...found].sort()
  console.log(audience, 'packages equal:', JSON.stringify(top) === JSON.stringify(exp), top.filter((x) => !found.has(x)), exp.filter((x) => !top.includes(x)))
  project.remove()
}
