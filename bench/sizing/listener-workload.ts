import { createHash } from 'node:crypto'
import { encodeAbiParameters, getAddress, pad, toHex, type Hex } from 'viem'
import { parseEventSignature, type InjectedLog } from '../../src/webhook/index.js'

// Listeners as many tenants register them on one chain, made from their index alone (the same index gives the
// same filters in every process): half watch one ERC-721 contract's transfers, 30% one ERC-1155 contract's
// single and batch transfers, 10% ERC-20 transfers of one to three contracts (half of them of one account),
// 10% an ERC-721 contract's transfers and approvals. A third of the ERC-721 and ERC-1155 listeners name one
// to three token ids. One listener in 20 watches one of 100 popular contracts; the others one of a pool of a
// fifth as many contracts as listeners, so contracts are shared as tenants share them.

const SIGNATURES = {
  erc721Transfer: 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  erc20Transfer: 'Transfer(address indexed from, address indexed to, uint256 value)',
  transferSingle:
    'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  transferBatch:
    'TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  approvalForAll: 'ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
} as const
type Kind = keyof typeof SIGNATURES
const topic = Object.fromEntries(
  Object.entries(SIGNATURES).map(([kind, signature]) => [kind, parseEventSignature(signature).topicHash as Hex]),
) as Record<Kind, Hex>

/** Filters as the engine stores them (checksummed addresses, signatures in their normal form, ids as decimals). */
export interface StoredFilters {
  contractAddresses: string[]
  events: string[]
  tokenIDs?: string[]
  accounts?: string[]
}

/** A 32-bit hash of an index and a salt: the workload's only source of variety, the same in every process. */
function mix(index: number, salt: number): number {
  let h = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35)
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d)
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b)
  return (h ^ (h >>> 16)) >>> 0
}

const addresses = new Map<string, string>()
function address(kind: 'contract' | 'account', n: number): string {
  const key = `${kind} ${n}`
  let found = addresses.get(key)
  if (!found) {
    found = getAddress(`0x${createHash('sha256').update(key).digest('hex').slice(0, 40)}`)
    addresses.set(key, found)
  }
  return found
}

export class ListenerWorkload {
  private readonly contractPool: number

  constructor(readonly listeners: number) {
    this.contractPool = Math.max(1, Math.floor(listeners / 5))
  }

  private kind(i: number): 'erc721' | 'erc1155' | 'erc20' | 'erc721Approvals' {
    const slot = i % 10
    return slot < 5 ? 'erc721' : slot < 8 ? 'erc1155' : slot === 8 ? 'erc20' : 'erc721Approvals'
  }

  private contract(i: number, n: number): string {
    const popular = i % 20 === 0 && n === 0
    return address('contract', popular ? mix(i, 1) % 100 : 100 + ((mix(i, 2) + n) % this.contractPool))
  }

  /** Listener `i`'s filters. */
  filters(i: number): StoredFilters {
    const kind = this.kind(i)
    const contracts = kind === 'erc20' ? Math.min(1 + (mix(i, 10) % 3), this.contractPool) : 1
    const filters: StoredFilters = {
      contractAddresses: Array.from({ length: contracts }, (_, n) => this.contract(i, n)),
      events:
        kind === 'erc721'
          ? [SIGNATURES.erc721Transfer]
          : kind === 'erc1155'
            ? [SIGNATURES.transferSingle, SIGNATURES.transferBatch]
            : kind === 'erc20'
              ? [SIGNATURES.erc20Transfer]
              : [SIGNATURES.erc721Transfer, SIGNATURES.approvalForAll],
    }
    if ((kind === 'erc721' || kind === 'erc1155') && mix(i, 20) % 3 === 0)
      filters.tokenIDs = Array.from({ length: 1 + (mix(i, 21) % 3) }, (_, n) => String(mix(i, 22 + n) % 10_000))
    if (kind === 'erc20' && mix(i, 30) % 2 === 0) filters.accounts = [address('account', mix(i, 31) % 100_000)]
    return filters
  }

  /**
   * Log `n` of the matching workload: even ones on a contract no listener watches, odd ones an event of a
   * listener's contract (a listener picked by a hash), its token id one the listener names half of the time.
   */
  log(n: number): InjectedLog {
    const holder = pad(address('account', mix(n, 40) % 100_000) as Hex)
    if (n % 2 === 0) return erc721Transfer(address('contract', 1_000_000_000 + n), holder, BigInt(mix(n, 41)))
    const i = mix(n, 42) % this.listeners
    const filters = this.filters(i)
    const contract = filters.contractAddresses[0]!
    const named = filters.tokenIDs && mix(n, 43) % 2 === 0 ? BigInt(filters.tokenIDs[0]!) : undefined
    const id = named ?? BigInt(mix(n, 44) % 10_000)
    switch (this.kind(i)) {
      case 'erc20':
        return {
          address: contract,
          topics: [topic.erc20Transfer, holder, holder],
          data: encodeAbiParameters([{ type: 'uint256' }], [id]),
        }
      case 'erc1155':
        return {
          address: contract,
          topics: [topic.transferSingle, holder, holder, holder],
          data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [id, 1n]),
        }
      default:
        return erc721Transfer(contract, holder, id)
    }
  }
}

function erc721Transfer(contract: string, holder: Hex, id: bigint): InjectedLog {
  return { address: contract, topics: [topic.erc721Transfer, holder, holder, pad(toHex(id))], data: '0x' }
}
