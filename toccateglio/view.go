package toccateglio

import (
	"encoding/json"

	"github.com/brettspiel/brettspiel"
)

// MarshalJSONView implements brettspiel.ViewMarshaler: [Game.MarshalJSON]
// in the parts v asks for (Toccateglio has no static part).
func (g *Game) MarshalJSONView(v brettspiel.JSONView) ([]byte, error) {
	if g.phase == phaseZero {
		return nil, zeroGame("encode JSON")
	}
	return json.Marshal(g.viewToJSON(v))
}
