module git.web3-market-contract.invalid/web3-market-contract/go/examples

go 1.24

require (
	git.web3-market-contract.invalid/web3-market-contract/go v0.0.0
	github.com/standard-webhooks/standard-webhooks/libraries v0.0.1
)

// The examples build against the module beside them; a Go team's own module names a published version instead.
replace git.web3-market-contract.invalid/web3-market-contract/go => ../
