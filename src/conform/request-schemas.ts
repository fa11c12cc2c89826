import { createRequire } from 'node:module'
import type { ServiceName } from '../../gen/networks.gen.js'
import type { Located, RefFollower } from './arbitrary.js'

type Bundle = { $id: string; $defs: Record<string, Record<string, any>> }

// The package's own export (web3-market-contract/schemas/*) finds gen/schemas from src/ and from dist/src alike.
const load = createRequire(import.meta.url)
const bundles = new Map<ServiceName, Bundle>()

function bundleOf(service: ServiceName): Bundle {
  let bundle = bundles.get(service)
  if (!bundle) {
    bundle = load(`web3-market-contract/schemas/bundles/${service}.json`) as Bundle
    bundles.set(service, bundle)
  }
  return bundle
}

/** `$ref`s inside one service bundle (`#/$defs/Page`) resolved to the definition they name. */
function followerOf(bundle: Bundle): RefFollower {
  return {
    follow(node: Located): Located {
      const key = typeof node.schema.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(node.schema.$ref)?.[1] : undefined
      if (key === undefined) return node
      const schema = bundle.$defs[key]
      if (!schema) throw new Error(`${bundle.$id}: no $defs/${key}`)
      return { schema, base: bundle.$id }
    },
  }
}

/** The request schema of an operation (from gen/schemas/bundles) and the follower of its `$ref`s. */
export function requestSchemaOf(service: ServiceName, method: string): { node: Located; resolver: RefFollower } {
  const bundle = bundleOf(service)
  const schema = bundle.$defs[`${method}Request`]
  if (!schema) throw new Error(`no request schema for ${service} ${method}`)
  return { node: { schema, base: bundle.$id }, resolver: followerOf(bundle) }
}
