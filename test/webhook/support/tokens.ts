import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import compiled from '../contracts/compiled.json' with { type: 'json' }
import { DEV_PRIVATE_KEY, type EvmNode } from './evm-node.js'

type ContractName = keyof typeof compiled.contracts

export interface TokenChain {
  account: Address
  erc20: Address
  erc721: Address
  erc1155: Address
  /** Sends a transaction to one of the contracts and waits for its receipt. */
  send(
    name: ContractName,
    address: Address,
    functionName: string,
    args: unknown[],
  ): Promise<{ blockNumber: bigint; transactionHash: Hex }>
  /** Signs a contract call without sending it, so the same transaction can be sent again after a reorg. */
  sign(name: ContractName, address: Address, functionName: string, args: unknown[]): Promise<Hex>
  /** Sends a signed transaction and waits for its receipt. */
  sendRaw(signed: Hex): Promise<{ blockNumber: bigint; blockHash: Hex; transactionHash: Hex }>
  /** JSON-RPC passthrough (evm_snapshot, evm_revert, evm_mine, ...). */
  rpc(method: string, params?: unknown[]): Promise<unknown>
}

/** Deploys TestERC20, TestERC721 and TestERC1155 from their committed bytecode. */
export async function deployTokens(node: EvmNode): Promise<TokenChain> {
  const account = privateKeyToAccount(DEV_PRIVATE_KEY)
  const chain = {
    id: node.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  }
  const transport = http(node.url, { retryCount: 0 })
  const wallet = createWalletClient({ account, chain, transport })
  const reader = createPublicClient({ chain, transport, pollingInterval: 50 })
  const deploy = async (name: ContractName) => {
    const { abi, bytecode } = compiled.contracts[name]
    const hash = await wallet.deployContract({ abi: abi as Abi, bytecode: bytecode as Hex })
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    return receipt.contractAddress!
  }
  return {
    account: account.address,
    erc20: await deploy('TestERC20'),
    erc721: await deploy('TestERC721'),
    erc1155: await deploy('TestERC1155'),
    async send(name, address, functionName, args) {
      const hash = await wallet.writeContract({ address, abi: compiled.contracts[name].abi as Abi, functionName, args })
      const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      if (receipt.status !== 'success') throw new Error(`${name}.${functionName} reverted`)
      return { blockNumber: receipt.blockNumber, transactionHash: hash }
    },
    async sign(name, address, functionName, args) {
      const request = await wallet.prepareTransactionRequest({
        to: address,
        data: encodeFunctionData({ abi: compiled.contracts[name].abi as Abi, functionName, args }),
      })
      return wallet.signTransaction(request as never)
    },
    async sendRaw(signed) {
      const hash = await wallet.sendRawTransaction({ serializedTransaction: signed })
      const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      return { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, transactionHash: hash }
    },
    rpc: (method, params = []) => reader.request({ method: method as never, params: params as never }),
  }
}
