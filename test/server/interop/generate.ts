import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { ensureGoTool } from '../../../scripts/pipeline/go-tools.js'
import type { WebrpcIR } from '../../../scripts/pipeline/ir.js'
import { repoRoot } from '../../../scripts/pipeline/paths.js'
import { passes, postprocess } from '../../../scripts/emit/typescript/index.js'
import { errorRows, errorsModuleText } from '../../../scripts/emit/typescript/shared-modules/errors.js'
import { networksModuleText } from '../../../scripts/emit/typescript/shared-modules/networks.js'
import { webrpcGenSync } from '../../../scripts/pipeline/webrpc-gen.js'
import { loadRoutingData, type RoutingData } from '../../../scripts/pipeline/routing-data.js'

/** The five services' routing data (schema/networks.json) plus webrpc-test's TestApi at a fixed address (the test passes the real one as `url`). */
function interopRouting(): RoutingData {
  const routing = loadRoutingData()
  return { ...routing, services: { ...routing.services, testApi: { shape: 'fixed', defaultUrl: 'http://127.0.0.1' } } }
}

/** Generates webrpc-test's own schema (`webrpc-test -printRIDL`) through our whole pipeline, every pass, into outDir/test.gen.ts. */
export function generateInteropStubs(outDir: string): { ir: WebrpcIR; webrpcTest: string } {
  const webrpcTest = ensureGoTool('webrpc-test')
  writeFileSync(join(outDir, 'test.ridl'), execFileSync(webrpcTest, ['-printRIDL'], { encoding: 'utf8' }))
  const ir = JSON.parse(webrpcGenSync('test.ridl', 'json', outDir)) as WebrpcIR
  const stock = webrpcGenSync('test.ridl', 'typescript', outDir)
  const runtimeDir = relative(outDir, join(repoRoot, 'src', 'runtime'))
    .split(sep)
    .join('/')
  const routing = interopRouting()
  writeFileSync(join(outDir, 'test.gen.ts'), postprocess('test', stock, ir, passes, { routing, runtimeDir }))
  writeFileSync(join(outDir, 'errors.gen.ts'), errorsModuleText(errorRows(new Map([['test', ir]])), runtimeDir))
  writeFileSync(join(outDir, 'networks.gen.ts'), networksModuleText(routing, runtimeDir))
  return { ir, webrpcTest }
}
