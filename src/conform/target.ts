import { localUrls } from '../client/local-urls.js'
import { SERVICE_ROUTES, type ServiceName } from '../../gen/networks.gen.js'

/** The implementation under test: where each service answers, and the keys to call it with. */
export interface ConformTarget {
  /** Address template per service; `{network}` where the service's address carries the network. */
  urls: Readonly<Record<ServiceName, string>>
  /** The network the calls use (the one the implementation serves data on). */
  network: string
  accessKey: string
  /** The secret API key (a JWT) of the access key's project, for the webhook operations. */
  secretKey?: string
}

/** A target that serves all five services under one origin, as the local contract server does. */
export function targetAt(
  baseUrl: string,
  keys: { network?: string; accessKey: string; secretKey?: string },
): ConformTarget {
  return { urls: localUrls(baseUrl), network: keys.network ?? 'polygon', ...keys }
}

/** The URL of `POST /rpc/<Service>/<Method>` on a network (any string: the checks also call networks that do not exist). */
export function operationUrl(
  target: ConformTarget,
  service: ServiceName,
  path: string,
  network = target.network,
): string {
  const template = target.urls[service]
  const base = SERVICE_ROUTES[service].shape === 'fixed' ? template : template.replaceAll('{network}', network)
  return `${base.replace(/\/+$/, '')}${path}`
}
