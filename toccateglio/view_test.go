package toccateglio

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// MarshalJSONView writes by hand what encoding/json writes for the JSON
// form, under every view, in every position of games played at random.
func TestMarshalJSONViewAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	checked := 0
	defer func() {
		if checked < 100 {
			t.Errorf("%d positions checked", checked)
		}
	}()
	for _, p := range Presets() {
		g, err := New(p.Options)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 300 && g.ToMove() != brettspiel.Terminal; step++ {
			for k := range 8 {
				v := brettspiel.JSONView{NoLegal: k&1 != 0, NoChance: k&2 != 0, NoStatic: k&4 != 0}
				got, err := g.MarshalJSONView(v)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := json.Marshal(g.viewToJSON(v))
				if string(got) != string(want) {
					t.Fatalf("%s step %d view %+v:\n got %s\nwant %s", p.Name, step, v, got, want)
				}
			}
			playRandom(t, g, r)
			checked++
		}
	}
}

func playRandom(t *testing.T, g brettspiel.Game, r *rand.Rand) {
	t.Helper()
	var m brettspiel.Move
	if g.ToMove() == brettspiel.Chance {
		var err error
		if m, err = brettspiel.SampleChance(g, r); err != nil {
			t.Fatal(err)
		}
	} else {
		legal := g.LegalMoves()
		m = legal[r.IntN(len(legal))]
		if g.MoveString(m) == "concede" { // once in a while only, so that games go on
			m = legal[r.IntN(len(legal))]
		}
	}
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
}
