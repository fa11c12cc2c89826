import { CHAIN_IDS, NETWORKS, type Network, type ServiceName } from '../../../gen/networks.gen.js'
import { requestExamples } from '../../reference/data/request-examples.js'
import type { Check } from '../check.js'
import type { Operation } from '../contract.js'
import { expectContractAnswer, expectDocumentedError, Violation } from '../judge.js'
import { callOperation, neverForValidRequests } from './operation-checks.js'

/** A project id no implementation is likely to hold, standing for "another project" (ids cannot be probed: docs/auth.md). */
const otherProjectId = 2147483647

/** Every `chainId` number in a JSON value, with its JSON pointer. */
function chainIdsIn(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => chainIdsIn(item, `${path}/${i}`))
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) =>
    key === 'chainId' && typeof child === 'number' ? [[`${path}/${key}`, child]] : chainIdsIn(child, `${path}/${key}`),
  )
}

/** Requests that name a project other than the keys' own, per operation that takes a project id. */
const otherProjectRequests: Record<string, (example: any) => unknown> = {
  'Builder.GetAudience': (example) => ({ ...example, projectId: otherProjectId }),
  'Relayer.ListGasSponsors': (example) => ({ ...example, projectId: otherProjectId }),
  'Indexer.RemoveWebhookListener': (example) => ({ ...example, projectId: String(otherProjectId) }),
}

/** The checks of a service as a whole and of what needs more than one call: routes, networks, projects. */
export function serviceChecks(service: ServiceName, operations: readonly Operation[]): Check[] {
  const first = operations[0]!
  const checks: Check[] = [
    {
      id: 'route.unknown-method',
      service,
      operation: `${first.serviceName}.ConformNoSuchMethod`,
      title: 'a method the service has not → WebrpcBadRoute',
      async run(context) {
        const path = `/rpc/${first.serviceName}/ConformNoSuchMethod`
        const answer = await callOperation(context, { ...first, path }, { body: {} })
        expectDocumentedError(answer, `${first.serviceName}.ConformNoSuchMethod`, ['WebrpcBadRoute'])
      },
    },
  ]
  for (const operation of operations) {
    const example = requestExamples[operation.key]
    if (operation.networkScoped && !operation.needsSecretKey)
      checks.push({
        id: 'network.honoured',
        service,
        operation: operation.key,
        title: 'the network of the address selects the data: every chainId answered is that network’s',
        async run(context) {
          const other: Network = context.target.network === 'mainnet' ? 'polygon' : 'mainnet'
          for (const network of [context.target.network, other]) {
            const answer = await callOperation(context, operation, { body: example, network })
            const what = `${operation.key} on ${network}`
            expectContractAnswer(answer, operation, what, neverForValidRequests)
            const expected = NETWORKS.includes(network as Network) ? CHAIN_IDS[network as Network] : undefined
            for (const [pointer, chainId] of answer.status === 200 ? chainIdsIn(answer.json) : [])
              if (chainId !== expected)
                throw new Violation(`${what}: ${pointer} is ${chainId}, the chain id of ${network} is ${expected}`)
          }
        },
      })
    const otherProject = otherProjectRequests[operation.key]
    if (otherProject)
      checks.push({
        id: 'auth.other-project',
        service,
        operation: operation.key,
        title: 'a request for another project than the keys’ own → PermissionDenied',
        async run(context) {
          if (operation.needsSecretKey && !context.target.secretKey) return { skipped: 'needs --secret-key' }
          const answer = await callOperation(context, operation, { body: otherProject(example) })
          expectDocumentedError(answer, `${operation.key} for project ${otherProjectId}`, ['PermissionDenied'])
        },
      })
  }
  return checks
}
