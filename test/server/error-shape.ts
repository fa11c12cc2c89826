import { expect } from 'vitest'
import { expectDocumentedError as judgeDocumentedError } from '../../src/conform/judge.js'
import type { RawResponse } from '../local/support.js'

/**
 * Asserts the response is exactly docs/errors.md's error `name` (the conformance kit's judgement: its
 * HTTP status, a JSON body of only error/code/msg/cause?/status with that row's values), with no stack.
 */
export function expectDocumentedError(response: RawResponse, name: string): { cause?: string } {
  const answer = {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: response.text,
    json: response.json,
  }
  judgeDocumentedError(answer, 'the answer', [name])
  expect(response.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/)
  return response.json as { cause?: string }
}
