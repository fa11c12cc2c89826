import { ContractType } from '../../gen/indexer.gen.js'

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const ERC1155_ONLY = new Set([
  '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62', // TransferSingle
  '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb', // TransferBatch
  '0x6bb7ff708619ba0610cba295a58592e0451dee2622938c8755667688daf3529b', // URI
])
/**
 * The token standard a log shows its contract to have, when the log is unambiguous (Transfer with or
 * without an indexed tokenId, the ERC-1155 events); undefined otherwise. Remembered per watched
 * contract, it settles logs that are the same in two standards (ApprovalForAll of ERC-721 and ERC-1155).
 */
export function standardShownBy(topics: readonly string[]): ContractType | undefined {
  const topic0 = topics[0]?.toLowerCase()
  if (topic0 === TRANSFER)
    return topics.length === 4 ? ContractType.ERC721 : topics.length === 3 ? ContractType.ERC20 : undefined
  return topic0 && ERC1155_ONLY.has(topic0) ? ContractType.ERC1155 : undefined
}
