package contract

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"git.web3-market-contract.invalid/web3-market-contract/go/builder"
	"git.web3-market-contract.invalid/web3-market-contract/go/indexer"
	"git.web3-market-contract.invalid/web3-market-contract/go/marketplace"
	"git.web3-market-contract.invalid/web3-market-contract/go/metadata"
	"git.web3-market-contract.invalid/web3-market-contract/go/relayer"
)

// Options are the keys, the HTTP client and the addresses the five clients share.
type Options struct {
	// AccessKey is the public project access key, sent as X-Access-Key on every call.
	AccessKey string
	// SecretKey (a JWT of a service account) is sent as Authorization: BEARER <SecretKey> on the calls that need
	// it only (the Indexer's webhook calls). Server-side only.
	SecretKey string
	// HTTPClient sends the calls (its Timeout, Jar and CheckRedirect are kept; its Transport is wrapped to add
	// the keys). Defaults to http.DefaultClient's settings. Per-call deadlines and cancellation: the context of
	// each call.
	HTTPClient *http.Client
	// URLs replaces the default address template of a service; {network} stands for the network. LocalURLs
	// gives the templates of the local contract server.
	URLs map[Service]string
}

// Clients are the five clients of one network.
type Clients struct {
	Network Network
	// ChainID is the network's numeric chain id; Metadata takes it as text (Network.ChainIDText).
	ChainID     uint64
	Marketplace marketplace.MarketplaceClient
	Metadata    metadata.MetadataClient
	Builder     builder.BuilderClient
	Relayer     relayer.RelayerClient
	Indexer     indexer.IndexerClient
}

// NewClients returns the five clients of network, sharing the keys, the HTTP client and the address overrides.
func NewClients(network Network, options Options) (*Clients, error) {
	chainID, ok := network.ChainID()
	if !ok {
		return nil, fmt.Errorf("%w %q: expected one of Networks()", ErrUnknownNetwork, network)
	}
	if options.AccessKey == "" {
		return nil, errors.New("contract.NewClients: Options.AccessKey is required (every call sends it)")
	}
	for service := range options.URLs {
		if _, ok := routeOf(service); !ok {
			return nil, fmt.Errorf("contract.NewClients: URLs[%q]: unknown service; expected one of Services()", service)
		}
	}
	urls := make(map[Service]string, len(routeTable))
	for _, route := range routeTable {
		url, err := ServiceURL(route.service, network, options.URLs[route.service])
		if err != nil {
			return nil, err
		}
		// The generated client appends /rpc/<Service>/<Method>: no slash of the template's may double it.
		urls[route.service] = strings.TrimRight(url, "/")
	}
	client := withKeys(options)
	return &Clients{
		Network:     network,
		ChainID:     chainID,
		Marketplace: marketplace.NewMarketplaceClient(urls[Marketplace], client),
		Metadata:    metadata.NewMetadataClient(urls[Metadata], client),
		Builder:     builder.NewBuilderClient(urls[Builder], client),
		Relayer:     relayer.NewRelayerClient(urls[Relayer], client),
		Indexer:     indexer.NewIndexerClient(urls[Indexer], client),
	}, nil
}

// withKeys is a copy of the caller's HTTP client whose transport adds the keys.
func withKeys(options Options) *http.Client {
	client := http.Client{}
	if options.HTTPClient != nil {
		client = *options.HTTPClient
	}
	base := client.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	client.Transport = &keysTransport{base: base, accessKey: options.AccessKey, secretKey: options.SecretKey}
	return &client
}
