export {
  authenticate,
  jwtSecretKeyVerifier,
  projectClaim,
  type AuthRequirement,
  type AuthVerifiers,
  type Caller,
} from './auth.js'
export { fetchHandler } from './fetch.js'
export {
  createHost,
  DEFAULT_BODY_LIMIT,
  DEFAULT_TIMEOUT_MS,
  type CallContext,
  type Host,
  type HostOptions,
  type ServiceMount,
} from './host.js'
export { listen, nodeListener, type ListenOptions, type RunningServer } from './node.js'
export { resolveRoute, type NetworkPlacement } from './routes.js'
export { platformServices, type PlatformHandlers } from './services.js'
export { validationError, type RequestValidator, type ValidationIssue, type ValidationResult } from './validation.js'
export type { HostRequest, HostResponse } from './wire.js'
