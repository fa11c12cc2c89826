package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"

	"git.web3-market-contract.invalid/web3-market-contract/go/contract"
)

// sample is one operation's request example and the answer to it, by the operation's path.
type sample struct {
	request json.RawMessage
	answer  json.RawMessage
}

// The sample data's network: the answers' chainId is polygon's.
const sampleNetwork = contract.Polygon

type samples map[string]sample

// loadSamples reads the request and answer examples of every operation from gen/openapi/3.1/<service>.json.
func loadSamples(contractDir string) (samples, error) {
	loaded := samples{}
	for _, service := range contract.Services() {
		file := filepath.Join(contractDir, "gen", "openapi", "3.1", string(service)+".json")
		text, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var document struct {
			Paths map[string]struct {
				Post struct {
					RequestBody struct {
						Content map[string]struct{ Example json.RawMessage } `json:"content"`
					} `json:"requestBody"`
					Responses map[string]struct {
						Content map[string]struct{ Example json.RawMessage } `json:"content"`
					} `json:"responses"`
				} `json:"post"`
			} `json:"paths"`
		}
		if err := json.Unmarshal(text, &document); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		for path, item := range document.Paths {
			request := item.Post.RequestBody.Content["application/json"].Example
			answer := item.Post.Responses["200"].Content["application/json"].Example
			if request == nil || answer == nil {
				return nil, fmt.Errorf("%s: %s has no request or answer example", file, path)
			}
			loaded[path] = sample{request: request, answer: answer}
		}
	}
	return loaded, nil
}

// answer decodes the sample answer of the method at path into out when the call's arguments are the sample
// request's (absent ones left out) and its network the sample data's; it reports whether it did.
func (s samples) answer(ctx context.Context, path string, args map[string]any, out any) bool {
	found, ok := s[path]
	if !ok {
		return false
	}
	if network := networkOf(ctx); network != "" && network != sampleNetwork {
		return false
	}
	var expected, given any
	sent, err := json.Marshal(args)
	if err != nil || json.Unmarshal(found.request, &expected) != nil || json.Unmarshal(sent, &given) != nil {
		return false
	}
	if !reflect.DeepEqual(withoutNulls(expected), withoutNulls(given)) {
		return false
	}
	return json.Unmarshal(found.answer, out) == nil
}

// withoutNulls drops the members of an object whose value is null: an absent argument reaches a method as nil.
func withoutNulls(value any) any {
	object, ok := value.(map[string]any)
	if !ok {
		return value
	}
	kept := map[string]any{}
	for key, member := range object {
		if member != nil {
			kept[key] = withoutNulls(member)
		}
	}
	return kept
}
