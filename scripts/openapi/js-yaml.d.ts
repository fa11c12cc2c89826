// js-yaml ships no types; this is the one function the OpenAPI pass uses.
declare module 'js-yaml' {
  export function load(text: string): unknown
}
