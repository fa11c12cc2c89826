import { ContractType } from '../../../../gen/indexer.gen.js'
import { ContractField, type ContractTable } from './contract-table.js'

const STANDARDS = Object.values(ContractType)
const CODES = new Map(STANDARDS.map((standard, code) => [standard, code]))

/** Chain number and standard code packed in the contract's Standard field: chain * CODE_RANGE + code. */
const CODE_RANGE = 32

/**
 * The token standard each watched contract's logs showed, by chain (see standardShownBy): in the
 * contract's record for its first chain (the usual case: one chain per address), in a map for others.
 * Forgotten with the contract.
 */
export class LearnedStandards {
  /** `${contract}@${chain number}` → standard, for contracts seen on a second chain. */
  private readonly otherChains = new Map<string, ContractType>()

  constructor(private readonly contracts: ContractTable) {}

  learn(contract: number, chain: number, standard: ContractType): void {
    const packed = this.contracts.field(contract, ContractField.Standard)
    if (packed === 0 || Math.floor(packed / CODE_RANGE) === chain)
      this.contracts.setField(contract, ContractField.Standard, chain * CODE_RANGE + CODES.get(standard)!)
    else this.otherChains.set(`${contract}@${chain}`, standard)
  }

  known(contract: number, chain: number): ContractType | undefined {
    const packed = this.contracts.field(contract, ContractField.Standard)
    if (packed === 0) return undefined
    if (Math.floor(packed / CODE_RANGE) === chain) return STANDARDS[packed % CODE_RANGE]
    return this.otherChains.size === 0 ? undefined : this.otherChains.get(`${contract}@${chain}`)
  }

  /** The contract is no longer watched (its record is reused). */
  forget(contract: number): void {
    this.contracts.setField(contract, ContractField.Standard, 0)
    if (this.otherChains.size === 0) return
    const prefix = `${contract}@`
    for (const key of this.otherChains.keys()) if (key.startsWith(prefix)) this.otherChains.delete(key)
  }
}
