import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe } from 'vitest'
import { operationTests } from '../reference/operation-cases.js'
import { useDataDirForThisFile } from './support.js'

/**
 * The DATA_DIR path: the embedded store in a directory, whose catalog reads are answered from memory after
 * their first query (src/reference/catalog/memoized.ts). Every operation, checked for values exactly as in memory.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'local-server-operations-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
useDataDirForThisFile(dataDir)

describe('every operation on a data dir (test/reference/operation-cases.ts)', () => operationTests())
