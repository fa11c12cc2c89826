import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureGoTool } from '../../../scripts/install-tools.js'
import type { WebrpcIR } from '../../../scripts/ir.js'
import { passes, postprocess } from '../../../scripts/postprocess/index.js'
import { loadRoutingData, type RoutingData } from '../../../scripts/postprocess/routing-data.js'

/** SPEC's routing data plus webrpc-test's TestApi at a fixed address (the test passes the real one as `url`). */
function interopRouting(): RoutingData {
  const routing = loadRoutingData()
  return { ...routing, services: { ...routing.services, testApi: { shape: 'fixed', defaultUrl: 'http://127.0.0.1' } } }
}

/** Generates webrpc-test's own schema (`webrpc-test -printRIDL`) through our whole pipeline, every pass, into outDir/test.gen.ts. */
export function generateInteropStubs(outDir: string): { ir: WebrpcIR; webrpcTest: string } {
  const webrpcTest = ensureGoTool('webrpc-test')
  const webrpcGen = ensureGoTool('webrpc-gen')
  writeFileSync(join(outDir, 'test.ridl'), execFileSync(webrpcTest, ['-printRIDL'], { encoding: 'utf8' }))
  const run = (args: string[]) =>
    execFileSync(webrpcGen, ['-schema=test.ridl', ...args], { cwd: outDir, encoding: 'utf8' })
  const ir = JSON.parse(run(['-target=json'])) as WebrpcIR
  const stock = run(['-target=typescript', '-client', '-server'])
  const { text, emitted } = postprocess('test', stock, ir, passes, { routing: interopRouting() })
  writeFileSync(join(outDir, 'test.gen.ts'), text)
  for (const [name, emittedText] of emitted) writeFileSync(join(outDir, name), emittedText)
  return { ir, webrpcTest }
}
