package schematest

import (
	"encoding/json"
	"testing"
)

// raceSchema is a minimal variant schema built on the shared definitions.
func raceSchema(t *testing.T) []byte {
	var defs map[string]any
	if err := json.Unmarshal(SharedDefs(), &defs); err != nil {
		t.Fatal(err)
	}
	s := map[string]any{
		"$schema":               "https://json-schema.org/draft/2020-12/schema",
		"type":                  "object",
		"$ref":                  "#/$defs/envelope",
		"properties":            map[string]any{"game": map[string]any{"const": "race"}, "pos": map[string]any{"type": "array"}},
		"required":              []string{"pos"},
		"unevaluatedProperties": false,
		"$defs":                 defs,
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestValidate(t *testing.T) {
	schema := raceSchema(t)
	CheckShared(t, schema)
	sch := Compile(t, schema)
	good := `{"version":2,"game":"race","id":"race:1:AAA","turn":"player","player":0,"legal":[{"notation":"3"},{"notation":"1/4","kind":"play","dice":[3],"steps":[{"from":1,"to":4,"trackFrom":1,"trackTo":4,"die":3,"flags":["hit"]}]}],
		"events":[{"kind":"throw","player":-1,"other":-3,"amount":0,"from":-1,"to":-1,"trackFrom":-1,"trackTo":-1,"number":3,"dice":[3],"rule":"R-1"}],"returns":[0,0],"pos":[0,0]}`
	if err := Validate(sch, []byte(good)); err != nil {
		t.Fatalf("a good document is refused: %v", err)
	}
	for _, bad := range []string{
		`{}`,
		`{"version":2,"game":"chess","id":"race:1:AAA","turn":"player","player":0,"legal":[],"events":[],"returns":[0,0],"pos":[]}`,
		`{"version":3,"game":"race","id":"race:1:AAA","turn":"player","player":0,"legal":[],"events":[],"returns":[0,0],"pos":[]}`,
		`{"version":2,"game":"race","id":"race:1:AAA","turn":"nobody","player":0,"legal":[],"events":[],"returns":[0,0],"pos":[]}`,
		`{"version":2,"game":"race","id":"race:1:AAA","turn":"player","player":0,"legal":[],"events":[],"returns":[0,0],"pos":[],"extra":1}`,
		`{"version":2,"game":"race","id":"race:1:AAA","turn":"player","player":0,"legal":[{"notation":""}],"events":[],"returns":[0,0],"pos":[]}`,
		`{"version":2,"game":"race","id":"race:1:AAA","turn":"player","player":0,"legal":[],"events":[{"kind":"x"}],"returns":[0,0],"pos":[]}`,
	} {
		if Validate(sch, []byte(bad)) == nil {
			t.Errorf("a bad document passes: %s", bad)
		}
	}
}
