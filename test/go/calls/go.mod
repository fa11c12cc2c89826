module web3-market-contract/test/go/calls

go 1.24

require git.web3-market-contract.invalid/web3-market-contract/go v0.0.0

replace git.web3-market-contract.invalid/web3-market-contract/go => ../../../go
