package toccateglio

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/jsonw"
)

// MarshalJSONView implements brettspiel.ViewMarshaler: [Game.MarshalJSON]
// in the parts v asks for (Toccateglio has no static part). It writes what
// encoding/json writes for the JSON form, by hand.
func (g *Game) MarshalJSONView(v brettspiel.JSONView) ([]byte, error) {
	if g.phase == phaseZero {
		return nil, zeroGame("encode JSON")
	}
	s := g.viewToJSON(v)
	return s.appendJSON(make([]byte, 0, 3072)), nil
}

// appendJSON appends the state as encoding/json writes it.
func (s *stateJSON) appendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonw.Envelope(b, &s.StateJSON)
	r := &s.Rules
	b = append(b, `,"rules":{`...)
	if r.Preset != "" {
		b = append(b, `"preset":`...)
		b = jsonw.String(b, r.Preset)
		b = append(b, ',')
	}
	b = append(b, `"stones":`...)
	b = jsonw.Int(b, r.Stones)
	b = append(b, `,"enterFromHand":`...)
	b = jsonw.Bool(b, r.EnterFromHand)
	b = append(b, `,"lowerBegins":`...)
	b = jsonw.Bool(b, r.LowerBegins)
	b = append(b, `,"firstPlayer":`...)
	b = jsonw.String(b, r.FirstPlayer)
	b = append(b, `,"throwAgainAfterDoublet":`...)
	b = jsonw.Bool(b, r.ThrowAgainAfterDoublet)
	b = append(b, `,"closedOpponentHucke":`...)
	b = jsonw.Bool(b, r.ClosedOpponentHucke)
	b = append(b, `,"higherDie":`...)
	b = jsonw.Bool(b, r.HigherDie)
	b = append(b, `,"singlesInForce":`...)
	b = jsonw.Bool(b, r.SinglesInForce)
	b = append(b, `,"huckeForce":`...)
	b = jsonw.String(b, r.HuckeForce)
	b = append(b, `,"exactBearOffAlways":`...)
	b = jsonw.Bool(b, r.ExactBearOffAlways)
	b = append(b, `,"noSatz":`...)
	b = jsonw.Bool(b, r.NoSatz)
	b = append(b, `,"singleDieHitsOnly":`...)
	b = jsonw.Bool(b, r.SingleDieHitsOnly)
	b = append(b, `,"multipliers":`...)
	b = jsonw.String(b, r.Multipliers)
	b = append(b, `,"partien":`...)
	b = jsonw.Int(b, r.Partien)
	b = append(b, `,"turnCap":`...)
	b = jsonw.Int(b, r.TurnCap)
	b = append(b, `},`...)
	b = jsonw.Race(b, &s.RaceJSON)
	o := &s.Own
	b = append(b, `,"toccateglio":{"marks":`...)
	b = jsonw.Ints(b, o.Marks)
	b = append(b, `,"strokes":`...)
	b = jsonw.Ints(b, o.Strokes)
	b = append(b, `,"partien":`...)
	b = jsonw.Int(b, o.Partien)
	b = append(b, `,"drawThrow":`...)
	b = jsonw.Ints(b, o.DrawThrow)
	b = append(b, `,"resume":`...)
	b = jsonw.String(b, o.Resume)
	b = append(b, `,"nextThrower":`...)
	b = jsonw.Int(b, o.NextThrower)
	b = append(b, `,"turnCapReached":`...)
	b = jsonw.Bool(b, o.TurnCapReached)
	b = append(b, `,"lastSeat":`...)
	b = jsonw.Int(b, o.LastSeat)
	return append(b, `}}`...)
}
