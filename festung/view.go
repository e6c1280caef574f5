package festung

import (
	"encoding/json"

	"github.com/brettspiel/brettspiel"
)

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

// MarshalJSONView implements brettspiel.ViewMarshaler: [Game.MarshalJSON]
// in the parts v asks for. With v.NoStatic the plan's layout is left out and
// "fields" lists only the fields that hold a marker or squares, each by its
// ID, marker and squares (every other field is empty); [PlanJSON] gives the
// rest, the same in every state.
func (g *Game) MarshalJSONView(v brettspiel.JSONView) ([]byte, error) {
	if g.zero() {
		return nil, zeroErr("marshal JSON")
	}
	s := g.viewToJSON(v)
	if !v.NoStatic {
		return json.Marshal(s)
	}
	lean := leanStateJSON{stateJSON: s, Fields: []leanField{}}
	for _, f := range s.Fields {
		if f.Marker || len(f.Squares) > 0 {
			lean.Fields = append(lean.Fields, leanField{ID: f.ID, Marker: f.Marker, Squares: f.Squares})
		}
	}
	return json.Marshal(&lean)
}

// PlanJSON returns the static part of the JSON form, the same in every
// state: {"layout": …, "fields": [the fields with their names, kinds,
// neighbours and coordinates, without markers]}. A frontend that asks for
// states without it (brettspiel.JSONView.NoStatic) reads it once.
func PlanJSON() []byte {
	type staticField struct {
		fieldJSON
		Marker  *bool  `json:"marker,omitempty"`
		Squares *[]int `json:"squares,omitempty"`
	}
	out := struct {
		Layout layoutJSON    `json:"layout"`
		Fields []staticField `json:"fields"`
	}{Layout: planLayout, Fields: make([]staticField, len(planJSON))}
	for i, f := range planJSON {
		out.Fields[i] = staticField{fieldJSON: f}
	}
	b, _ := json.Marshal(out)
	return b
}
