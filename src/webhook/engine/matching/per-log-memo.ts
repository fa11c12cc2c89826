import type { Hex } from '../../../values/hex.js'
import { decodeEventArguments, type DecodedArguments } from './decode.js'
import type { ParsedEvent } from './event-signature.js'
import { logTokenIdBits } from './token-id-bits.js'

/**
 * What matching one log computes once for all the subscriptions it is compared with: the decoded log
 * by shape, and its token id bits by token argument positions. Reset per log; the arrays are reused,
 * so this allocates nothing per log.
 */
export class PerLogMemo {
  private readonly shapes: number[] = []
  private readonly decoded: (DecodedArguments | undefined)[] = []
  private decodedCount = 0
  private readonly bitsKeys: number[] = []
  private readonly bits: number[] = []
  private bitsCount = 0

  reset(): void {
    this.decodedCount = this.bitsCount = 0
  }

  /** The log decoded against `event`, which stands for every event of interned shape `shape`. */
  decodedFor(shape: number, event: ParsedEvent, topics: readonly Hex[], data: Hex): DecodedArguments | undefined {
    for (let i = 0; i < this.decodedCount; i++) if (this.shapes[i] === shape) return this.decoded[i]
    const decoded = decodeEventArguments(event, topics, data)
    this.shapes[this.decodedCount] = shape
    this.decoded[this.decodedCount++] = decoded
    return decoded
  }

  /** The token id bits of a decoded log (from decodedFor) at interned positions `tokenArgs`. */
  tokenIdBitsFor(decoded: DecodedArguments, tokenArgs: number, positions: readonly number[]): number {
    let shapeAt = 0
    while (this.decoded[shapeAt] !== decoded) shapeAt++
    const key = shapeAt * 0x10000 + tokenArgs
    for (let i = 0; i < this.bitsCount; i++) if (this.bitsKeys[i] === key) return this.bits[i]!
    const bits = logTokenIdBits(decoded.args, positions)
    this.bitsKeys[this.bitsCount] = key
    this.bits[this.bitsCount++] = bits
    return bits
  }
}
