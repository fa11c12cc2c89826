/** The generated files of the Go module (go/), by path relative to it: a package per service and the contract package's tables. */
import type { WebrpcIR } from '../../pipeline/ir.js'
import type { RoutingData } from '../../pipeline/routing-data.js'
import { authTablePath, authTableText, networksTablePath, networksTableText } from './contract-tables.js'
import { servicePackagePath, servicePackageText } from './service-package.js'

/** Whether a file of the Go module is generated (and so removed by a full run when no longer made). */
export const isGeneratedGoFile = (path: string): boolean => path.endsWith('.gen.go')

export function goModuleFiles(
  stockPackages: ReadonlyMap<string, string>,
  irs: ReadonlyMap<string, WebrpcIR>,
  routing: RoutingData,
): Map<string, string> {
  const files = new Map<string, string>()
  for (const [stem, stock] of stockPackages)
    files.set(servicePackagePath(stem), servicePackageText(stock, irs.get(stem)!))
  files.set(networksTablePath, networksTableText(routing))
  files.set(authTablePath, authTableText(irs))
  return files
}
