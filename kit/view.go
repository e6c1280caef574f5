package kit

import "github.com/brettspiel/brettspiel"

// JSONView selects the parts of a state's JSON form that a frontend asks
// for again and again, so that an answer carries only what changes. The
// zero JSONView is the whole form, what MarshalJSON writes. A state written
// under another view is for showing, not for loading: its UnmarshalJSON may
// refuse it.
type JSONView struct {
	// NoLegal leaves the legal moves of a seat's turn out of "legal" (it
	// is an empty list); a frontend asks for them when it needs them.
	NoLegal bool
	// NoChance leaves the throws of a chance node out of "legal".
	NoChance bool
	// NoEvents leaves the events of the last step out of "events" (it is
	// an empty list), for a transport whose answer carries them in a log
	// of its own.
	NoEvents bool
	// NoStatic leaves out what the rules fix in every state of a game: the
	// Festungsspiel's plan (its layout and the fields' names, kinds,
	// neighbours and coordinates; each field keeps its ID, marker and
	// squares) and its events' tracks, which are their fields (an event
	// leaves out "trackFrom" and "trackTo" where they equal "from" and
	// "to"). The race games have nothing of the kind.
	NoStatic bool
	// NoSecrets leaves out what a player may not see while it is hidden
	// from him: under Toccateglio's Schule, what was due in the window
	// that is open, and the position ID, which holds it. A view for a
	// player's frontend sets it; the whole form, for a server to store,
	// does not.
	NoSecrets bool
}

// ViewMarshaler is implemented by the games of this module: MarshalJSONView
// writes the JSON form of the state in the parts v asks for.
type ViewMarshaler interface {
	MarshalJSONView(v JSONView) ([]byte, error)
}

// ViewAppender is a ViewMarshaler that writes into the caller's buffer:
// AppendJSONView appends to b what MarshalJSONView returns, so that a
// transport writes the state straight into its answer, without a buffer
// of its own and a copy. The games of this module implement it.
type ViewAppender interface {
	ViewMarshaler
	AppendJSONView(b []byte, v JSONView) ([]byte, error)
}

// NewStateJSONView is [NewStateJSON] under a view: it lists the legal moves
// or the throws only where v asks for them, and does not compute them
// otherwise.
func NewStateJSONView(g brettspiel.Game, game, id string, v JSONView) StateJSON {
	s := StateJSON{Version: JSONVersion, Game: game, ID: id, Player: -1, Legal: []brettspiel.LegalMove{}, Events: []brettspiel.Event{}}
	switch p := g.ToMove(); p {
	case brettspiel.Chance:
		s.Turn = TurnChance
		if !v.NoChance {
			for _, o := range g.ChanceOutcomes() {
				s.Legal = append(s.Legal, legalMove(g, o.Move, o.Weight))
			}
		}
	case brettspiel.Terminal:
		s.Turn = TurnOver
	default:
		s.Turn, s.Player = TurnPlayer, int(p)
		if !v.NoLegal {
			for _, m := range g.LegalMoves() {
				s.Legal = append(s.Legal, legalMove(g, m, 0))
			}
		}
	}
	if evs := g.Events(); evs != nil && !v.NoEvents {
		s.Events = evs // a copy already, the caller's (brettspiel.Game.Events)
	}
	s.Returns = g.Returns()
	return s
}
