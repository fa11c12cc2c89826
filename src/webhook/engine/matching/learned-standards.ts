import { ContractType } from '../../../../gen/indexer.gen.js'
import { TokenContractField, type TokenContractTable } from './token-contract-table.js'

const STANDARDS = Object.values(ContractType)
const CODES = new Map(STANDARDS.map((standard, code) => [standard, code]))

/** Chain number and standard code packed in the token contract's Standard field: chain * CODE_RANGE + code. */
const CODE_RANGE = 32

/**
 * The token standard each watched token contract's logs showed, by chain (see standardShownBy): in the
 * token contract's record for its first chain (the usual case: one chain per address), in a map for others.
 * Forgotten with the token contract.
 */
export class LearnedStandards {
  /** `${token contract record}@${chain number}` → standard, for token contracts seen on a second chain. */
  private readonly otherChains = new Map<string, ContractType>()

  constructor(private readonly tokenContracts: TokenContractTable) {}

  learn(tokenContract: number, chain: number, standard: ContractType): void {
    const packed = this.tokenContracts.field(tokenContract, TokenContractField.Standard)
    if (packed === 0 || Math.floor(packed / CODE_RANGE) === chain)
      this.tokenContracts.setField(
        tokenContract,
        TokenContractField.Standard,
        chain * CODE_RANGE + CODES.get(standard)!,
      )
    else this.otherChains.set(`${tokenContract}@${chain}`, standard)
  }

  known(tokenContract: number, chain: number): ContractType | undefined {
    const packed = this.tokenContracts.field(tokenContract, TokenContractField.Standard)
    if (packed === 0) return undefined
    if (Math.floor(packed / CODE_RANGE) === chain) return STANDARDS[packed % CODE_RANGE]
    return this.otherChains.size === 0 ? undefined : this.otherChains.get(`${tokenContract}@${chain}`)
  }

  /** The token contract is no longer watched (its record is reused). */
  forget(tokenContract: number): void {
    this.tokenContracts.setField(tokenContract, TokenContractField.Standard, 0)
    if (this.otherChains.size === 0) return
    const prefix = `${tokenContract}@`
    for (const key of this.otherChains.keys()) if (key.startsWith(prefix)) this.otherChains.delete(key)
  }
}
