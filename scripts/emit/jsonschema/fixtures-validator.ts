import { fixturesSchemaPath } from '../fixture-types.js'
import type { JsonSchema } from './json-schema.js'
import { standaloneModuleOf, typedModule } from './validators.js'

/**
 * gen/validators/fixtures.standalone.ts and its typed face (`isFixtures`): the fixtures schema compiled at
 * generation, so the local server and the MSW handlers check fixtures without ajv at run time.
 */
export function fixturesValidatorFiles(schema: JsonSchema): Map<string, string> {
  return new Map([
    ['validators/fixtures.standalone.ts', standaloneModuleOf(schema, 'Fixtures', fixturesSchemaPath)],
    [
      'validators/fixtures.ts',
      typedModule({
        standalone: 'fixtures.standalone',
        source: fixturesSchemaPath,
        typesImport: `import type { Fixtures } from '../fixtures.gen.js'`,
        exports: [{ name: 'isFixtures', compiled: 'Fixtures', type: 'Fixtures' }],
      }),
    ],
  ])
}
