package festung

import (
	"encoding/json"

	"github.com/brettspiel/brettspiel/internal/jsonw"
	"github.com/brettspiel/brettspiel/kit"
)

// MarshalJSONView implements kit.ViewMarshaler: [Game.MarshalJSON]
// in the parts v asks for. With v.NoStatic the plan's layout is left out and
// "fields" lists only the fields that hold a marker or squares, each by its
// ID, marker and squares (every other field is empty); [PlanJSON] gives the
// rest, the same in every state. The events then leave out "trackFrom" and
// "trackTo": the plan has no tracks, and they are the events' "from" and
// "to". MarshalJSONView writes by hand what encoding/json would.
func (g *Game) MarshalJSONView(v kit.JSONView) ([]byte, error) {
	if g.zero() {
		return nil, zeroErr(kit.OpEncodeJSON)
	}
	if !v.NoStatic {
		// the full form, asked for once per game if at all, is
		// encoding/json's: no code of its own in the WebAssembly
		return json.Marshal(g.viewToJSON(v))
	}
	return g.AppendJSONView(make([]byte, 0, 4096), v)
}

// AppendJSONView implements kit.ViewAppender: it appends to b what
// MarshalJSONView returns.
func (g *Game) AppendJSONView(b []byte, v kit.JSONView) ([]byte, error) {
	if g.zero() {
		return b, zeroErr(kit.OpEncodeJSON)
	}
	s := g.viewToJSON(v)
	if !v.NoStatic {
		full, err := json.Marshal(s)
		return append(b, full...), err
	}
	return s.appendJSON(b), nil
}

// appendJSON appends the lean form, without the plan's static part, as
// encoding/json writes leanStateJSON, by hand.
func (s *stateJSON) appendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonw.LeanEnvelope(b, &s.StateJSON) // the fields are the tracks
	r := &s.Rules
	b = jsonw.KeyInt(b, `,"rules":{"players":`, r.Players)
	b = jsonw.KeyInt(b, `,"stock":`, r.Stock)
	b = jsonw.KeyInt(b, `,"stake":`, r.Stake)
	if r.EmptyField != "" {
		b = jsonw.KeyString(b, `,"emptyField":`, r.EmptyField)
	}
	b = jsonw.KeyInt(b, `,"turnCap":`, r.TurnCap)
	b = jsonw.KeyInt(b, `},"seat":`, s.Seat)
	b = jsonw.KeyInts(b, `,"dice":`, s.Dice)
	b = jsonw.KeyInt(b, `,"turns":`, s.Turns)
	b = jsonw.KeyBool(b, `,"capped":`, s.Capped)
	b = append(b, `,"throw":`...)
	if s.Throw == nil {
		b = append(b, "null"...)
	} else {
		b = jsonw.KeyString(b, `{"notation":`, s.Throw.Notation)
		b = jsonw.KeyStrings(b, `,"offer":`, s.Throw.Offer)
		b = append(b, '}')
	}
	b = jsonw.KeyInt(b, `,"markersOnPlan":`, s.MarkersOnPlan)
	b = append(b, `,"seats":`...)
	if s.Seats == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range s.Seats {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.KeyInt(b, `{"seat":`, p.Seat)
			b = jsonw.KeyInt(b, `,"balance":`, p.Balance)
			b = jsonw.KeyInt(b, `,"bought":`, p.Bought)
			b = jsonw.KeyInt(b, `,"pasches":`, p.Pasches)
			b = jsonw.KeyInt(b, `,"return":`, p.Return)
			b = jsonw.KeyInt(b, `,"openFortresses":`, p.OpenFortresses)
			if p.Fortress != "" {
				b = jsonw.KeyString(b, `,"fortress":`, p.Fortress)
			}
			if p.PaschField != "" {
				b = jsonw.KeyString(b, `,"paschField":`, p.PaschField)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	// the layout left out, the fields that hold something by ID
	b = append(b, `,"fields":[`...)
	for i, f := range s.held {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.KeyInt(b, `{"id":`, f.ID)
		b = jsonw.KeyBool(b, `,"marker":`, f.Marker)
		if len(f.Squares) > 0 {
			b = jsonw.KeyInts(b, `,"squares":`, f.Squares)
		}
		b = append(b, '}')
	}
	return append(b, `]}`...)
}

// PlanJSON returns the static part of the JSON form, the same in every
// state: {"layout": …, "fields": [the fields with their names, kinds,
// neighbours and coordinates, without markers]}. A frontend that asks for
// states without it (kit.JSONView.NoStatic) reads it once.
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
