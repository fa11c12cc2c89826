/**
 * SQL: a listener can still receive deliveries (neither removed nor disabled), its columns read through `alias`
 * when given. The one statement of the rule every query of active listeners uses.
 */
export const listenerIsActive = (alias?: string) => {
  const column = (name: string) => (alias ? `${alias}.${name}` : name)
  return `${column('active')} and ${column('removed_at')} is null`
}
