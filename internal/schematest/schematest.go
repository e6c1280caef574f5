// Package schematest validates JSON documents against the JSON Schema files
// of the variant packages, for their tests. It is the only user of the JSON
// Schema validator (github.com/santhosh-tekuri/jsonschema/v6), which the
// module's own code does not import.
//
// It also keeps the schema definitions that every variant's schema shares —
// the envelope of StateJSON, a legal move and an event — in shared.json;
// [CheckShared] fails a test whose schema has drifted from them.
package schematest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed shared.json
var shared []byte

// compiler is a compiler of draft 2020-12 that holds schema as the
// resource named resource, or fails the test.
func compiler(t testing.TB, schema []byte, resource string) *jsonschema.Compiler {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatalf("schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(resource, doc); err != nil {
		t.Fatalf("schema: %v", err)
	}
	return c
}

// Compile compiles a schema (draft 2020-12) or fails the test.
func Compile(t testing.TB, schema []byte) *jsonschema.Schema {
	t.Helper()
	sch, err := compiler(t, schema, "state.schema.json").Compile("state.schema.json")
	if err != nil {
		t.Fatalf("schema does not compile: %v", err)
	}
	return sch
}

// Validate returns the validator's complaint about doc, or nil.
func Validate(sch *jsonschema.Schema, doc []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}

// CheckShared fails t unless schema's $defs hold the shared definitions
// (envelope, legalMove, event) exactly as shared.json has them.
func CheckShared(t testing.TB, schema []byte) {
	t.Helper()
	var want map[string]any
	if err := json.Unmarshal(shared, &want); err != nil {
		t.Fatalf("shared.json: %v", err)
	}
	var got struct {
		Defs map[string]any `json:"$defs"`
	}
	if err := json.Unmarshal(schema, &got); err != nil {
		t.Fatalf("schema: %v", err)
	}
	for name, def := range want {
		if !reflect.DeepEqual(got.Defs[name], def) {
			t.Errorf("schema's $defs/%s differs from the shared definition in internal/schematest/shared.json", name)
		}
	}
}

// SharedDefs returns the shared definitions, to start a new variant's schema.
func SharedDefs() []byte { return append([]byte(nil), shared...) }

//go:embed race.json
var race []byte

// RaceSchema returns the schema of the board that the race games share
// (kit.RaceJSON): a state of either game must validate against it
// as well as against its own schema.
func RaceSchema() []byte { return append([]byte(nil), race...) }

// CheckRace fails t unless schema's $defs hold the race board's definitions
// (racePoint, raceSide) exactly as race.json has them.
func CheckRace(t testing.TB, schema []byte) {
	t.Helper()
	var want, got struct {
		Defs map[string]any `json:"$defs"`
	}
	if err := json.Unmarshal(race, &want); err != nil {
		t.Fatalf("race.json: %v", err)
	}
	if err := json.Unmarshal(schema, &got); err != nil {
		t.Fatalf("schema: %v", err)
	}
	for name, def := range want.Defs {
		if !reflect.DeepEqual(got.Defs[name], def) {
			t.Errorf("schema's $defs/%s differs from the race board's definition in internal/schematest/race.json", name)
		}
	}
}

// CompileDef compiles the definition of a name in a schema's $defs, or fails
// the test.
func CompileDef(t testing.TB, schema []byte, name string) *jsonschema.Schema {
	t.Helper()
	sch, err := compiler(t, schema, "schema.json").Compile("schema.json#/$defs/" + name)
	if err != nil {
		t.Fatalf("$defs/%s does not compile: %v", name, err)
	}
	return sch
}
