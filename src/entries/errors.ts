/**
 * The error classes every client rejects with, one per row of docs/errors.md (`UnauthorizedError`,
 * `WebrpcRequestFailedError`, …), their base `WebrpcError` and the decoding of error bodies.
 */
export * from '../../gen/errors.gen.js'
