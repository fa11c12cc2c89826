import { posix } from 'node:path'

/**
 * Where every schema lives. `$id`s are identifiers, not locations: the reserved `.invalid` host makes
 * sure no tool tries to download them; every file carries what it references (see bundle.ts).
 */
export const schemaBaseUri = 'https://web3-market-contract.invalid/schemas/'

/** A schema resource by its path under gen/schemas, e.g. `marketplace/Order.json`. */
export function schemaId(path: string): string {
  return schemaBaseUri + path
}

export const typePath = (stem: string, name: string) => `${stem}/${name}.json`
export const strictTypePath = (stem: string, name: string) => `${stem}/strict/${name}.json`
export const requestPath = (stem: string, method: string) => `${stem}/${method}Request.json`
export const responsePath = (stem: string, method: string) => `${stem}/${method}Response.json`
export const bundlePath = (stem: string) => `bundles/${stem}.json`
export const errorPayloadPath = 'WebrpcErrorPayload.json'

/** `$ref` from one resource to another, relative so a folder of files can be hosted anywhere. */
export function relativeRef(fromPath: string, toPath: string): string {
  return posix.relative(posix.dirname(fromPath), toPath)
}
