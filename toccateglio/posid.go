package toccateglio

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/wire"
	"github.com/brettspiel/brettspiel/kit"
)

// Variant is the name of this game in position IDs, JSON and records.
const Variant = "toccateglio"

// IDVersion is the version of the payload of this package's position IDs.
const IDVersion = 1

// Option flags in the ID, one bit each.
const (
	flagStones16 = 1 << iota
	flagEnterFromHand
	flagLowerBegins
	flagThrowAgain
	flagClosedOppHucke
	flagHigherDie
	flagSinglesInForce
	flagExactBearOff
	flagNoSatz
	flagSingleDieHits
	flagCount = iota
)

// MarshalText returns the position ID of the game (see the package doc):
// "toccateglio:1:" and the payload in URL-safe base64 with a checksum. It
// holds the rules and the whole state, so that a game loaded from it plays on
// exactly as g; it does not hold the events of the last apply. The zero Game
// has no ID: an error wrapping brettspiel.ErrZeroGame.
func (g *Game) MarshalText() ([]byte, error) {
	if g.phase == phaseZero {
		return nil, zeroGame("encode position ID")
	}
	return []byte(kit.EncodeID(Variant, IDVersion, g.payload())), nil
}

// ID returns the position ID, the text of MarshalText; "" for the zero Game.
func (g *Game) ID() string {
	if g.phase == phaseZero {
		return ""
	}
	return kit.EncodeID(Variant, IDVersion, g.payload())
}

func (g *Game) payload() []byte {
	var w wire.Writer
	o := &g.opts
	var flags uint64
	for i, b := range [flagCount]bool{o.Stones == 16, o.EnterFromHand, o.LowerBegins, o.ThrowAgainAfterDoublet,
		o.ClosedOpponentHucke, o.HigherDie, o.SinglesInForce, o.ExactBearOffAlways, o.NoSatz, o.SingleDieHitsOnly} {
		if b {
			flags |= 1 << i
		}
	}
	w.Uint(flags)
	w.Uint(uint64(o.FirstPlayer))
	w.Uint(uint64(o.HuckeForce))
	w.Uint(uint64(o.Multipliers))
	w.Uint(uint64(o.Partien))
	w.Uint(uint64(o.TurnCap))
	w.Uint(uint64(g.phase - phaseDraw0)) // phaseZero is no state: the draw is 0, as it always was
	w.Uint(uint64(g.turn))
	w.Uint(uint64(g.dice[0]))
	w.Uint(uint64(g.dice[1]))
	w.Uint(uint64(g.draw0[0]))
	w.Uint(uint64(g.draw0[1]))
	w.Uint(uint64(g.resume))
	w.Uint(uint64(g.next))
	w.Bool(g.capped)
	w.Uint(uint64(g.turns))
	w.Uint(uint64(g.partien))
	for p := 0; p < 2; p++ {
		w.Uint(uint64(g.marks[p]))
		w.Uint(uint64(g.strokes[p]))
	}
	for p := 0; p < 2; p++ { // a mask of the occupied positions, then their counts
		var mask uint64
		for i, c := range g.sides[p] {
			if c != 0 {
				mask |= 1 << i
			}
		}
		w.Uint(mask)
		for _, c := range g.sides[p] {
			if c != 0 {
				w.Uint(uint64(c))
			}
		}
	}
	return w.Bytes()
}

// UnmarshalText loads a position ID written by MarshalText. The ID is checked
// as strictly as FromPosition checks a position: a mistyped ID, rules out of
// range or a state that cannot arise is refused with an error that says what
// is wrong, and g is left unchanged. What cannot arise includes a winner with
// more marks than 11 and the most one step of a turn adds (52, see T-W1), and
// more Partien finished than the turns played can finish (two in each play,
// one more by a throw not yet played, none before the first play), marks
// before the first play (nothing can be hit from the setup), and stones
// farther from the setup than the turns played can bring them (a play moves
// a player's stones at most 12 points). The loaded game has no events.
func (g *Game) UnmarshalText(text []byte) error {
	n, err := ParseID(string(text))
	if err != nil {
		return err
	}
	*g = *n
	return nil
}

// ParseID loads a game from its position ID (see UnmarshalText).
func ParseID(id string) (*Game, error) {
	const op = "decode position ID"
	payload, err := kit.DecodeID(Variant, IDVersion, id)
	if err != nil {
		return nil, err
	}
	fail := func(sentinel error, format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: op, Input: id, Err: sentinel, Reason: fmt.Sprintf(format, args...)}
	}
	r := wire.NewReader(payload)
	flags := r.Uint("options", 1<<flagCount-1)
	var o Options
	o.Stones = 15
	if flags&flagStones16 != 0 {
		o.Stones = 16
	}
	o.EnterFromHand = flags&flagEnterFromHand != 0
	o.LowerBegins = flags&flagLowerBegins != 0
	o.ThrowAgainAfterDoublet = flags&flagThrowAgain != 0
	o.ClosedOpponentHucke = flags&flagClosedOppHucke != 0
	o.HigherDie = flags&flagHigherDie != 0
	o.SinglesInForce = flags&flagSinglesInForce != 0
	o.ExactBearOffAlways = flags&flagExactBearOff != 0
	o.NoSatz = flags&flagNoSatz != 0
	o.SingleDieHitsOnly = flags&flagSingleDieHits != 0
	o.FirstPlayer = brettspiel.FirstPlayer(r.Uint("first player", 2))
	o.HuckeForce = HuckeForce(r.Uint("Hucke force", uint64(ForceNever)))
	o.Multipliers = Multipliers(r.Uint("multipliers", uint64(MultipliersTD)))
	o.Partien = int(r.Uint("Partien of the match", maxPartienOption))
	o.TurnCap = int(r.Uint("turn cap", maxTurnCap))
	g := &Game{}
	g.phase = phaseDraw0 + phase(r.Uint("phase", uint64(phaseOver-phaseDraw0)))
	g.turn = brettspiel.Player(r.Uint("seat", 1))
	g.dice[0] = uint8(r.Uint("die", 6))
	g.dice[1] = uint8(r.Uint("die", 6))
	g.draw0[0] = uint8(r.Uint("die of the draw", 6))
	g.draw0[1] = uint8(r.Uint("die of the draw", 6))
	g.resume = resume(r.Uint("resume", uint64(resumeNext)))
	g.next = brettspiel.Player(r.Uint("next thrower", 1))
	g.capped = r.Bool("turn cap reached")
	g.turns = int32(r.Uint("turns", maxTurnCap))
	g.partien = int32(r.Uint("Partien finished", maxPartienOption))
	for p := 0; p < 2; p++ {
		g.marks[p] = int8(r.Uint("marks", 127))
		g.strokes[p] = int32(r.Uint("strokes", 4000))
	}
	for p := 0; p < 2; p++ {
		mask := r.Uint("occupied positions", 1<<len(board.Side{})-1)
		for i := range g.sides[p] {
			if mask&(1<<i) != 0 {
				g.sides[p][i] = int8(r.Uint("stones", 16))
				if g.sides[p][i] == 0 && r.Err() == nil {
					return fail(brettspiel.ErrBadNotation, "player %d: position %d is marked occupied but holds no stone", p, i)
				}
			}
		}
	}
	if err := r.Done(); err != nil {
		return fail(brettspiel.ErrBadNotation, "%v", err)
	}
	norm, err := o.normalized()
	if err != nil {
		return fail(brettspiel.ErrBadOptions, "%s", err.(*brettspiel.Error).Reason)
	}
	if norm != o {
		return fail(brettspiel.ErrBadOptions, "the options are not in their normal form")
	}
	g.opts = o
	if reason := g.check(); reason != "" {
		return fail(brettspiel.ErrBadPosition, "%s", reason)
	}
	if g.ID() != id {
		return fail(brettspiel.ErrBadNotation, "the payload is not in its canonical form (a number is padded)")
	}
	return g, nil
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
	case g.phase > phaseOver || g.phase == phaseZero:
		return fmt.Sprintf("phase %d", g.phase)
	case g.resume > resumeNext:
		return fmt.Sprintf("resume %d", g.resume)
	}
	ended := g.phase == phaseDecide || g.phase == phaseOver
	for p := 0; p < 2; p++ {
		allOff := ended && g.resume == resumeSetup && p == int(g.turn)
		if reason, _ := checkSide(*o, p, &g.sides[p], allOff); reason != "" {
			return reason
		}
	}
	if reason := checkPoints(&g.sides); reason != "" {
		return reason
	}
	w, l := g.turn, 1-g.turn
	if g.marks[l] < 0 || g.marks[l] > 11 {
		return fmt.Sprintf("player %d has %d marks, want 0…11", l, g.marks[l])
	}
	if g.marks[w] < 0 || (!ended && g.marks[w] > 11) {
		return fmt.Sprintf("player %d has %d marks, want 0…11", w, g.marks[w])
	}
	if ended && g.marks[w] > 11+maxMarksAtOnce {
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
	if most := maxPartien(g.turns); g.partien > most {
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
	case int(g.turns) > o.TurnCap || (int(g.turns) == o.TurnCap && g.phase != phaseOver):
		return fmt.Sprintf("%d turns played, the turn cap is %d", g.turns, o.TurnCap)
	}
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
	case phaseDecide:
		if g.resume == resumeMove && !validThrow(g.dice) {
			return "going on would play the winning throw, but there are no dice"
		}
	}
	if g.turns == 0 && g.marks != [2]int8{} {
		return fmt.Sprintf("no turn has been played, but the marks are %d and %d: nothing can be hit from the setup (T-S1, T-M1, T-M3) and every other mark follows a play (T-W1)", g.marks[0], g.marks[1])
	}
	if n := pipTurns(o, &g.sides); int(g.turns) < n {
		return fmt.Sprintf("%d turns played, but the stones stand %d and %d points beyond the setup (T-S1), which takes at least %d turns: a play moves them at most %d points (T-D1, T-D2)",
			g.turns, advance(o, &g.sides[0]), advance(o, &g.sides[1]), n, maxPipsPerTurn)
	}
	return ""
}

// Variant returns the game's name, [Variant] ("toccateglio"), as every
// brettspiel.Game says it.
func (g *Game) Variant() string { return Variant }
