/** The largest request body the server host takes by default (bytes); the conformance kit sends one over it. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024
