/** Values of the local server's settings, from the environment (npm start) or flags (the package bin). */
export function portFrom(name: string, value: string | undefined): number {
  if (value === undefined || value === '') return 8080
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be 0..65535, got ${value}`)
  return port
}

export function positiveIntegerFrom(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number <= 0) throw new Error(`${name} must be a positive integer, got ${value}`)
  return number
}
