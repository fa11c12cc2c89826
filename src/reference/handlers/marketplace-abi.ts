/**
 * The two buy functions of the marketplace's own on-chain contract (MarketplaceKind
 * "platform_marketplace_v2" in docs/resources.md, the public API's Sequence Marketplace v2), copied as data from `SequenceMarketplaceV2_ABI` in the public
 * @0xsequence/marketplace-sdk (sdk/src/utils/abi/marketplace/sequence-marketplace-v2.ts). The contract is
 * deployed at the same address on every network it supports (SequenceMarketV2 in the public deployment list).
 */
export const platformMarketplaceV2Address = '0xfdb42a198a932c8d3b506ffa5e855bc4b348a712'

export const platformMarketplaceV2Abi = [
  {
    type: 'function',
    name: 'acceptRequest',
    inputs: [
      { name: 'requestId', type: 'uint256', internalType: 'uint256' },
      { name: 'quantity', type: 'uint256', internalType: 'uint256' },
      { name: 'recipient', type: 'address', internalType: 'address' },
      { name: 'additionalFees', type: 'uint256[]', internalType: 'uint256[]' },
      { name: 'additionalFeeRecipients', type: 'address[]', internalType: 'address[]' },
    ],
    outputs: [],
    stateMutability: 'payable',
  },
  {
    type: 'function',
    name: 'acceptRequestBatch',
    inputs: [
      { name: 'requestIds', type: 'uint256[]', internalType: 'uint256[]' },
      { name: 'quantities', type: 'uint256[]', internalType: 'uint256[]' },
      { name: 'recipients', type: 'address[]', internalType: 'address[]' },
      { name: 'additionalFees', type: 'uint256[]', internalType: 'uint256[]' },
      { name: 'additionalFeeRecipients', type: 'address[]', internalType: 'address[]' },
    ],
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const
