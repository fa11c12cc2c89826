import { describe, expect, it } from 'vitest'
import { serviceRoots } from '../../scripts/paths.js'
import { authPass } from '../../scripts/postprocess/auth.js'
import { passes, postprocess } from '../../scripts/postprocess/index.js'
import { routingPass } from '../../scripts/postprocess/routing.js'
import { irOf, stockClient } from './support/stock.js'

describe('post-processing is idempotent', () => {
  for (const stem of serviceRoots()) {
    it(`${stem}: all passes over their own output change nothing`, () => {
      const ir = irOf(stem)
      const once = postprocess(stem, stockClient(stem), ir)
      const twice = postprocess(stem, once.text, ir)
      expect(once.text).not.toBe(stockClient(stem))
      expect(twice.text).toBe(once.text)
      expect(twice.emitted).toEqual(once.emitted)
    })
  }

  it('routing and auth each leave their own output unchanged', () => {
    const stem = 'indexer'
    const ir = irOf(stem)
    const before = passes.slice(0, passes.indexOf(routingPass))
    const routed = postprocess(stem, stockClient(stem), ir, [...before, routingPass]).text
    expect(postprocess(stem, routed, ir, [routingPass]).text).toBe(routed)
    const authenticated = postprocess(stem, routed, ir, [authPass]).text
    expect(authenticated).not.toBe(routed)
    expect(postprocess(stem, authenticated, ir, [authPass]).text).toBe(authenticated)
  })
})
