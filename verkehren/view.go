package verkehren

import (
	"github.com/brettspiel/brettspiel/internal/jsonw"
	"github.com/brettspiel/brettspiel/kit"
)

// MarshalJSONView implements kit.ViewMarshaler: MarshalJSON in the
// parts v asks for.
func (g *Game) MarshalJSONView(v kit.JSONView) ([]byte, error) {
	if g.zero() {
		return nil, errZero(kit.OpEncodeJSON)
	}
	return g.AppendJSONView(make([]byte, 0, 3072), v)
}

// AppendJSONView implements kit.ViewAppender: it appends to b what
// MarshalJSONView returns.
func (g *Game) AppendJSONView(b []byte, v kit.JSONView) ([]byte, error) {
	if g.zero() {
		return b, errZero(kit.OpEncodeJSON)
	}
	s := g.viewJSON(v)
	return s.appendJSON(b), nil
}

// viewJSON fills the JSON form of g in the parts v asks for.
func (g *Game) viewJSON(v kit.JSONView) stateJSON {
	s := stateJSON{StateJSON: kit.NewStateJSONView(g, Variant, g.ID(), v), Rules: g.rules(), RaceJSON: g.race(), Verkehren: g.own()}
	if w, ok := g.Winner(); ok {
		seat := int(w)
		s.Winner = &seat
	}
	return s
}

// appendJSON appends the state as encoding/json writes it, by hand.
func (s *stateJSON) appendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonw.Envelope(b, &s.StateJSON)
	r := &s.Rules
	b = jsonw.KeyString(b, `,"rules":{"preset":`, r.Preset)
	b = jsonw.KeyString(b, `,"bands":`, r.Bands)
	b = jsonw.KeyString(b, `,"opening":`, r.Opening)
	b = jsonw.KeyInt(b, `,"bandLimit":`, r.BandLimit)
	b = jsonw.KeyBool(b, `,"higherDie":`, r.HigherDie)
	b = jsonw.KeyString(b, `,"firstPlayer":`, r.FirstPlayer)
	b = jsonw.KeyInt(b, `,"turnCap":`, r.TurnCap)
	b = append(b, `},`...)
	b = jsonw.Race(b, &s.RaceJSON)
	o := &s.Verkehren
	b = jsonw.KeyInt(b, `,"verkehren":{"drawTotal":`, o.DrawTotal)
	b = jsonw.KeyString(b, `,"ending":`, o.Ending)
	b = jsonw.KeyBools(b, `,"junker":`, o.Junker)
	return append(b, `}}`...)
}
