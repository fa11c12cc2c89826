import { describe, expect, it } from 'vitest'
import { enumsPass } from '../../../../scripts/emit/typescript/enums.js'
import { postprocess } from '../../../../scripts/emit/typescript/index.js'
import { committedIR } from '../../../support/ir.js'
import { miniIR, stockClient } from './support/stock.js'

const runEnums = (source: string) => postprocess('m', source, miniIR('M'), [enumsPass])

describe('enums pass', () => {
  it.each([
    [
      'a string enum becomes a const object and the union of its values',
      "export enum SortOrder {\n  DESC = 'DESC',\n  ASC = 'ASC'\n}\n",
      "export const SortOrder = {\n  DESC: 'DESC',\n  ASC: 'ASC',\n} as const\n\nexport type SortOrder = (typeof SortOrder)[keyof typeof SortOrder]\n",
    ],
    [
      'a file without enums is left alone',
      'export interface A {\n  b: string\n}\n',
      'export interface A {\n  b: string\n}\n',
    ],
  ])('%s', (_, given, expected) => {
    expect(runEnums(given)).toBe(expected)
  })

  it('leaves no enum in any service and is idempotent', () => {
    const once = postprocess('marketplace', stockClient('marketplace'), committedIR('marketplace'), [enumsPass])
    expect(once).not.toMatch(/\benum\b/)
    expect(once).toContain('export type OrderSide = (typeof OrderSide)[keyof typeof OrderSide]')
    expect(postprocess('marketplace', once, committedIR('marketplace'), [enumsPass])).toBe(once)
  })
})
