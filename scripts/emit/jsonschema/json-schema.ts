/** A JSON Schema (draft 2020-12) object as the emitter builds it: plain JSON. */
export type JsonSchema = { [keyword: string]: unknown }

export const draft2020 = 'https://json-schema.org/draft/2020-12/schema'
