/** A precompiled validator of a response body; `errors` explains its last failure. */
export type ResponseValidator = ((value: unknown) => boolean) & {
  readonly errors?: readonly { readonly instancePath: string; readonly message?: string }[] | null
}

export type ResponseValidators = Readonly<Record<string, ResponseValidator>>

/** Each service's validators by loader, loaded once, the first time a call asks for them. */
const loaded = new WeakMap<ResponseValidatorsLoader, Promise<{ readonly responseValidators: ResponseValidators }>>()

export type ResponseValidatorsLoader = () => Promise<{ readonly responseValidators: ResponseValidators }>

/**
 * How a response body breaks its method's JSON Schema, or undefined when it does not (or the service has no
 * validators). The client loads this module only when validateResponses is on.
 */
export async function responseProblem(
  load: ResponseValidatorsLoader | undefined,
  service: string,
  method: string,
  body: object,
): Promise<string | undefined> {
  if (!load) return undefined
  if (!loaded.has(load)) loaded.set(load, load())
  const validate = (await loaded.get(load)!).responseValidators[method]
  if (!validate || validate(body)) return undefined
  const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ')
  return `${service}.${method}: the response does not match its JSON Schema: ${problems}`
}
