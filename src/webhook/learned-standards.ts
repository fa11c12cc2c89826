import { ContractType } from '../../gen/indexer.gen.js'
import { ContractField, type ContractTable } from './contract-table.js'

const STANDARDS = Object.values(ContractType)
const CODES = new Map(STANDARDS.map((standard, code) => [standard, code]))

/**
 * The token standard each watched contract's logs showed, by chain (see standardShownBy): in the
 * contract's slot for its first chain (the usual case: one chain per address), in a map for others.
 * Forgotten with the contract.
 */
export class LearnedStandards {
  /** `${lower-case address}@${chain number}` → standard, for contracts seen on a second chain. */
  private readonly otherChains = new Map<string, ContractType>()

  constructor(private readonly contracts: ContractTable) {}

  learn(slot: number, chain: number, address: string, standard: ContractType): void {
    const first = this.contracts.field(slot, ContractField.StandardChain)
    if (first === 0 || first === chain) {
      this.contracts.setField(slot, ContractField.StandardChain, chain)
      this.contracts.setField(slot, ContractField.Standard, CODES.get(standard)!)
    } else this.otherChains.set(`${address.toLowerCase()}@${chain}`, standard)
  }

  known(slot: number, chain: number, address: string): ContractType | undefined {
    const first = this.contracts.field(slot, ContractField.StandardChain)
    if (first === chain) return STANDARDS[this.contracts.field(slot, ContractField.Standard)]
    return first === 0 || this.otherChains.size === 0
      ? undefined
      : this.otherChains.get(`${address.toLowerCase()}@${chain}`)
  }

  /** The contract is no longer watched (its slot is cleared with it). */
  forget(address: string): void {
    if (this.otherChains.size === 0) return
    const prefix = `${address.toLowerCase()}@`
    for (const key of this.otherChains.keys()) if (key.startsWith(prefix)) this.otherChains.delete(key)
  }
}
