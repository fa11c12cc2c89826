import { expect, it } from 'vitest'
import { routeLines } from '../../src/local/run.js'
import { resolveRoute } from '../../src/server/routes.js'
import { routedServices } from '../../src/server/services.js'

const url = 'http://127.0.0.1:8080'
const services = new Map(routedServices.map((route) => [route.name, route]))

it('names every service once, each at an address the host routes to that service', () => {
  const lines = routeLines(url)
  expect(lines.map((line) => line.trim().split(/\s+/)[0])).toEqual(routedServices.map((route) => route.name))
  for (const [index, line] of lines.entries()) {
    const route = routedServices[index]!
    const address = /POST (\S+)/.exec(line)![1]!
    const path = new URL(address.replace('<network>', 'polygon').replace('<Method>', route.methods[0]!)).pathname
    expect(resolveRoute(path, '127.0.0.1:8080', services, new Set(['polygon'])), line).toMatchObject({
      service: { name: route.name },
    })
  }
})
