import { describe, expect, it } from 'vitest'
import { serviceRoots } from '../../../../scripts/pipeline/paths.js'
import { authPass } from '../../../../scripts/emit/typescript/auth.js'
import { passes, postprocess } from '../../../../scripts/emit/typescript/index.js'
import { routingPass } from '../../../../scripts/emit/typescript/routing.js'
import { committedIR } from '../../../support/ir.js'
import { stockClient } from './support/stock.js'

describe('post-processing is idempotent', () => {
  for (const stem of serviceRoots()) {
    it(`${stem}: all passes over their own output change nothing`, () => {
      const ir = committedIR(stem)
      const once = postprocess(stem, stockClient(stem), ir)
      expect(once).not.toBe(stockClient(stem))
      expect(postprocess(stem, once, ir)).toBe(once)
    })
  }

  it('routing and auth each leave their own output unchanged', () => {
    const stem = 'indexer'
    const ir = committedIR(stem)
    const before = passes.slice(0, passes.indexOf(routingPass))
    const routed = postprocess(stem, stockClient(stem), ir, [...before, routingPass])
    expect(postprocess(stem, routed, ir, [routingPass])).toBe(routed)
    const authenticated = postprocess(stem, routed, ir, [authPass])
    expect(authenticated).not.toBe(routed)
    expect(postprocess(stem, authenticated, ir, [authPass])).toBe(authenticated)
  })
})
