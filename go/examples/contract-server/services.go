package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strconv"
	"sync"
	"time"

	"git.web3-market-contract.invalid/web3-market-contract/go/builder"
	"git.web3-market-contract.invalid/web3-market-contract/go/indexer"
	"git.web3-market-contract.invalid/web3-market-contract/go/marketplace"
	"git.web3-market-contract.invalid/web3-market-contract/go/metadata"
	"git.web3-market-contract.invalid/web3-market-contract/go/relayer"
)

// services implements the five generated server interfaces over the sample data; a call the sample data has no
// answer for is NotFound, and one for another project than the keys' own PermissionDenied (docs/auth.md).
type services struct {
	marketplace marketplaceService
	metadata    metadataService
	builder     builderService
	relayer     relayerService
	indexer     *indexerService
}

func newServices(data samples, projectID uint64) *services {
	return &services{
		marketplace: marketplaceService{data},
		metadata:    metadataService{data},
		builder:     builderService{data, projectID},
		relayer:     relayerService{data, projectID},
		indexer:     &indexerService{projectID: strconv.FormatUint(projectID, 10), listeners: map[string]*indexer.WebhookListener{}},
	}
}

var (
	_ marketplace.Marketplace = marketplaceService{}
	_ metadata.Metadata       = metadataService{}
	_ builder.Builder         = builderService{}
	_ relayer.Relayer         = relayerService{}
	_ indexer.Indexer         = &indexerService{}
)

type marketplaceService struct{ data samples }

func (s marketplaceService) GetCountOfAllCollectibles(ctx context.Context, contractAddress string) (uint64, error) {
	var out struct{ Count uint64 }
	if !s.data.answer(ctx, "/rpc/Marketplace/GetCountOfAllCollectibles", map[string]any{"contractAddress": contractAddress}, &out) {
		return 0, marketplace.ErrNotFound
	}
	return out.Count, nil
}

func (s marketplaceService) GetFloorOrder(ctx context.Context, contractAddress string) (*marketplace.Collectible, error) {
	var out struct{ Collectible *marketplace.Collectible }
	if !s.data.answer(ctx, "/rpc/Marketplace/GetFloorOrder", map[string]any{"contractAddress": contractAddress}, &out) {
		return nil, marketplace.ErrNotFound
	}
	return out.Collectible, nil
}

func (s marketplaceService) GetOrders(ctx context.Context, input []*marketplace.GetOrdersInput, page *marketplace.Page) ([]*marketplace.Order, *marketplace.Page, error) {
	var out struct {
		Orders []*marketplace.Order
		Page   *marketplace.Page
	}
	if !s.data.answer(ctx, "/rpc/Marketplace/GetOrders", map[string]any{"input": input, "page": page}, &out) {
		return nil, nil, marketplace.ErrNotFound
	}
	return out.Orders, out.Page, nil
}

func (s marketplaceService) GetHighestPriceListingForCollectible(ctx context.Context, contractAddress string, tokenId string, filter *marketplace.OrderFilter) (*marketplace.Order, error) {
	var out struct{ Order *marketplace.Order }
	args := map[string]any{"contractAddress": contractAddress, "tokenId": tokenId, "filter": filter}
	if !s.data.answer(ctx, "/rpc/Marketplace/GetHighestPriceListingForCollectible", args, &out) {
		return nil, marketplace.ErrNotFound
	}
	return out.Order, nil
}

func (s marketplaceService) GenerateBuyTransaction(ctx context.Context, collectionAddress string, buyer string, kind marketplace.MarketplaceKind, ordersData []*marketplace.OrderData, additionalFees []*marketplace.AdditionalFee, walletType *marketplace.WalletKind) ([]*marketplace.Step, error) {
	var out struct{ Steps []*marketplace.Step }
	args := map[string]any{
		"collectionAddress": collectionAddress, "buyer": buyer, "marketplace": kind,
		"ordersData": ordersData, "additionalFees": additionalFees, "walletType": walletType,
	}
	if !s.data.answer(ctx, "/rpc/Marketplace/GenerateBuyTransaction", args, &out) {
		return nil, marketplace.ErrNotFound
	}
	return out.Steps, nil
}

type metadataService struct{ data samples }

func (s metadataService) TokenCollectionFilters(ctx context.Context, chainId string, contractAddress string) ([]*metadata.PropertyFilter, error) {
	var out struct{ Filters []*metadata.PropertyFilter }
	args := map[string]any{"chainId": chainId, "contractAddress": contractAddress}
	if !s.data.answer(ctx, "/rpc/Metadata/TokenCollectionFilters", args, &out) {
		return nil, metadata.ErrNotFound
	}
	return out.Filters, nil
}

type builderService struct {
	data      samples
	projectID uint64
}

func (s builderService) GetAudience(ctx context.Context, projectId uint64, audienceId uint64) (*builder.Audience, []*builder.AudienceContact, []*builder.Contract, error) {
	if projectId != s.projectID {
		return nil, nil, nil, builder.ErrPermissionDenied.WithCausef("project %d is not the keys' project", projectId)
	}
	var out struct {
		Audience  *builder.Audience
		Contacts  []*builder.AudienceContact
		Contracts []*builder.Contract
	}
	if !s.data.answer(ctx, "/rpc/Builder/GetAudience", map[string]any{"projectId": projectId, "audienceId": audienceId}, &out) {
		return nil, nil, nil, builder.ErrNotFound
	}
	return out.Audience, out.Contacts, out.Contracts, nil
}

type relayerService struct {
	data      samples
	projectID uint64
}

func (s relayerService) ListGasSponsors(ctx context.Context, projectId uint64, page *relayer.Page) (*relayer.Page, []*relayer.GasSponsor, error) {
	if projectId != s.projectID {
		return nil, nil, relayer.ErrPermissionDenied.WithCausef("project %d is not the keys' project", projectId)
	}
	var out struct {
		Page        *relayer.Page
		GasSponsors []*relayer.GasSponsor
	}
	if !s.data.answer(ctx, "/rpc/Relayer/ListGasSponsors", map[string]any{"projectId": projectId, "page": page}, &out) {
		return nil, nil, relayer.ErrNotFound
	}
	return out.Page, out.GasSponsors, nil
}

// indexerService keeps webhook listeners in memory; it delivers nothing (no chain is followed).
type indexerService struct {
	projectID string
	mutex     sync.Mutex
	listeners map[string]*indexer.WebhookListener
}

func (s *indexerService) AddWebhookListener(ctx context.Context, url string, filters *indexer.WebhookFilters) (*indexer.WebhookListener, error) {
	id, err := randomID()
	if err != nil {
		return nil, indexer.ErrWebrpcInternalError.WithCause(err)
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, indexer.ErrWebrpcInternalError.WithCause(err)
	}
	secret := "whsec_" + base64.StdEncoding.EncodeToString(key)
	now := time.Now().UTC().Format(time.RFC3339)
	listener := &indexer.WebhookListener{
		Id: id, ProjectId: s.projectID, Url: url, Filters: filters, Active: true,
		Secret: &secret, CreatedAt: &now, UpdatedAt: &now,
	}
	s.mutex.Lock()
	defer s.mutex.Unlock()
	stored := *listener
	stored.Secret = nil // shown once, in this answer
	s.listeners[id] = &stored
	return listener, nil
}

func (s *indexerService) RemoveWebhookListener(ctx context.Context, id string, projectId string) (bool, error) {
	if projectId != s.projectID {
		return false, indexer.ErrPermissionDenied.WithCausef("project %s is not the keys' project", projectId)
	}
	s.mutex.Lock()
	defer s.mutex.Unlock()
	if _, ok := s.listeners[id]; !ok {
		return false, indexer.ErrNotFound.WithCausef("no listener %s", id)
	}
	delete(s.listeners, id)
	return true, nil
}

// randomID is a random UUID (version 4).
func randomID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:]), nil
}
