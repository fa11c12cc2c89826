module web3-market-contract/test/jsonschema/cross

go 1.24

require github.com/santhosh-tekuri/jsonschema/v6 v6.0.3

require golang.org/x/text v0.14.0 // indirect
