package festung

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/kit"
)

// MarshalJSONView writes by hand what encoding/json writes for the JSON
// form (leanStateJSON without the static part), under every view, in
// every position of games played at random, for every seat count.
// viewSteps bounds the steps of each game compared: 400, or 20 under the
// race detector (which slows encoding/json the most) unless BRETTSPIEL_LONG
// is set.
var viewSteps = map[bool]int{false: 400, true: 20}[raceDetector && !conformance.Long()]

func TestMarshalJSONViewAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for players := 2; players <= 6; players++ {
		o := Presets()[0].Options
		o.Players = players
		g, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < viewSteps && g.ToMove() != brettspiel.Terminal; step++ {
			for k := range 8 {
				v := kit.JSONView{NoLegal: k&1 != 0, NoChance: k&2 != 0, NoStatic: k&4 != 0}
				got, err := g.MarshalJSONView(v)
				if err != nil {
					t.Fatal(err)
				}
				if app, err := g.AppendJSONView([]byte(`{"state":`), v); err != nil || string(app) != `{"state":`+string(got) {
					t.Fatalf("%d players, step %d, view %+v: AppendJSONView wrote %.200s (%v)", players, step, v, app, err)
				}
				if want := encodingJSONView(g, v); string(got) != string(want) {
					t.Fatalf("%d players, step %d, view %+v:\n got %s\nwant %s", players, step, v, got, want)
				}
			}
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				if m, err = brettspiel.SampleChance(g, r); err != nil {
					t.Fatal(err)
				}
			} else {
				legal := g.LegalMoves()
				m = legal[r.IntN(len(legal))]
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// encodingJSONView is the JSON form under a view as encoding/json writes it.
func encodingJSONView(g *Game, v kit.JSONView) []byte {
	s := g.viewToJSON(v)
	if !v.NoStatic {
		b, _ := json.Marshal(s)
		return b
	}
	// the fields from the whole form, those that hold something
	whole := g.viewToJSON(kit.JSONView{NoLegal: v.NoLegal, NoChance: v.NoChance})
	lean := leanStateJSON{stateJSON: s, Fields: []leanField{}}
	for _, f := range whole.Fields {
		if f.Marker || len(f.Squares) > 0 {
			lean.Fields = append(lean.Fields, leanField{ID: f.ID, Marker: f.Marker, Squares: f.Squares})
		}
	}
	b, _ := json.Marshal(&lean)
	// the events without their tracks, which are their fields
	for _, e := range s.Events {
		if e.TrackFrom != e.From || e.TrackTo != e.To {
			panic(fmt.Sprintf("an event whose track is not its fields: %+v", e))
		}
		full := fmt.Sprintf(`"to":%d,"trackFrom":%d,"trackTo":%d,`, e.To, e.TrackFrom, e.TrackTo)
		b = bytes.Replace(b, []byte(full), []byte(fmt.Sprintf(`"to":%d,`, e.To)), 1)
	}
	return b
}

// leanField is a field of the plan without what the plan fixes: its ID, its
// marker and the squares on it.
type leanField struct {
	ID      int   `json:"id"`
	Marker  bool  `json:"marker"`
	Squares []int `json:"squares,omitempty"`
}

// leanStateJSON is the JSON form without the plan's static part: its
// fields shadow the layout (left out) and the fields of stateJSON.
type leanStateJSON struct {
	stateJSON
	Layout *layoutJSON `json:"layout,omitempty"`
	Fields []leanField `json:"fields"`
}
