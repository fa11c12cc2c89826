import { FormApi } from '@tanstack/form-core'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { AddWebhookListenerArgs } from '../../../gen/indexer.gen.js'
import { isAddWebhookListenerRequest, type StandardSchemaV1 } from '../../../src/entries/validate.js'

const valid: AddWebhookListenerArgs = {
  url: 'https://example.com/hook',
  filters: {
    contractAddresses: ['0x4e10000000000000000000000000000000000721'],
    events: ['Transfer(address,address,uint256)'],
  },
}

/** A TanStack Form whose submit is checked by the contract's request validator, as its docs show for Zod. */
function listenerForm(defaultValues: AddWebhookListenerArgs) {
  const submitted: AddWebhookListenerArgs[] = []
  const form = new FormApi({
    defaultValues,
    validators: { onSubmit: isAddWebhookListenerRequest },
    onSubmit: ({ value }) => {
      submitted.push(value)
    },
  })
  form.mount()
  return { form, submitted }
}

describe('TanStack Form (@tanstack/form-core) takes a contract validator as its Standard Schema', () => {
  it('submits a valid value', async () => {
    const { form, submitted } = listenerForm(valid)
    await form.handleSubmit()
    expect(submitted).toEqual([valid])
    expect(form.state.errors).toEqual([])
  })

  it('refuses an invalid value, the issue on the field it names', async () => {
    const invalid = {
      ...valid,
      filters: { ...valid.filters, contractAddresses: ['0x4e1', valid.filters.contractAddresses[0]!] },
    }
    const { form, submitted } = listenerForm(invalid)
    await form.handleSubmit()
    expect(submitted).toEqual([])
    const field = form.getFieldMeta('filters.contractAddresses[0]')
    expect(field?.errors).toEqual([expect.objectContaining({ message: 'must match pattern "^0x[0-9a-fA-F]{40}$"' })])
    expect(form.getFieldMeta('filters.contractAddresses[1]')?.errors ?? []).toEqual([])
  })

  it('types the form’s values as the validator’s output, the request arguments', () => {
    const defaultValues: StandardSchemaV1.InferOutput<typeof isAddWebhookListenerRequest> = valid
    const form = new FormApi({ defaultValues, validators: { onChange: isAddWebhookListenerRequest } })
    expectTypeOf(form.state.values).toEqualTypeOf<AddWebhookListenerArgs>()
    expectTypeOf(form.getFieldValue('filters.contractAddresses')).toEqualTypeOf<string[]>()
  })
})
