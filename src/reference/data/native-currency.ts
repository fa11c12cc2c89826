/** The currency address that stands for the chain's native coin (ETH, POL, …) in orders and buy steps. */
export const nativeCurrency = '0x0000000000000000000000000000000000000000'
