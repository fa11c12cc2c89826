/**
 * How the generated validators test a schema's `pattern`: ajv's `code.regExp`, which scripts/emit/jsonschema/ajv.ts
 * hands to ajv at generation and the standalone validators of gen/validators import.
 */
export interface PatternTest {
  test(text: string): boolean
}

/**
 * `^`, a literal of letters and digits, one set of letters, digits and ranges of them, an exact count, `$`: the
 * shape of an address (`^0x[0-9a-fA-F]{40}$`) or a hash. Nothing in it means another thing with the `u` flag.
 */
const literalThenCountedSet = /^\^([0-9A-Za-z]*)(\[(?:[0-9A-Za-z](?:-[0-9A-Za-z])?)+\])\{([1-9][0-9]{0,3})\}\$$/

/**
 * A pattern of that shape tested as a length and the set repeated freely: V8 runs a counted repetition such as
 * `{40}` at about half the speed of `*` over the same characters. Each character the set admits is one UTF-16
 * code unit, so a text of the literal's length plus the count that matches `^literal[set]*$` is exactly a text
 * that matches the pattern; `$` without the `m` flag matches only at the end of the text.
 */
class FixedLengthPattern implements PatternTest {
  readonly #shown: string
  readonly #length: number
  readonly #open: RegExp

  constructor(shown: string, length: number, open: RegExp) {
    this.#shown = shown
    this.#length = length
    this.#open = open
  }

  test(text: string): boolean {
    return text.length === this.#length && this.#open.test(text)
  }

  /** ajv shares one test per pattern, keyed by this text, as it would key a RegExp. */
  toString(): string {
    return this.#shown
  }
}

/** The test of `source` under `flags` (`u` or none, as ajv passes them): a RegExp unless a faster one is exact. */
export function compilePattern(source: string, flags: string): PatternTest {
  const shape = flags === 'u' || flags === '' ? literalThenCountedSet.exec(source) : null
  if (!shape) return new RegExp(source, flags)
  const [, literal, set, count] = shape as unknown as [string, string, string, string]
  return new FixedLengthPattern(
    String(new RegExp(source, flags)),
    literal.length + Number(count),
    new RegExp(`^${literal}${set}*$`, flags),
  )
}
