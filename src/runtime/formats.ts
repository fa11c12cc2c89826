/**
 * The wire patterns of the string formats (`+ jsonschema.format` in schema/common.ridl). The JSON
 * Schema generator (scripts/emit/jsonschema/formats.ts) and the hand-written runtime both read them here, so
 * a schema and the code behind it cannot disagree on what an address or a decimal string is.
 */

/** 20 bytes as 0x-prefixed hex, either case (the EIP-55 checksum is checked where an address is parsed). */
export const addressPattern = '^0x[0-9a-fA-F]{40}$'
/** 32 bytes as 0x-prefixed hex: transaction and block hashes, event topics. */
export const hashPattern = '^0x[0-9a-fA-F]{64}$'
/** Whole bytes as 0x-prefixed hex. */
export const hexPattern = '^0x([0-9a-fA-F]{2})*$'
/** Base-10 unsigned integer string: raw amounts, quantities, token ids (the *Formatted fields carry display text). */
export const decimalPattern = '^[0-9]+$'
