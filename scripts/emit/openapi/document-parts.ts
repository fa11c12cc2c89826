import type { WebrpcIR } from '../../pipeline/ir.js'

const accessKey = {
  type: 'apiKey',
  in: 'header',
  name: 'X-Access-Key',
  description: 'Public project access key (docs/auth.md).',
}
const secretKey = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description: 'Secret API key of a project (docs/auth.md).',
}

/** The security schemes of a service: the access key, and the bearer secret key where a method needs it. */
export function securitySchemesOf(withSecretKey: boolean): Record<string, unknown> {
  return withSecretKey ? { AccessKey: accessKey, SecretKey: secretKey } : { AccessKey: accessKey }
}

/** The `info` object of both versions' documents of a service. */
export function documentInfo(ir: WebrpcIR, stem: string): Record<string, unknown> {
  const service = ir.services[0]!
  return {
    title: `${service.name} API`,
    version: ir.version.replace(/^v/, ''),
    description: `Generated from schema/${stem}.ridl by scripts/emit/openapi. DO NOT EDIT.`,
    license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
    contact: { name: 'web3-market-contract maintainers' },
  }
}
