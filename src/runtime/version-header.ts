/** The versions a peer stamps in its `Webrpc` header: `webrpc@<v>;<generator>@<v>;<schema>@<v>`. */
export interface WebrpcGenVersions {
  webrpcGenVersion: string
  codeGenName: string
  codeGenVersion: string
  schemaName: string
  schemaVersion: string
}

export const WebrpcHeader = 'Webrpc'

/** Reads the `Webrpc` header of a request or response; every field is '' when it is missing or malformed. */
export function VersionFromHeader(headers: Headers): WebrpcGenVersions {
  const parts = (headers.get(WebrpcHeader) ?? '').split(';')
  if (parts.length < 3)
    return { webrpcGenVersion: '', codeGenName: '', codeGenVersion: '', schemaName: '', schemaVersion: '' }
  const [, webrpcGenVersion] = parts[0]!.split('@')
  const [codeGenName, codeGenVersion] = parts[1]!.split('@')
  const [schemaName, schemaVersion] = parts[2]!.split('@')
  return {
    webrpcGenVersion: webrpcGenVersion ?? '',
    codeGenName: codeGenName ?? '',
    codeGenVersion: codeGenVersion ?? '',
    schemaName: schemaName ?? '',
    schemaVersion: schemaVersion ?? '',
  }
}
