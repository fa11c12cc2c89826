import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureGoTool } from '../../../scripts/install-tools.js'
import type { WebrpcIR } from '../../../scripts/ir.js'
import { errorsPass } from '../../../scripts/postprocess/errors.js'
import type { Pass } from '../../../scripts/postprocess/pass.js'
import { postprocess } from '../../../scripts/postprocess/index.js'
import { serverPass } from '../../../scripts/postprocess/server.js'

/**
 * The passes that apply to a schema outside schema/: the error table (SPEC §7 wire fields) and the
 * server stubs. Routing and auth read SPEC's network table and key rules, which webrpc's test schema has no part in.
 */
export const interopPasses: readonly Pass[] = [errorsPass, serverPass]

/** Generates webrpc-test's own schema (`webrpc-test -printRIDL`) through our pipeline into outDir/test.gen.ts. */
export function generateInteropStubs(outDir: string): { ir: WebrpcIR; webrpcTest: string } {
  const webrpcTest = ensureGoTool('webrpc-test')
  const webrpcGen = ensureGoTool('webrpc-gen')
  writeFileSync(join(outDir, 'test.ridl'), execFileSync(webrpcTest, ['-printRIDL'], { encoding: 'utf8' }))
  const run = (args: string[]) =>
    execFileSync(webrpcGen, ['-schema=test.ridl', ...args], { cwd: outDir, encoding: 'utf8' })
  const ir = JSON.parse(run(['-target=json'])) as WebrpcIR
  const { text, emitted } = postprocess('test', run(['-target=typescript', '-client', '-server']), ir, interopPasses)
  writeFileSync(join(outDir, 'test.gen.ts'), text)
  for (const [name, emittedText] of emitted) writeFileSync(join(outDir, name), emittedText)
  return { ir, webrpcTest }
}
