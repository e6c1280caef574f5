package toccateglio

import (
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/wire"
	"github.com/brettspiel/brettspiel/kit"
)

// Variant is the name of this game in position IDs, JSON and records.
const Variant = "toccateglio"

// IDVersion is the version of the payload of this package's position IDs
// under the Schule (Options.Schule): version 1 and the state of the window
// of the Schule. A game without the Schule writes the payload of version
// 1, as it always did, and ParseID reads both.
const IDVersion = 2

// idVersionPlain is the version of the payload of a game without the Schule.
const idVersionPlain = 1

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

// flagSchule is the option flag of version 2: Options.Schule.
const flagSchule = 1 << flagCount

// MarshalText returns the position ID of the game (see the package doc):
// "toccateglio:1:" and the payload in URL-safe base64 with a checksum. It
// holds the rules and the whole state, so that a game loaded from it plays on
// exactly as g; it does not hold the events of the last apply. The zero Game
// has no ID: an error wrapping brettspiel.ErrZeroGame.
func (g *Game) MarshalText() ([]byte, error) {
	if g.phase == phaseZero {
		return nil, zeroGame(kit.OpEncodeID)
	}
	return []byte(g.ID()), nil
}

// idVersion is the version of g's ID payload.
func (g *Game) idVersion() int {
	if g.opts.Schule {
		return IDVersion
	}
	return idVersionPlain
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
	if o.Schule {
		flags |= flagSchule
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
	if o.Schule {
		c := &g.sch
		for _, v := range [...]uint8{c.step, uint8(c.author), c.claims, c.seq, c.reached[0], c.reached[1],
			uint8(c.owed), uint8(b2i(c.short)), uint8(c.extra), c.unplayed, c.unusedDie, c.opened, c.closedBefore} {
			w.Uint(uint64(v))
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
func (g *Game) UnmarshalText(text []byte) error { return kit.UnmarshalID(g, text, ParseID) }

// ParseID loads a game from its position ID (see UnmarshalText).
func ParseID(id string) (*Game, error) {
	const op = kit.OpDecodeID
	version := IDVersion
	if strings.HasPrefix(id, Variant+":1:") {
		version = idVersionPlain
	}
	payload, err := kit.DecodeID(Variant, version, id)
	if err != nil {
		return nil, err
	}
	fail := func(sentinel error, format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: op, Input: id, Err: sentinel, Reason: fmt.Sprintf(format, args...)}
	}
	r := wire.NewReader(payload)
	maxFlags := uint64(1<<flagCount - 1)
	if version == IDVersion {
		maxFlags |= flagSchule
	}
	flags := r.Uint("options", maxFlags)
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
	o.Schule = flags&flagSchule != 0
	o.FirstPlayer = brettspiel.FirstPlayer(r.Uint("first player", 2))
	o.HuckeForce = HuckeForce(r.Uint("Hucke force", uint64(ForceNever)))
	o.Multipliers = Multipliers(r.Uint("multipliers", uint64(MultipliersTD)))
	o.Partien = int(r.Uint("Partien of the match", maxPartienOption))
	o.TurnCap = int(r.Uint("turn cap", maxTurnCap))
	g := &Game{}
	lastPhase := phaseOver
	if o.Schule {
		lastPhase = phaseSchule
	}
	g.phase = phaseDraw0 + phase(r.Uint("phase", uint64(lastPhase-phaseDraw0)))
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
	if o.Schule {
		c := &g.sch
		c.step = uint8(r.Uint("Schule step", 6))
		c.author = brettspiel.Player(r.Uint("Schule author", 1))
		c.claims = uint8(r.Uint("Schule claims", maxClaims))
		c.seq = uint8(r.Uint("Schule changes", 255))
		c.reached[0] = uint8(r.Uint("Schule reached", 255))
		c.reached[1] = uint8(r.Uint("Schule reached", 255))
		c.owed = int8(r.Uint("Schule owed", maxMarksAtOnce))
		c.short = r.Uint("Schule short", 1) == 1
		c.extra = int8(r.Uint("Schule extra", maxMarksAtOnce))
		c.unplayed = uint8(r.Uint("unplayable numbers", 2))
		c.unusedDie = uint8(r.Uint("unused die", 6))
		c.opened = uint8(r.Uint("opened quarters", quarterBits))
		c.closedBefore = uint8(r.Uint("closed quarters", quarterBits))
	}
	if err := r.Done(); err != nil {
		return fail(brettspiel.ErrBadNotation, "%v", err)
	}
	norm, err := o.normalized()
	if err != nil {
		return fail(brettspiel.ErrBadOptions, "%s", kit.ReasonOf(err))
	}
	if norm != o {
		return fail(brettspiel.ErrBadOptions, "the options are not in their normal form")
	}
	if version == IDVersion && !o.Schule {
		return fail(brettspiel.ErrBadNotation, "an ID of version %d without the Schule; a game without it has an ID of version %d", IDVersion, idVersionPlain)
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
