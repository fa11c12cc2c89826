import { encodeFunctionData, erc20Abi } from 'viem'
import type { Address } from '../../values/hex.js'
import type { Step } from '../../../gen/marketplace.gen.js'
import { nativeCurrency } from '../data/native-currency.js'
import { platformMarketplaceV2Abi, platformMarketplaceV2Address } from './marketplace-abi.js'

export interface BuyLine {
  /** On-chain request id of the listing (its orderId). */
  requestId: bigint
  quantity: bigint
  pricePerToken: bigint
}

export interface BuyPlan {
  buyer: Address
  currency: Address
  lines: BuyLine[]
  fees: { amount: bigint; receiver: Address }[]
}

/** What the buyer pays in total: every line's price times quantity, plus the additional fees. */
export function totalPrice(plan: BuyPlan): bigint {
  const lines = plan.lines.reduce((sum, line) => sum + line.pricePerToken * line.quantity, 0n)
  return lines + plan.fees.reduce((sum, fee) => sum + fee.amount, 0n)
}

function buyCalldata(plan: BuyPlan): `0x${string}` {
  const fees = plan.fees.map((fee) => fee.amount)
  const receivers = plan.fees.map((fee) => fee.receiver)
  const [single] = plan.lines
  if (plan.lines.length === 1 && single) {
    return encodeFunctionData({
      abi: platformMarketplaceV2Abi,
      functionName: 'acceptRequest',
      args: [single.requestId, single.quantity, plan.buyer, fees, receivers],
    })
  }
  return encodeFunctionData({
    abi: platformMarketplaceV2Abi,
    functionName: 'acceptRequestBatch',
    args: [
      plan.lines.map((l) => l.requestId),
      plan.lines.map((l) => l.quantity),
      plan.lines.map(() => plan.buyer),
      fees,
      receivers,
    ],
  })
}

/** The ordered steps of a purchase: an ERC-20 approval of the total when paying in a token, then the buy call. */
export function buySteps(plan: BuyPlan): Step[] {
  const total = totalPrice(plan)
  const native = plan.currency.toLowerCase() === nativeCurrency
  const steps: Step[] = []
  if (!native) {
    steps.push({
      id: 'tokenApproval' as Step['id'],
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [platformMarketplaceV2Address, total] }),
      to: plan.currency.toLowerCase(),
      value: '0',
      price: '0',
    })
  }
  steps.push({
    id: 'buy' as Step['id'],
    data: buyCalldata(plan),
    to: platformMarketplaceV2Address,
    value: native ? total.toString() : '0',
    price: total.toString(),
    executeType: 'order' as Step['executeType'],
  })
  return steps
}
