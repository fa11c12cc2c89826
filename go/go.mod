module git.web3-market-contract.invalid/web3-market-contract/go

go 1.24
