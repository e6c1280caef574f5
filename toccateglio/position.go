package toccateglio

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// Position is a loadable state between turns: the stones, the score, and
// whose turn it is, either to throw (Dice zero) or to play Dice.
type Position struct {
	Stones  [2]board.Side     // each player's stones in his own track: 0 the hand, 1…24, 25 borne off
	Marks   [2]int            // marks in the current Partie, 0…11
	Strokes [2]int            // strokes won in the match
	Partien int               // Partien of the match finished
	Turn    brettspiel.Player // who throws, or who plays Dice
	Dice    [2]int            // the throw to play (its hit marks already counted), or zeros
}

// Position returns the current position. It describes the state fully only
// when a player is to throw or to play a throw; during the draw for the start,
// at the winner's decision and at the end it gives the stones and the score.
func (g *Game) Position() Position {
	return Position{
		Stones:  g.sides,
		Marks:   g.Marks(),
		Strokes: g.Strokes(),
		Partien: int(g.partien),
		Turn:    g.turn,
		Dice:    [2]int{int(g.dice[0]), int(g.dice[1])},
	}
}

// FromPosition builds a game under opts at pos. A position that cannot arise
// under the rules is refused with an error wrapping brettspiel.ErrBadPosition
// that names the problem. The turn cap counts from the loaded position, at
// the fewest turns that reach it — that finish pos.Partien, that bring the
// stones from the setup to pos.Stones, and one if there are marks (see the
// position ID) — so that the game saves and loads as it is.
func FromPosition(opts Options, pos Position) (*Game, error) {
	o, err := opts.normalized()
	if err != nil {
		return nil, err
	}
	bad := func(rules []string, format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: kit.OpLoadPosition, Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...), Rules: rules}
	}
	if pos.Turn != 0 && pos.Turn != 1 {
		return bad(nil, "Turn is %d, want player 0 or 1", pos.Turn)
	}
	for pl := 0; pl < 2; pl++ {
		if reason, rule := checkSide(o, pl, &pos.Stones[pl], false); reason != "" {
			return bad(rule, "%s", reason)
		}
		if pos.Marks[pl] < 0 || pos.Marks[pl] > 11 {
			return bad(nil, "player %d has %d marks, want 0…11", pl, pos.Marks[pl])
		}
		if pos.Strokes[pl] < 0 || pos.Strokes[pl] > 4*o.Partien {
			return bad(nil, "player %d has %d strokes", pl, pos.Strokes[pl])
		}
	}
	if reason := checkPoints(&pos.Stones); reason != "" {
		return bad([]string{"T-D3"}, "%s", reason)
	}
	if pos.Partien < 0 || pos.Partien >= o.Partien {
		return bad(nil, "Partien finished is %d, the match has %d", pos.Partien, o.Partien)
	}
	if st := pos.Strokes[0] + pos.Strokes[1]; st < pos.Partien || st > 4*pos.Partien {
		return bad(nil, "%d strokes after %d Partien", st, pos.Partien)
	}
	d := pos.Dice
	if !(d[0] == 0 && d[1] == 0) && (d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6) {
		return bad(nil, "Dice %d-%d, want two dice 1…6 or zeros", d[0], d[1])
	}
	g := &Game{opts: o, sides: pos.Stones, turn: pos.Turn, partien: int32(pos.Partien)}
	for pl := 0; pl < 2; pl++ {
		g.marks[pl] = int8(pos.Marks[pl])
		g.strokes[pl] = int32(pos.Strokes[pl])
	}
	// The turns played count as the fewest that reach the position, so that
	// the state agrees with its history when it is saved.
	turns := fewestTurns(&o, &g.sides, g.marks, pos.Partien)
	if turns >= o.TurnCap {
		return bad(nil, "the position takes at least %d turns (its Partien, marks and stones beyond the setup), but the turn cap is %d", turns, o.TurnCap)
	}
	g.turns = int32(turns)
	g.phase = phaseThrow
	if d[0] != 0 {
		g.phase = phaseMove
		g.dice = [2]uint8{uint8(max(d[0], d[1])), uint8(min(d[0], d[1]))}
	}
	return g, nil
}

// checkSide returns what is wrong with player pl's stones under o, or "",
// and the rules that forbid it where one does.
// allOff allows every stone borne off: the winner of a Marsch before the
// stones go back to the setup.
func checkSide(o Options, pl int, s *board.Side, allOff bool) (string, []string) {
	total := 0
	for i, c := range s {
		if c < 0 {
			return fmt.Sprintf("player %d has %d stones at %d", pl, c, i), nil
		}
		total += int(c)
	}
	switch {
	case total != o.Stones:
		return fmt.Sprintf("player %d has %d stones, want %d", pl, total, o.Stones), nil
	case s[oppHucke] > 0:
		return fmt.Sprintf("player %d has stones on the opponent's Hucke (his 13)", pl), []string{"T-D4"}
	case s[ownHucke] == 1:
		return fmt.Sprintf("player %d has a lone stone on his Hucke", pl), []string{"T-H1", "T-H2"}
	case s[hand] > 0 && !o.EnterFromHand:
		return fmt.Sprintf("player %d has stones in hand, but these rules enter none", pl), []string{"T-S4"}
	case s[off] == int8(o.Stones) && !allOff:
		return fmt.Sprintf("player %d has borne off all stones: the Marsch would be over", pl), []string{"T-B3"}
	case s[off] > 0 && s.CountIn(1, 18)+int(s[hand]) > 0:
		return fmt.Sprintf("player %d has borne off stones while others are outside his last quarter", pl), []string{"T-B1"}
	case s[hand] > 0 && s.CountIn(7, 24)+int(s[off]) > 0:
		return fmt.Sprintf("player %d has stones in hand and stones beyond his first quarter", pl), []string{"T-S4"}
	}
	return "", nil
}

// checkPoints returns "" unless both players have stones on one point.
func checkPoints(sides *[2]board.Side) string {
	for p := 1; p <= 24; p++ {
		if sides[0][p] > 0 && sides[1][25-p] > 0 {
			return fmt.Sprintf("both players have stones on point %d (player 0's track)", p)
		}
	}
	return ""
}

// check returns what is wrong with the whole state, or "": everything
// FromPosition checks, and what the phase of the match implies for the rest.
// g.opts must be normalized.
func (g *Game) check() string {
	o := &g.opts
	switch {
	case g.turn != 0 && g.turn != 1:
		return fmt.Sprintf("seat %d, want 0 or 1", g.turn)
	case g.next != 0 && g.next != 1:
		return fmt.Sprintf("next thrower %d, want 0 or 1", g.next)
	case g.phase > phaseSchule || g.phase == phaseZero:
		return fmt.Sprintf("phase %d", g.phase)
	case g.resume > resumeNext:
		return fmt.Sprintf("resume %d", g.resume)
	}
	ended := g.phase == phaseDecide || g.phase == phaseOver
	for p := 0; p < 2; p++ {
		// Every stone is borne off only before the stones go back to the
		// setup: in the windows of the Schule after the play that bore off
		// the last one (steps 4–6, the mover), and when a Partie ended with
		// the Marsch — by its winner, or under the Schule by either player,
		// for the other one may win there by his declaration or claims.
		allOff := false
		switch {
		case ended && g.resume == resumeSetup:
			allOff = p == int(g.turn) || o.Schule
		case (g.phase == phaseMark || g.phase == phaseSchule) && g.sch.step >= 4:
			allOff = p == int(g.turn)
		}
		if reason, _ := checkSide(*o, p, &g.sides[p], allOff); reason != "" {
			return reason
		}
	}
	if g.sides[0][off] == int8(o.Stones) && g.sides[1][off] == int8(o.Stones) {
		return "both players have borne off all stones: one Marsch has one winner (T-B3)"
	}
	if g.phase == phaseDecide && g.resume == resumeMove && g.next != g.turn && !o.Schule {
		return fmt.Sprintf("player %d won by the hit marks of player %d's throw: without the Schule only the thrower marks them (T-W1)", g.turn, g.next)
	}
	if reason := checkPoints(&g.sides); reason != "" {
		return reason
	}
	if reason := g.checkScore(ended); reason != "" {
		return reason
	}
	if reason := g.checkDice(); reason != "" {
		return reason
	}
	if reason := g.checkSchule(); reason != "" {
		return reason
	}
	if g.turns == 0 && g.marks != [2]int8{} && !o.Schule {
		return fmt.Sprintf("no turn has been played, but the marks are %d and %d: nothing can be hit from the setup (T-S1, T-M1, T-M3) and every other mark follows a play (T-W1)", g.marks[0], g.marks[1])
	}
	if n := pipTurns(o, &g.sides); int(g.turns) < n {
		return fmt.Sprintf("%d turns played, but the stones stand %d and %d points beyond the setup (T-S1), which takes at least %d turns: a play moves them at most %d points (T-D1, T-D2)",
			g.turns, advance(o, &g.sides[0]), advance(o, &g.sides[1]), n, maxPipsPerTurn)
	}
	return ""
}

// checkScore is the part of check on the marks, the strokes, the Partien
// and the turns: what the phase of the match implies for them; ended tells
// that a Partie has just been won (the winner's decision, or the end).
func (g *Game) checkScore(ended bool) string {
	o := &g.opts
	w, l := g.turn, 1-g.turn
	if o.Schule {
		// The players mark themselves: in a window of the Schule and at the
		// end of a Partie both may hold 12 or more (T-W5d), up to the most a
		// window gives (maxClaims); elsewhere below 12, as without it.
		most := int8(11)
		if ended || g.phase == phaseMark || g.phase == phaseSchule {
			most = 127
		}
		for p := range g.marks {
			if g.marks[p] < 0 || g.marks[p] > most {
				return fmt.Sprintf("player %d has %d marks, want 0…%d", p, g.marks[p], most)
			}
		}
	} else if g.marks[l] < 0 || g.marks[l] > 11 {
		return fmt.Sprintf("player %d has %d marks, want 0…11", l, g.marks[l])
	}
	if !o.Schule && g.marks[w] < 0 || (!ended && g.marks[w] > 11 && !o.Schule) {
		return fmt.Sprintf("player %d has %d marks, want 0…11", w, g.marks[w])
	}
	if ended && g.marks[w] > 11+maxMarksAtOnce && !o.Schule {
		return fmt.Sprintf("player %d won the Partie with %d marks, but he had at most 11 before the step that won it, and no step adds more than %d", w, g.marks[w], maxMarksAtOnce)
	}
	if g.phase == phaseDecide && g.marks[w] < 12 && (o.NoSatz || g.resume != resumeSetup) {
		return fmt.Sprintf("player %d decides after winning the Partie, but has only %d marks", w, g.marks[w])
	}
	for p := 0; p < 2; p++ {
		if g.strokes[p] < 0 || int(g.strokes[p]) > 4*o.Partien {
			return fmt.Sprintf("player %d has %d strokes", p, g.strokes[p])
		}
	}
	if st := g.strokes[0] + g.strokes[1]; st < g.partien || st > 4*g.partien {
		return fmt.Sprintf("%d strokes after %d Partien", st, g.partien)
	}
	if most := maxPartien(g.turns); g.partien > most && !o.Schule {
		return fmt.Sprintf("%d Partien finished after %d turns; that many turns finish at most %d", g.partien, g.turns, most)
	}
	switch {
	case g.phase == phaseOver && !g.capped && int(g.partien) != o.Partien:
		return fmt.Sprintf("the match is over after %d of %d Partien", g.partien, o.Partien)
	case (g.phase != phaseOver || g.capped) && int(g.partien) >= o.Partien:
		return fmt.Sprintf("Partien finished is %d, the match has %d", g.partien, o.Partien)
	case g.phase == phaseDecide && g.partien == 0:
		return "a decision after the Partie, but no Partie is finished"
	case g.capped && (g.phase != phaseOver || int(g.turns) != o.TurnCap):
		return fmt.Sprintf("the turn cap is marked as reached after %d of %d turns", g.turns, o.TurnCap)
	case int(g.turns) > o.TurnCap || (int(g.turns) == o.TurnCap && g.phase != phaseOver && !(g.sch.step >= 4 && g.phase >= phaseMark)):
		return fmt.Sprintf("%d turns played, the turn cap is %d", g.turns, o.TurnCap)
	}
	return ""
}

// checkDice is the part of check on the dice and the draw for the start in
// each phase.
func (g *Game) checkDice() string {
	o := &g.opts
	if g.draw0 != [2]uint8{} && !validThrow(g.draw0) {
		return fmt.Sprintf("the draw's throw %d-%d, want two dice 1…6, higher first", g.draw0[0], g.draw0[1])
	}
	if g.dice != [2]uint8{} && !validThrow(g.dice) {
		return fmt.Sprintf("dice %d-%d, want two dice 1…6, higher first", g.dice[0], g.dice[1])
	}
	switch g.phase {
	case phaseDraw0, phaseDraw1:
		if _, ok := o.FirstPlayer.Seat(); ok {
			return "a draw for the start, but the options name the first player"
		}
		if g.turn != 0 || g.dice != [2]uint8{} || g.marks != [2]int8{} {
			return "a draw for the start needs seat 0, no dice and no marks"
		}
		var setup Game
		setup.opts = *o
		setup.setup()
		if setup.sides != g.sides {
			return "a draw for the start, but the stones are not in the setup"
		}
		if g.phase == phaseDraw1 && !validThrow(g.draw0) {
			return "the second throw of the draw, but no first throw"
		}
	case phaseThrow:
		if g.dice != [2]uint8{} {
			return fmt.Sprintf("dice %d-%d before the throw", g.dice[0], g.dice[1])
		}
	case phaseMove:
		if !validThrow(g.dice) {
			return "a play is due, but there are no dice"
		}
	case phaseMark, phaseSchule:
		if !validThrow(g.dice) {
			return "the points of a throw are declared, but there are no dice"
		}
	case phaseDecide:
		if g.resume == resumeMove && !validThrow(g.dice) {
			return "going on would play the winning throw, but there are no dice"
		}
	}
	return ""
}

// maxMarksAtOnce is the most marks one step of a turn (T-W1) can add. Hit
// marks (step 2) are the most: a hit is a source point and a route of the
// throw whose target holds an opponent's blot, so each source and each target
// take part in at most three hits (the two dice and both combined; two routes
// worth 2 each with a doublet, T-M2). Sources and targets are different
// points of the 24, so there are at most 12 of the fewer: 3 × 12 marks, or
// 2 × 2 × 12 with a doublet, and 4 for the opponent's Hucke (T-M3) — 52.
// The other steps add less: unplayable numbers and opened quarters (T-D7,
// T-J2) 2 + 3 × 2, a closed quarter 2 (fifteen or sixteen stones close one
// quarter at a time, T-J1), the Marsch 2 (T-B3).
const maxMarksAtOnce = 2*2*12 + 4

// maxPartien returns the most Partien that can have ended when turns turns
// (plays) have been made. A Partie ends in a throw: by its hit marks before
// it is played (T-W1 step 2) or in its play. A throw's play ends at most one
// Partie; a throw that ends one by its hit marks is played after the winner
// goes on (T-W3), or, when he starts afresh, is followed by a throw from the
// setup, where nothing can be hit. So every play accounts for at most two
// Partien, and one more may have ended by a throw not yet played. No
// Partie ends before the first play: nothing is hit from the setup.
func maxPartien(turns int32) int32 {
	if turns <= 0 {
		return 0
	}
	return 2*turns + 1
}

// minTurns is the fewest turns after which partien Partien can have ended
// (see maxPartien).
func minTurns(partien int) int {
	if partien <= 0 {
		return 0
	}
	return max(1, partien/2)
}

// maxPipsPerTurn is the farthest a player's stones advance in one play, in
// track points: a play is at most two steps (a doublet is played once, T-D1;
// T-D2), each of at most its die, 6 (a stone borne off by a higher number, or
// moved one point less to take the Hucke by force, goes less far).
const maxPipsPerTurn = 12

// advance returns how far side s of a match under o stands beyond the setup
// (T-S1), in track points: every stone starts on point 1, or in the hand
// (0) when the stones are entered, and a stone borne off is at 25. Stones
// move only forward (T-S2), and back to the setup only all together (T-B4,
// T-W3).
func advance(o *Options, s *board.Side) int {
	start := 1
	if o.EnterFromHand {
		start = hand
	}
	n := 0
	for i, c := range s {
		n += int(c) * (i - start)
	}
	return n
}

// pipTurns is the fewest turns in which both players' stones can have come
// from the setup to sides: each player's own plays, at most maxPipsPerTurn
// points each.
func pipTurns(o *Options, sides *[2]board.Side) int {
	n := 0
	for p := range sides {
		n += (max(0, advance(o, &sides[p])) + maxPipsPerTurn - 1) / maxPipsPerTurn
	}
	return n
}

// fewestTurns is the fewest turns (plays) after which a match under o can
// stand at sides with marks in the current Partie and partien Partien
// finished: those the Partien take (minTurns), those the stones' advance
// from the setup takes (pipTurns), and one if there are marks — nothing is
// marked before the first play, since nothing can be hit from the setup
// (T-M1, T-M3) and every other mark follows a play (T-W1).
func fewestTurns(o *Options, sides *[2]board.Side, marks [2]int8, partien int) int {
	n := max(minTurns(partien), pipTurns(o, sides))
	if marks != [2]int8{} {
		n = max(n, 1)
	}
	return n
}

func validThrow(d [2]uint8) bool { return d[0] >= 1 && d[0] <= 6 && d[1] >= 1 && d[1] <= d[0] }
