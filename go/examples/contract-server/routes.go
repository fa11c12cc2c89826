package main

import (
	"context"
	"net/http"
	"strings"

	"git.web3-market-contract.invalid/web3-market-contract/go/builder"
	"git.web3-market-contract.invalid/web3-market-contract/go/contract"
	"git.web3-market-contract.invalid/web3-market-contract/go/indexer"
	"git.web3-market-contract.invalid/web3-market-contract/go/marketplace"
	"git.web3-market-contract.invalid/web3-market-contract/go/metadata"
	"git.web3-market-contract.invalid/web3-market-contract/go/relayer"
)

type networkKey struct{}

// networkOf is the network a call's address named; empty for Metadata and Builder, which have one address.
func networkOf(ctx context.Context) contract.Network {
	network, _ := ctx.Value(networkKey{}).(contract.Network)
	return network
}

// routes serves the five services under one origin as contract.LocalURLs addresses them: /<network>/rpc/Marketplace/…,
// /<network>-relayer/rpc/Relayer/…, /<network>-indexer/rpc/Indexer/…, /rpc/Metadata/… and /rpc/Builder/….
func routes(s *services) http.Handler {
	fixed := map[string]http.Handler{
		metadata.MetadataPathPrefix: metadata.NewMetadataServer(s.metadata),
		builder.BuilderPathPrefix:   builder.NewBuilderServer(s.builder),
	}
	scoped := map[contract.Service]http.Handler{
		contract.Marketplace: marketplace.NewMarketplaceServer(s.marketplace),
		contract.Relayer:     relayer.NewRelayerServer(s.relayer),
		contract.Indexer:     indexer.NewIndexerServer(s.indexer),
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for prefix, handler := range fixed {
			if strings.HasPrefix(r.URL.Path, prefix) {
				handler.ServeHTTP(w, r)
				return
			}
		}
		segment, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		service := contract.Marketplace
		for _, candidate := range []contract.Service{contract.Relayer, contract.Indexer} {
			if name, found := strings.CutSuffix(segment, "-"+string(candidate)); found {
				segment, service = name, candidate
			}
		}
		network, err := contract.ParseNetwork(segment)
		if err != nil {
			refuse(w, marketplace.ErrWebrpcBadRoute.WithCausef("no route %s: %v", r.URL.Path, err))
			return
		}
		r = r.WithContext(context.WithValue(r.Context(), networkKey{}, network))
		r.URL.Path = "/" + rest
		scoped[service].ServeHTTP(w, r)
	})
}

// refuse answers an error of the API contract's table (docs/errors.md); every service's errors read the same.
func refuse(w http.ResponseWriter, err marketplace.WebRPCError) {
	marketplace.RespondWithError(w, err)
}
