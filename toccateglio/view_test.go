package toccateglio

import (
	"testing"

	"github.com/brettspiel/brettspiel/internal/gametest"
)

// MarshalJSONView writes by hand what encoding/json writes for the JSON
// form, under every view, in every position of games of every preset played
// at random.
func TestMarshalJSONViewAsEncodingJSON(t *testing.T) {
	gametest.PresetViewsAsEncodingJSON(t, Presets(), New, (*Game).viewToJSON)
}

// The rules of the JSON form are those of each game's own options when
// games of other options are written in between (rulesToJSON keeps the
// last options').
func TestRulesToJSONOfAlternatingOptions(t *testing.T) {
	var opts []Options
	for _, p := range Presets() {
		opts = append(opts, p.Options)
	}
	opts = append(opts, Options{Partien: 3}, Options{TurnCap: 9})
	for range 2 {
		for i, o := range opts {
			if got, want := rulesToJSON(o), newRulesJSON(o); got != want {
				t.Errorf("options %d: %+v, want %+v", i, got, want)
			}
			if got, want := rulesToJSON(opts[(i+1)%len(opts)]), newRulesJSON(opts[(i+1)%len(opts)]); got != want {
				t.Errorf("options %d: %+v, want %+v", i+1, got, want)
			}
		}
	}
}
