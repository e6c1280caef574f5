package gametest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/jsonw/jsonwtest"
	"github.com/brettspiel/brettspiel/kit"
)

// ViewsAsEncodingJSON checks that each of games, fresh games with a
// MarshalJSONView method, writes by hand what encoding/json writes for
// view(g, v), under every view, in every position of 300 random steps (one
// source for all games), and that at least 100 positions are compared.
func ViewsAsEncodingJSON(t *testing.T, games []brettspiel.Game, view func(g brettspiel.Game, v kit.JSONView) any) {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for i, g := range games {
		va, ok := g.(kit.ViewAppender)
		if !ok {
			t.Fatalf("game %d (%T) is no kit.ViewAppender", i, g)
		}
		hand := func(v kit.JSONView) ([]byte, error) { return appendsAsMarshals(t, va, v) }
		checked += jsonwtest.CompareViews(t, fmt.Sprintf("game %d", i), g, 300, r, hand,
			func(v kit.JSONView) any { return view(g, v) })
	}
	if checked < 100 {
		t.Errorf("%d positions checked", checked)
	}
}

// appendsAsMarshals returns MarshalJSONView(v) of g and fails t unless
// AppendJSONView appends the same to a buffer that holds something
// already.
func appendsAsMarshals(t *testing.T, g kit.ViewAppender, v kit.JSONView) ([]byte, error) {
	t.Helper()
	got, err := g.MarshalJSONView(v)
	const before = `{"state":`
	app, aerr := g.AppendJSONView([]byte(before), v)
	if (err == nil) != (aerr == nil) || string(app) != before+string(got) {
		t.Errorf("view %+v: AppendJSONView wrote %.200s (%v), MarshalJSONView %.200s (%v)", v, app, aerr, got, err)
	}
	return got, err
}

// PresetViewsAsEncodingJSON is ViewsAsEncodingJSON over a new game
// (newGame) under each of presets, view giving what encoding/json writes
// for a game of the variant under a view.
func PresetViewsAsEncodingJSON[O any, G brettspiel.Game, J any](t *testing.T, presets []kit.Preset[O], newGame func(O) (G, error), view func(G, kit.JSONView) J) {
	t.Helper()
	ViewsAsEncodingJSON(t, Fresh(t, newGame, PresetOptions(presets)...),
		func(g brettspiel.Game, v kit.JSONView) any { return view(g.(G), v) })
}
