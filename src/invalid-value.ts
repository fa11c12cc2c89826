/**
 * A value domain code cannot read: `where` names it (a field path), `problem` says why. Domain code
 * throws it; the boundary that called it maps it to its own error (InvalidArgument for a request).
 */
export class InvalidValueError<Problem extends string = string> extends Error {
  constructor(
    readonly where: string,
    readonly problem: Problem,
  ) {
    super(`${where}: ${problem}`)
    this.name = 'InvalidValueError'
  }
}
