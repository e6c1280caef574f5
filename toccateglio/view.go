package toccateglio

import (
	"github.com/brettspiel/brettspiel/internal/jsonw"
	"github.com/brettspiel/brettspiel/kit"
)

// MarshalJSONView implements kit.ViewMarshaler: [Game.MarshalJSON]
// in the parts v asks for (Toccateglio has no static part). It writes what
// encoding/json writes for the JSON form, by hand.
func (g *Game) MarshalJSONView(v kit.JSONView) ([]byte, error) {
	if g.phase == phaseZero {
		return nil, zeroGame(kit.OpEncodeJSON)
	}
	return g.AppendJSONView(make([]byte, 0, 3072), v)
}

// AppendJSONView implements kit.ViewAppender: it appends to b what
// MarshalJSONView returns.
func (g *Game) AppendJSONView(b []byte, v kit.JSONView) ([]byte, error) {
	if g.phase == phaseZero {
		return b, zeroGame(kit.OpEncodeJSON)
	}
	s := g.viewToJSON(v)
	return s.appendJSON(b), nil
}

// appendJSON appends the state as encoding/json writes it.
func (s *stateJSON) appendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonw.Envelope(b, &s.StateJSON)
	r := &s.Rules
	b = append(b, `,"rules":{`...)
	if r.Preset != "" {
		b = jsonw.KeyString(b, `"preset":`, r.Preset)
		b = append(b, ',')
	}
	b = jsonw.KeyInt(b, `"stones":`, r.Stones)
	b = jsonw.KeyBool(b, `,"enterFromHand":`, r.EnterFromHand)
	b = jsonw.KeyBool(b, `,"lowerBegins":`, r.LowerBegins)
	b = jsonw.KeyString(b, `,"firstPlayer":`, r.FirstPlayer)
	b = jsonw.KeyBool(b, `,"throwAgainAfterDoublet":`, r.ThrowAgainAfterDoublet)
	b = jsonw.KeyBool(b, `,"closedOpponentHucke":`, r.ClosedOpponentHucke)
	b = jsonw.KeyBool(b, `,"higherDie":`, r.HigherDie)
	b = jsonw.KeyBool(b, `,"singlesInForce":`, r.SinglesInForce)
	b = jsonw.KeyString(b, `,"huckeForce":`, r.HuckeForce)
	b = jsonw.KeyBool(b, `,"exactBearOffAlways":`, r.ExactBearOffAlways)
	b = jsonw.KeyBool(b, `,"noSatz":`, r.NoSatz)
	b = jsonw.KeyBool(b, `,"singleDieHitsOnly":`, r.SingleDieHitsOnly)
	b = jsonw.KeyString(b, `,"multipliers":`, r.Multipliers)
	if r.Schule {
		b = append(b, `,"schule":true`...)
	}
	b = jsonw.KeyInt(b, `,"partien":`, r.Partien)
	b = jsonw.KeyInt(b, `,"turnCap":`, r.TurnCap)
	b = append(b, `},`...)
	b = jsonw.Race(b, &s.RaceJSON)
	o := &s.Own
	b = jsonw.KeyInts(b, `,"toccateglio":{"marks":`, o.Marks)
	b = jsonw.KeyInts(b, `,"strokes":`, o.Strokes)
	b = jsonw.KeyInt(b, `,"partien":`, o.Partien)
	b = jsonw.KeyInts(b, `,"drawThrow":`, o.DrawThrow)
	b = jsonw.KeyString(b, `,"resume":`, o.Resume)
	b = jsonw.KeyInt(b, `,"nextThrower":`, o.NextThrower)
	b = jsonw.KeyBool(b, `,"turnCapReached":`, o.TurnCapReached)
	b = jsonw.KeyInt(b, `,"lastSeat":`, o.LastSeat)
	if w := o.Schule; w != nil {
		b = jsonw.KeyInt(b, `,"schule":{"step":`, w.Step)
		b = jsonw.KeyInt(b, `,"mover":`, w.Mover)
		b = jsonw.KeyInt(b, `,"declarer":`, w.Declarer)
		b = jsonw.KeyInt(b, `,"author":`, w.Author)
		b = jsonw.KeyInt(b, `,"claims":`, w.Claims)
		b = jsonw.KeyInt(b, `,"changes":`, w.Changes)
		b = jsonw.KeyInts(b, `,"reached":`, w.Reached)
		b = jsonw.KeyInt(b, `,"unplayed":`, w.Unplayed)
		b = jsonw.KeyInt(b, `,"unusedDie":`, w.UnusedDie)
		b = jsonw.KeyInts(b, `,"closedBefore":`, w.ClosedBefore)
		if d := w.Due; d != nil {
			b = jsonw.KeyInt(b, `,"due":{"owed":`, d.Owed)
			b = jsonw.KeyBool(b, `,"short":`, d.Short)
			b = jsonw.KeyInt(b, `,"extra":`, d.Extra)
			b = jsonw.KeyInts(b, `,"opened":`, d.Opened)
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(b, `}}`...)
}
