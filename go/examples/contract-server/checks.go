package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"git.web3-market-contract.invalid/web3-market-contract/go/contract"
	"git.web3-market-contract.invalid/web3-market-contract/go/marketplace"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// bodyLimit is the largest request body a service reads (docs/limits.md).
const bodyLimit = 1 << 20

type projectKeys struct {
	accessKey string
	secretKey string
	projectID uint64
}

// requestSchemas holds the compiled request schema of each method, by its path /rpc/<Service>/<Method>.
type requestSchemas map[string]*jsonschema.Schema

// loadRequestSchemas compiles gen/schemas/<service>/<Method>Request.json of every method of the key table.
func loadRequestSchemas(contractDir string) (requestSchemas, error) {
	compiler := jsonschema.NewCompiler()
	compiler.DefaultDraft(jsonschema.Draft2020)
	schemas := requestSchemas{}
	for _, service := range contract.Services() {
		files, err := filepath.Glob(filepath.Join(contractDir, "gen", "schemas", string(service), "*Request.json"))
		if err != nil || len(files) == 0 {
			return nil, fmt.Errorf("no request schemas of %s under %s/gen/schemas", service, contractDir)
		}
		for _, file := range files {
			text, err := os.ReadFile(file)
			if err != nil {
				return nil, err
			}
			document, err := jsonschema.UnmarshalJSON(bytes.NewReader(text))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			id, _ := document.(map[string]any)["$id"].(string)
			if err := compiler.AddResource(id, document); err != nil {
				return nil, err
			}
			schema, err := compiler.Compile(id)
			if err != nil {
				return nil, err
			}
			method := strings.TrimSuffix(filepath.Base(file), "Request.json")
			schemas["/rpc/"+serviceName(service)+"/"+method] = schema
		}
	}
	return schemas, nil
}

// serviceName is the service as RPC paths name it: marketplace → Marketplace.
func serviceName(service contract.Service) string {
	return strings.ToUpper(string(service[:1])) + string(service[1:])
}

// checked refuses, before a method runs, what the API contract refuses: a call without the keys its method
// needs, a body over the limit, and a body its request schema does not accept. A method the service has not, a
// GET and a body that is not JSON reach the generated handler, which refuses them itself.
func checked(next http.Handler, keys projectKeys, schemas requestSchemas) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := r.URL.Path[strings.Index(r.URL.Path+"/rpc/", "/rpc/"):]
		schema, known := schemas[path]
		if !known || r.Method != http.MethodPost || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			next.ServeHTTP(w, r)
			return
		}
		if r.Header.Get("X-Access-Key") != keys.accessKey {
			refuse(w, marketplace.ErrUnauthorized.WithCausef("X-Access-Key is not a key of any project"))
			return
		}
		if kind, _ := contract.KeyOf(path); kind == contract.SecretKey {
			scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
			if !strings.EqualFold(scheme, "BEARER") || token != keys.secretKey {
				refuse(w, marketplace.ErrUnauthorized.WithCausef("%s needs Authorization: BEARER <secret key>", path))
				return
			}
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, bodyLimit+1))
		if err != nil || len(body) > bodyLimit {
			refuse(w, marketplace.ErrWebrpcBadRequest.WithCausef("the body is over %d bytes", bodyLimit))
			return
		}
		value, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
		if err == nil {
			err = schema.Validate(value)
		}
		if err != nil {
			refuse(w, marketplace.ErrWebrpcBadRequest.WithCause(err))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}
