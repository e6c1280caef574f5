package verkehren

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel/internal/jsonw/jsonwtest"
	"github.com/brettspiel/brettspiel/kit"
)

// MarshalJSONView writes by hand what encoding/json writes for the JSON
// form, under every view, in every position of games played at random.
func TestMarshalJSONViewAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for _, p := range Presets() {
		g, err := New(p.Options)
		if err != nil {
			t.Fatal(err)
		}
		checked += jsonwtest.CompareViews(t, p.Name, g, 300, r, g.MarshalJSONView,
			func(v kit.JSONView) any { return g.viewJSON(v) })
	}
	if checked < 100 {
		t.Errorf("%d positions checked", checked)
	}
}
