package festung

import (
	"encoding/json"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/jsonw"
)

// MarshalJSONView implements brettspiel.ViewMarshaler: [Game.MarshalJSON]
// in the parts v asks for. With v.NoStatic the plan's layout is left out and
// "fields" lists only the fields that hold a marker or squares, each by its
// ID, marker and squares (every other field is empty); [PlanJSON] gives the
// rest, the same in every state. The events then leave out "trackFrom" and
// "trackTo": the plan has no tracks, and they are the events' "from" and
// "to". MarshalJSONView writes by hand what encoding/json would.
func (g *Game) MarshalJSONView(v brettspiel.JSONView) ([]byte, error) {
	if g.zero() {
		return nil, zeroErr("marshal JSON")
	}
	s := g.viewToJSON(v)
	return s.appendJSON(make([]byte, 0, 4096), v.NoStatic), nil
}

// appendJSON appends the state as encoding/json writes stateJSON, or with
// lean leanStateJSON, by hand.
func (s *stateJSON) appendJSON(b []byte, lean bool) []byte {
	b = append(b, '{')
	if lean {
		b = jsonw.LeanEnvelope(b, &s.StateJSON) // the fields are the tracks
	} else {
		b = jsonw.Envelope(b, &s.StateJSON)
	}
	r := &s.Rules
	b = append(b, `,"rules":{"players":`...)
	b = jsonw.Int(b, r.Players)
	b = append(b, `,"stock":`...)
	b = jsonw.Int(b, r.Stock)
	b = append(b, `,"stake":`...)
	b = jsonw.Int(b, r.Stake)
	if r.EmptyField != "" {
		b = append(b, `,"emptyField":`...)
		b = jsonw.String(b, r.EmptyField)
	}
	b = append(b, `,"turnCap":`...)
	b = jsonw.Int(b, r.TurnCap)
	b = append(b, `},"seat":`...)
	b = jsonw.Int(b, s.Seat)
	b = append(b, `,"dice":`...)
	b = jsonw.Ints(b, s.Dice)
	b = append(b, `,"turns":`...)
	b = jsonw.Int(b, s.Turns)
	b = append(b, `,"capped":`...)
	b = jsonw.Bool(b, s.Capped)
	b = append(b, `,"throw":`...)
	if s.Throw == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"notation":`...)
		b = jsonw.String(b, s.Throw.Notation)
		b = append(b, `,"offer":`...)
		b = jsonw.Strings(b, s.Throw.Offer)
		b = append(b, '}')
	}
	b = append(b, `,"markersOnPlan":`...)
	b = jsonw.Int(b, s.MarkersOnPlan)
	b = append(b, `,"seats":`...)
	if s.Seats == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range s.Seats {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"seat":`...)
			b = jsonw.Int(b, p.Seat)
			b = append(b, `,"balance":`...)
			b = jsonw.Int(b, p.Balance)
			b = append(b, `,"bought":`...)
			b = jsonw.Int(b, p.Bought)
			b = append(b, `,"pasches":`...)
			b = jsonw.Int(b, p.Pasches)
			b = append(b, `,"return":`...)
			b = jsonw.Int(b, p.Return)
			b = append(b, `,"openFortresses":`...)
			b = jsonw.Int(b, p.OpenFortresses)
			if p.Fortress != "" {
				b = append(b, `,"fortress":`...)
				b = jsonw.String(b, p.Fortress)
			}
			if p.PaschField != "" {
				b = append(b, `,"paschField":`...)
				b = jsonw.String(b, p.PaschField)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if lean {
		// the layout left out, the fields that hold something by ID
		b = append(b, `,"fields":[`...)
		n := 0
		for _, f := range s.Fields {
			if !f.Marker && len(f.Squares) == 0 {
				continue
			}
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = append(b, `{"id":`...)
			b = jsonw.Int(b, f.ID)
			b = append(b, `,"marker":`...)
			b = jsonw.Bool(b, f.Marker)
			if len(f.Squares) > 0 {
				b = append(b, `,"squares":`...)
				b = jsonw.Ints(b, f.Squares)
			}
			b = append(b, '}')
		}
		return append(b, `]}`...)
	}
	b = append(b, `,"layout":{"width":`...)
	b = jsonw.Int(b, s.Layout.Width)
	b = append(b, `,"height":`...)
	b = jsonw.Int(b, s.Layout.Height)
	b = append(b, `,"fieldSize":`...)
	b = jsonw.Int(b, s.Layout.FieldSize)
	b = append(b, `},"fields":`...)
	if s.Fields == nil {
		return append(b, "null}"...)
	}
	b = append(b, '[')
	for i := range s.Fields {
		f := &s.Fields[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = jsonw.Int(b, f.ID)
		b = append(b, `,"name":`...)
		b = jsonw.String(b, f.Name)
		b = append(b, `,"kind":`...)
		b = jsonw.String(b, f.Kind)
		b = append(b, `,"number":`...)
		b = jsonw.Int(b, f.Number)
		b = append(b, `,"fortress":`...)
		b = jsonw.Int(b, f.Fortress)
		b = append(b, `,"twin":`...)
		b = jsonw.Int(b, f.Twin)
		b = append(b, `,"line":`...)
		b = jsonw.Int(b, f.Line)
		b = append(b, `,"battery":`...)
		b = jsonw.Int(b, f.Battery)
		if len(f.Neighbours) > 0 {
			b = append(b, `,"neighbours":`...)
			b = jsonw.Ints(b, f.Neighbours)
		}
		b = append(b, `,"x":`...)
		b = jsonw.Float(b, f.X)
		b = append(b, `,"y":`...)
		b = jsonw.Float(b, f.Y)
		b = append(b, `,"marker":`...)
		b = jsonw.Bool(b, f.Marker)
		if len(f.Squares) > 0 {
			b = append(b, `,"squares":`...)
			b = jsonw.Ints(b, f.Squares)
		}
		b = append(b, '}')
	}
	return append(b, `]}`...)
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
