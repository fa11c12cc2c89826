import { expect, test } from 'vitest'
import { standardShownBy } from '../../../../src/webhook/engine/matching/token-standards.js'
import { TOPIC, word } from '../../support/logs.js'

const topics = (topic0: string, count: number) => [topic0, ...Array.from({ length: count - 1 }, (_, i) => word(i))]

// The test's topic hashes are written out (support/logs.ts); the code derives them from docs/webhooks.md's signatures.
test.each([
  ['ERC-20 Transfer (3 topics)', topics(TOPIC.Transfer, 3), 'ERC20'],
  ['ERC-721 Transfer (4 topics)', topics(TOPIC.Transfer, 4), 'ERC721'],
  ['ERC-20 Approval (3 topics)', topics(TOPIC.Approval, 3), 'ERC20'],
  ['ERC-721 Approval (4 topics)', topics(TOPIC.Approval, 4), 'ERC721'],
  ['TransferSingle', topics(TOPIC.TransferSingle, 4), 'ERC1155'],
  ['TransferBatch', topics(TOPIC.TransferBatch, 4), 'ERC1155'],
  ['URI', topics(TOPIC.URI, 2), 'ERC1155'],
  ['TransferBatch in upper-case hex', topics(TOPIC.TransferBatch.toUpperCase().replace('0X', '0x'), 4), 'ERC1155'],
  ['ApprovalForAll: the same log in ERC-721 and ERC-1155', topics(TOPIC.ApprovalForAll, 3), undefined],
  ['Transfer with a topic count no standard emits', topics(TOPIC.Transfer, 2), undefined],
  ['TransferSingle with a topic count it never has', topics(TOPIC.TransferSingle, 3), undefined],
  ['an event of no token standard', topics(word(7n), 3), undefined],
  ['no topics', [], undefined],
])('%s', (_, logTopics, standard) => {
  expect(standardShownBy(logTopics)).toBe(standard)
})
