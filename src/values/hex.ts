/**
 * Hex strings as viem types them (structurally the same), declared here so that the package's
 * published declarations never load viem's, which need the DOM library.
 */
export type Hex = `0x${string}`
export type Address = Hex
