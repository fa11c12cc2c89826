// Loads every schema file into one santhosh-tekuri/jsonschema compiler (draft 2020-12), compiles each
// case's schema by $id and validates its value. Input (stdin): {"schemas": [...], "cases": [{"id", "value"}]}.
// Output (stdout): one boolean per case, as a JSON array.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

type input struct {
	Schemas []json.RawMessage `json:"schemas"`
	Cases   []struct {
		ID    string          `json:"id"`
		Value json.RawMessage `json:"value"`
	} `json:"cases"`
}

func decode(raw []byte) (any, error) {
	return jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fail(err)
	}
	compiler := jsonschema.NewCompiler()
	compiler.DefaultDraft(jsonschema.Draft2020)
	for _, raw := range in.Schemas {
		doc, err := decode(raw)
		if err != nil {
			fail(err)
		}
		id, _ := doc.(map[string]any)["$id"].(string)
		if err := compiler.AddResource(id, doc); err != nil {
			fail(fmt.Errorf("adding %s: %w", id, err))
		}
	}
	results := make([]bool, len(in.Cases))
	for i, c := range in.Cases {
		schema, err := compiler.Compile(c.ID)
		if err != nil {
			fail(fmt.Errorf("compiling %s: %w", c.ID, err))
		}
		value, err := decode(c.Value)
		if err != nil {
			fail(err)
		}
		results[i] = schema.Validate(value) == nil
	}
	if err := json.NewEncoder(os.Stdout).Encode(results); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
