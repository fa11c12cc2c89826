module git.web3-market-contract.invalid/web3-market-contract/go/examples

go 1.24

require (
	git.web3-market-contract.invalid/web3-market-contract/go v0.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/standard-webhooks/standard-webhooks/libraries v0.0.1
)

require golang.org/x/text v0.14.0 // indirect

// The examples build against the module beside them; a Go team's own module names a published version instead.
replace git.web3-market-contract.invalid/web3-market-contract/go => ../
