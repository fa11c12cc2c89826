/**
 * The runtime every generated file shares (gen/ imports nothing else): plain TypeScript on the
 * fetch API, no dependencies, no node:* modules. Generated files hold only what differs per schema.
 */
export * from './client.js'
export * from './credentials.js'
export * from './dispatch.js'
export * from './errors.js'
export * from './routing.js'
export * from './version-header.js'
