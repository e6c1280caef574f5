package verkehren

import "github.com/brettspiel/brettspiel/internal/jsonw"

// appendJSON appends the state as encoding/json writes it, by hand.
func (s *jsonState) appendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonw.Envelope(b, &s.StateJSON)
	r := &s.Rules
	b = append(b, `,"rules":{"preset":`...)
	b = jsonw.String(b, r.Preset)
	b = append(b, `,"bands":`...)
	b = jsonw.String(b, r.Bands)
	b = append(b, `,"opening":`...)
	b = jsonw.String(b, r.Opening)
	b = append(b, `,"bandLimit":`...)
	b = jsonw.Int(b, r.BandLimit)
	b = append(b, `,"higherDie":`...)
	b = jsonw.Bool(b, r.HigherDie)
	b = append(b, `,"firstPlayer":`...)
	b = jsonw.String(b, r.FirstPlayer)
	b = append(b, `,"turnCap":`...)
	b = jsonw.Int(b, r.TurnCap)
	b = append(b, `},`...)
	b = jsonw.Race(b, &s.RaceJSON)
	o := &s.Verkehren
	b = append(b, `,"verkehren":{"drawTotal":`...)
	b = jsonw.Int(b, o.DrawTotal)
	b = append(b, `,"ending":`...)
	b = jsonw.String(b, o.Ending)
	b = append(b, `,"junker":`...)
	b = jsonw.Bools(b, o.Junker)
	return append(b, `}}`...)
}
