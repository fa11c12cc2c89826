package contract

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestNewClientsRefusesAnUnknownNetwork(t *testing.T) {
	_, err := NewClients("no-such-network", Options{AccessKey: "key"})
	if !errors.Is(err, ErrUnknownNetwork) {
		t.Fatalf("got %v, want ErrUnknownNetwork", err)
	}
}

func TestServiceURLFillsTheNetworkByTheServiceShape(t *testing.T) {
	cases := map[Service]string{
		Marketplace: "https://marketplace-api.platform.app/polygon/",
		Metadata:    "https://metadata.platform.app",
		Relayer:     "https://polygon-relayer.platform.app",
	}
	for service, want := range cases {
		if got, err := ServiceURL(service, Polygon, ""); err != nil || got != want {
			t.Errorf("ServiceURL(%s) = %q, %v; want %q", service, got, err, want)
		}
	}
	if _, err := ServiceURL(Relayer, Polygon, "https://relayer.example"); !errors.Is(err, ErrInvalidServiceURL) {
		t.Errorf("a network-scoped template without {network}: got %v, want ErrInvalidServiceURL", err)
	}
}

func TestTheSecretKeyGoesOnlyToTheCallsThatTakeIt(t *testing.T) {
	seen := map[string]http.Header{}
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen[r.URL.Path] = r.Header.Clone()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{}`))
	}))
	defer server.Close()
	clients, err := NewClients(Polygon, Options{AccessKey: "access", SecretKey: "secret", URLs: LocalURLs(server.URL)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	_, _, _ = clients.Relayer.ListGasSponsors(ctx, 1, nil)
	_, _ = clients.Indexer.RemoveWebhookListener(ctx, "id", "1")
	relayer, indexer := seen["/polygon-relayer/rpc/Relayer/ListGasSponsors"], seen["/polygon-indexer/rpc/Indexer/RemoveWebhookListener"]
	if relayer == nil || indexer == nil {
		t.Fatalf("calls not seen at their local addresses: %v", seen)
	}
	if relayer.Get("X-Access-Key") != "access" || relayer.Get("Authorization") != "" {
		t.Errorf("Relayer call headers: %v", relayer)
	}
	if indexer.Get("X-Access-Key") != "access" || indexer.Get("Authorization") != "BEARER secret" {
		t.Errorf("Indexer webhook call headers: %v", indexer)
	}
}
