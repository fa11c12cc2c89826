import { createRequire } from 'node:module'
import { buildSync } from 'esbuild'
import { repoRoot } from '../../pipeline/paths.js'

const require = createRequire(import.meta.url)
/** The installed version of a package generation uses (named in the header of what it made). */
export const installedVersion = (name: string): string =>
  (require(`${name}/package.json`) as { version: string }).version

/**
 * ESM source with what it imports from packages (ajv's helpers, ajv-formats' formats) bundled in by
 * esbuild, so the module loads with no package installed: `/validate` and `/webhook/receiver` need no peers,
 * and a bundler for a browser or edge target resolves nothing outside this package. Deterministic: the same
 * input and package versions give the same bytes. Imports of `kept` (modules of this package: generated beside it, or in src/runtime) stay.
 * Statements are joined as esbuild's syntax minification does (an `if`/`else` of two pushes becomes one
 * conditional expression), names kept: ajv's code for every error is a five-statement block otherwise, and
 * tsc re-indents it by four spaces a level into dist/.
 */
export function withPackagesBundled(source: string, sourceName: string, kept: readonly string[] = []): string {
  const { outputFiles, metafile } = buildSync({
    stdin: { contents: source, resolveDir: repoRoot, sourcefile: sourceName, loader: 'js' },
    absWorkingDir: repoRoot,
    // Paths in the output name node_modules/… as seen from the repository, also when node_modules is a link.
    preserveSymlinks: true,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'inline',
    minifySyntax: true,
    write: false,
    logLevel: 'error',
    metafile: true,
    outfile: sourceName,
    external: [...kept],
  })
  // esbuild's own record, not a search of the text: ajv's ucs2length holds `require("…")` as a string.
  const left = Object.values(metafile.outputs)
    .flatMap((output) => output.imports.map((entry) => entry.path))
    .filter((path) => !kept.includes(path))
  if (left.length > 0)
    throw new Error(`${sourceName}: still imports ${left.join(', ')} after bundling; it would need a package`)
  return outputFiles[0]!.text
}
