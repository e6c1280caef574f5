package toccateglio

import (
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

var _ kit.Simulator = (*Game)(nil)

// Simulate plays the match to its end at random, in place, far faster than
// [brettspiel.PlayOut]: no events are recorded and no move is checked, for
// every move is drawn from the legal ones. It is meant for search and
// simulation; the rules are those of [Game.Apply], marks, strokes, Partien,
// the turn cap and all.
//
// The distribution it samples, with every draw taken from r:
//
//   - a throw (also in the draw for the start) is r.IntN(36) read as two dice,
//     so each of the 36 ordered throws has probability 1/36;
//   - a play is drawn uniformly from the distinct legal plays of the throw,
//     as [Game.LegalMoves] lists them (the pass when it is legal and the
//     force play of T-H3 included): legal[r.IntN(len(legal))];
//   - the winner of a Partie decides uniformly between afresh and go-on, in
//     the order LegalMoves lists them;
//   - with the Schule (Options.Schule) every declaration and answer is the
//     one [Game.RuleMove] gives, as the module's bots play them, and no
//     draw is taken for it.
//
// So a game is distributed as [brettspiel.PlayOut] with
// [brettspiel.RandomPolicy] would play it (the Schule's moves aside), and the same state and seed give
// the same game: a replay that draws the same way through LegalMoves and
// Apply reaches the same end. At the end [Game.Events] is empty. At the end
// of a match (or when g is already over) Simulate returns at once; on the
// zero Game it does nothing.
func (g *Game) Simulate(r *rand.Rand) {
	if g.phase == phaseZero {
		return
	}
	g.events = g.events[:0]
	g.quiet = true
	defer func() { g.quiet = false }()
	var buf [maxPlays + 1]brettspiel.Move
	for g.phase != phaseOver {
		switch g.phase {
		case phaseMove:
			legal := g.appendPlays(buf[:0])
			m := legal[r.IntN(len(legal))]
			g.applyPlay(m.Payload(), legal, nil)
			g.countTurn()
		case phaseDecide:
			g.applyDecision(r.IntN(2) == 1) // [afresh, go-on]
		case phaseMark, phaseSchule:
			m, _ := g.RuleMove()
			g.applySchule(m.Payload())
		default:
			x := r.IntN(36)
			a, b := uint8(x/6+1), uint8(x%6+1)
			g.applyThrow(max(a, b), min(a, b))
		}
	}
}
