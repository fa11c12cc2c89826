// A webhook receiver for the Indexer's deliveries: it verifies each delivery's Standard Webhooks signature with
// the listener's signing secret, refuses a delivery that does not verify, and decodes the payload into the
// generated indexer.WebhookPayload.
//
//	WEBHOOK_SECRET=whsec_… go run ./webhook-receiver -listen 127.0.0.1:9000
//
// It prints a line of JSON per delivery: {"verified":true,"payload":{…}} or {"verified":false,"reason":"…"}.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"sync"

	"git.web3-market-contract.invalid/web3-market-contract/go/indexer"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// maxBody bounds what a delivery may carry; a payload is a few kilobytes.
const maxBody = 1 << 20

func main() {
	listen := flag.String("listen", "127.0.0.1:9000", "address to listen on")
	flag.Parse()
	verifier, err := standardwebhooks.NewWebhook(os.Getenv("WEBHOOK_SECRET"))
	if err != nil {
		log.Fatalf("WEBHOOK_SECRET: %v", err)
	}
	listener, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("receiving webhooks on http://%s/", listener.Addr())
	log.Fatal(http.Serve(listener, receiver(verifier, json.NewEncoder(os.Stdout))))
}

func receiver(verifier *standardwebhooks.Webhook, report *json.Encoder) http.Handler {
	var reporting sync.Mutex
	emit := func(line any) {
		reporting.Lock()
		defer reporting.Unlock()
		if err := report.Encode(line); err != nil {
			log.Print(err)
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		// The signature covers the body's bytes as sent: verify them before decoding anything.
		if err := verifier.Verify(body, r.Header); err != nil {
			emit(map[string]any{"verified": false, "reason": err.Error()})
			http.Error(w, "signature does not verify", http.StatusUnauthorized)
			return
		}
		var payload indexer.WebhookPayload
		if err := json.Unmarshal(body, &payload); err != nil {
			emit(map[string]any{"verified": false, "reason": fmt.Sprintf("payload: %v", err)})
			http.Error(w, "not a webhook payload", http.StatusBadRequest)
			return
		}
		emit(map[string]any{"verified": true, "payload": payload})
		// Any 2xx ends the delivery (docs/webhooks.md); a delivery id may arrive again: act on it once.
		w.WriteHeader(http.StatusNoContent)
	})
}
