import { ContractType } from '../../gen/indexer.gen.js'

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const ERC1155_ONLY = new Set([
  '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62', // TransferSingle
  '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb', // TransferBatch
  '0x6bb7ff708619ba0610cba295a58592e0451dee2622938c8755667688daf3529b', // URI
])
const MAX_REMEMBERED = 100_000

/**
 * The token standard of contracts, learnt from the unambiguous logs they emitted (Transfer with or
 * without an indexed tokenId, the ERC-1155 events). It settles logs that are the same in two
 * standards (ApprovalForAll of ERC-721 and ERC-1155).
 */
export class ContractKinds {
  private readonly kinds = new Map<string, ContractType>()

  observe(chainId: number, contract: string, topics: readonly string[]): void {
    const topic0 = topics[0]?.toLowerCase()
    const kind =
      topic0 === TRANSFER
        ? topics.length === 4
          ? ContractType.ERC721
          : topics.length === 3
            ? ContractType.ERC20
            : undefined
        : topic0 && ERC1155_ONLY.has(topic0)
          ? ContractType.ERC1155
          : undefined
    if (!kind) return
    const key = `${chainId}|${contract.toLowerCase()}`
    if (this.kinds.get(key) === kind) return
    if (this.kinds.size >= MAX_REMEMBERED) this.kinds.delete(this.kinds.keys().next().value!)
    this.kinds.set(key, kind)
  }

  kindOf(chainId: number, contract: string): ContractType | undefined {
    return this.kinds.get(`${chainId}|${contract.toLowerCase()}`)
  }
}
