// Calls the operations read from standard input with the Go module's clients and prints what each answered,
// for test/go/go-clients.slow.test.ts to compare with the TypeScript clients' answers to the same requests.
//
// Input: {"url","accessKey","secretKey","network","calls":[{"operation":"Marketplace.GetOrders","request":{…}}]}.
// Output: one entry per call: {"answer":{…}} keyed by the method's result names, or {"error":{…}} with the
// error's name and code and the typed error of its package that errors.Is matched.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"git.web3-market-contract.invalid/web3-market-contract/go/builder"
	"git.web3-market-contract.invalid/web3-market-contract/go/contract"
	"git.web3-market-contract.invalid/web3-market-contract/go/indexer"
	"git.web3-market-contract.invalid/web3-market-contract/go/marketplace"
	"git.web3-market-contract.invalid/web3-market-contract/go/metadata"
	"git.web3-market-contract.invalid/web3-market-contract/go/relayer"
)

type input struct {
	URL       string `json:"url"`
	AccessKey string `json:"accessKey"`
	SecretKey string `json:"secretKey"`
	Network   string `json:"network"`
	Calls     []call `json:"calls"`
}

type call struct {
	Operation string          `json:"operation"`
	Request   json.RawMessage `json:"request"`
}

type outcome struct {
	Answer map[string]any `json:"answer,omitempty"`
	Error  *errorOutcome  `json:"error,omitempty"`
}

type errorOutcome struct {
	Name string `json:"name"`
	Code int    `json:"code"`
	// Is is the name of the typed error of the operation's package that errors.Is matched.
	Is string `json:"is"`
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fail(err)
	}
	network, err := contract.ParseNetwork(in.Network)
	if err != nil {
		fail(err)
	}
	clients, err := contract.NewClients(network, contract.Options{
		AccessKey: in.AccessKey,
		SecretKey: in.SecretKey,
		URLs:      contract.LocalURLs(in.URL),
	})
	if err != nil {
		fail(err)
	}
	outcomes := make([]outcome, 0, len(in.Calls))
	for _, c := range in.Calls {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		answer, err := perform(ctx, clients, c)
		cancel()
		switch {
		case err == nil:
			outcomes = append(outcomes, outcome{Answer: answer})
		default:
			described, ok := describe(err)
			if !ok {
				fail(fmt.Errorf("%s: not a typed error: %w", c.Operation, err))
			}
			outcomes = append(outcomes, outcome{Error: described})
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(outcomes); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// perform decodes the request into the method's arguments and calls it.
func perform(ctx context.Context, clients *contract.Clients, c call) (map[string]any, error) {
	decode := func(args any) error { return json.Unmarshal(c.Request, args) }
	switch c.Operation {
	case "Marketplace.GetCountOfAllCollectibles":
		var args struct{ ContractAddress string }
		if err := decode(&args); err != nil {
			return nil, err
		}
		count, err := clients.Marketplace.GetCountOfAllCollectibles(ctx, args.ContractAddress)
		return map[string]any{"count": count}, err
	case "Marketplace.GetFloorOrder":
		var args struct{ ContractAddress string }
		if err := decode(&args); err != nil {
			return nil, err
		}
		collectible, err := clients.Marketplace.GetFloorOrder(ctx, args.ContractAddress)
		return map[string]any{"collectible": collectible}, err
	case "Marketplace.GetOrders":
		var args struct {
			Input []*marketplace.GetOrdersInput
			Page  *marketplace.Page
		}
		if err := decode(&args); err != nil {
			return nil, err
		}
		orders, page, err := clients.Marketplace.GetOrders(ctx, args.Input, args.Page)
		return map[string]any{"orders": orders, "page": page}, err
	case "Marketplace.GetHighestPriceListingForCollectible":
		var args struct {
			ContractAddress string
			TokenId         string
			Filter          *marketplace.OrderFilter
		}
		if err := decode(&args); err != nil {
			return nil, err
		}
		order, err := clients.Marketplace.GetHighestPriceListingForCollectible(ctx, args.ContractAddress, args.TokenId, args.Filter)
		return omitNil(map[string]any{"order": order}), err
	case "Marketplace.GenerateBuyTransaction":
		var args struct {
			CollectionAddress string
			Buyer             string
			Marketplace       marketplace.MarketplaceKind
			OrdersData        []*marketplace.OrderData
			AdditionalFees    []*marketplace.AdditionalFee
			WalletType        *marketplace.WalletKind
		}
		if err := decode(&args); err != nil {
			return nil, err
		}
		steps, err := clients.Marketplace.GenerateBuyTransaction(ctx, args.CollectionAddress, args.Buyer, args.Marketplace, args.OrdersData, args.AdditionalFees, args.WalletType)
		return map[string]any{"steps": steps}, err
	case "Metadata.TokenCollectionFilters":
		var args struct{ ChainId, ContractAddress string }
		if err := decode(&args); err != nil {
			return nil, err
		}
		filters, err := clients.Metadata.TokenCollectionFilters(ctx, args.ChainId, args.ContractAddress)
		return map[string]any{"filters": filters}, err
	case "Builder.GetAudience":
		var args struct{ ProjectId, AudienceId uint64 }
		if err := decode(&args); err != nil {
			return nil, err
		}
		audience, contacts, contracts, err := clients.Builder.GetAudience(ctx, args.ProjectId, args.AudienceId)
		return map[string]any{"audience": audience, "contacts": contacts, "contracts": contracts}, err
	case "Relayer.ListGasSponsors":
		var args struct {
			ProjectId uint64
			Page      *relayer.Page
		}
		if err := decode(&args); err != nil {
			return nil, err
		}
		page, sponsors, err := clients.Relayer.ListGasSponsors(ctx, args.ProjectId, args.Page)
		return map[string]any{"page": page, "gasSponsors": sponsors}, err
	case "Indexer.AddWebhookListener":
		var args struct {
			Url     string
			Filters *indexer.WebhookFilters
		}
		if err := decode(&args); err != nil {
			return nil, err
		}
		listener, err := clients.Indexer.AddWebhookListener(ctx, args.Url, args.Filters)
		return map[string]any{"listener": listener}, err
	case "Indexer.RemoveWebhookListener":
		var args struct{ Id, ProjectId string }
		if err := decode(&args); err != nil {
			return nil, err
		}
		ok, err := clients.Indexer.RemoveWebhookListener(ctx, args.Id, args.ProjectId)
		return map[string]any{"status": ok}, err
	}
	return nil, fmt.Errorf("unknown operation %s", c.Operation)
}

// omitNil leaves out an absent optional result, as the answer on the wire does.
func omitNil(answer map[string]any) map[string]any {
	for name, value := range answer {
		if order, ok := value.(*marketplace.Order); ok && order == nil {
			delete(answer, name)
		}
	}
	return answer
}

// describe names the error by the typed errors of every package that errors.Is tells apart.
func describe(err error) (*errorOutcome, bool) {
	typed := map[string][]error{
		"Unauthorized":    {marketplace.ErrUnauthorized, metadata.ErrUnauthorized, builder.ErrUnauthorized, relayer.ErrUnauthorized, indexer.ErrUnauthorized},
		"InvalidArgument": {marketplace.ErrInvalidArgument, metadata.ErrInvalidArgument, builder.ErrInvalidArgument, relayer.ErrInvalidArgument, indexer.ErrInvalidArgument},
		"NotFound":        {marketplace.ErrNotFound, metadata.ErrNotFound, builder.ErrNotFound, relayer.ErrNotFound, indexer.ErrNotFound},
	}
	outcome := &errorOutcome{}
	for name, candidates := range typed {
		for _, candidate := range candidates {
			if errors.Is(err, candidate) {
				outcome.Is = name
			}
		}
	}
	var m marketplace.WebRPCError
	var md metadata.WebRPCError
	var b builder.WebRPCError
	var r relayer.WebRPCError
	var i indexer.WebRPCError
	switch {
	case errors.As(err, &m):
		outcome.Name, outcome.Code = m.Name, m.Code
	case errors.As(err, &md):
		outcome.Name, outcome.Code = md.Name, md.Code
	case errors.As(err, &b):
		outcome.Name, outcome.Code = b.Name, b.Code
	case errors.As(err, &r):
		outcome.Name, outcome.Code = r.Name, r.Code
	case errors.As(err, &i):
		outcome.Name, outcome.Code = i.Name, i.Code
	default:
		return nil, false
	}
	return outcome, true
}
