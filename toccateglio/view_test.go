package toccateglio

import (
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// MarshalJSONView writes by hand what encoding/json writes for the JSON
// form, under every view, in every position of games of every preset played
// at random.
func TestMarshalJSONViewAsEncodingJSON(t *testing.T) {
	var opts []Options
	for _, p := range Presets() {
		opts = append(opts, p.Options)
	}
	gametest.ViewsAsEncodingJSON(t, gametest.Fresh(t, New, opts...),
		func(g brettspiel.Game, v kit.JSONView) any { return g.(*Game).viewToJSON(v) })
}
