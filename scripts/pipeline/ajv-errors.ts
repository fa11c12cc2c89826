/** What a generation step reports when ajv rejects a value: the first five errors, each at its JSON pointer. */
export function describeAjvErrors(
  errors: readonly { instancePath: string; message?: string; keyword: string }[] | null | undefined,
): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '/'}: ${error.message ?? error.keyword}`)
    .join('; ')
}
