/** A token id as the SQL store's numeric column compares it ("007" is token 7). */
export function tokenKey(tokenId: string): string {
  try {
    return BigInt(tokenId).toString()
  } catch {
    return tokenId
  }
}
