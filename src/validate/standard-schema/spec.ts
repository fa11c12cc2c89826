/**
 * The Standard Schema interfaces (spec 1.1: Standard Typed, Standard Schema, Standard JSON Schema), copied
 * from `@standard-schema/spec` 1.1.0 (MIT) as the spec invites, so the package's declarations need no install.
 * Libraries that take a Standard Schema (TanStack Form, tRPC, Hono's validator, …) check its shape, not its origin.
 */

/** The Standard Typed interface: the base of the two specs below. */
export interface StandardTypedV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardTypedV1.Props<Input, Output>
}

export declare namespace StandardTypedV1 {
  interface Props<Input = unknown, Output = Input> {
    /** The version number of the standard. */
    readonly version: 1
    /** The vendor name of the schema library. */
    readonly vendor: string
    /** Inferred types associated with the schema (types only: undefined at run time). */
    readonly types?: Types<Input, Output> | undefined
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input
    readonly output: Output
  }
  type InferInput<Schema extends StandardTypedV1> = NonNullable<Schema['~standard']['types']>['input']
  type InferOutput<Schema extends StandardTypedV1> = NonNullable<Schema['~standard']['types']>['output']
}

/** The Standard Schema interface: a validator any library of the ecosystem can run. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>
}

export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> extends StandardTypedV1.Props<Input, Output> {
    /** Validates unknown input values. */
    readonly validate: (
      value: unknown,
      options?: StandardSchemaV1.Options | undefined,
    ) => Result<Output> | Promise<Result<Output>>
  }
  type Result<Output> = SuccessResult<Output> | FailureResult
  interface SuccessResult<Output> {
    readonly value: Output
    readonly issues?: undefined
  }
  interface Options {
    readonly libraryOptions?: Record<string, unknown> | undefined
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>
  }
  interface Issue {
    readonly message: string
    /** Property keys and array indexes from the value's root to the offending value. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined
  }
  interface PathSegment {
    readonly key: PropertyKey
  }
  interface Types<Input = unknown, Output = Input> extends StandardTypedV1.Types<Input, Output> {}
  type InferInput<Schema extends StandardTypedV1> = StandardTypedV1.InferInput<Schema>
  type InferOutput<Schema extends StandardTypedV1> = StandardTypedV1.InferOutput<Schema>
}

/** The Standard JSON Schema interface: a schema that hands out the JSON Schema of its input and output. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardJSONSchemaV1.Props<Input, Output>
}

export declare namespace StandardJSONSchemaV1 {
  interface Props<Input = unknown, Output = Input> extends StandardTypedV1.Props<Input, Output> {
    readonly jsonSchema: StandardJSONSchemaV1.Converter
  }
  interface Converter {
    /** The JSON Schema of the input; throws for a target it does not support. */
    readonly input: (options: StandardJSONSchemaV1.Options) => Record<string, unknown>
    /** The JSON Schema of the output; throws for a target it does not support. */
    readonly output: (options: StandardJSONSchemaV1.Options) => Record<string, unknown>
  }
  /** Any string; `{} & string` keeps the editor completing the named ones. */
  type Target = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string)
  interface Options {
    readonly target: Target
    readonly libraryOptions?: Record<string, unknown> | undefined
  }
  interface Types<Input = unknown, Output = Input> extends StandardTypedV1.Types<Input, Output> {}
  type InferInput<Schema extends StandardTypedV1> = StandardTypedV1.InferInput<Schema>
  type InferOutput<Schema extends StandardTypedV1> = StandardTypedV1.InferOutput<Schema>
}
