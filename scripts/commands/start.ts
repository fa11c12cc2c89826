/**
 * `npm start`: the local contract server of this checkout's sources (src/local/main.ts). scripts/launch.mjs
 * bundles it once and again only when a source changes, so a start loads no TypeScript loader.
 */
export { main } from '../../src/local/main.js'
