package festung

import (
	"fmt"
	"slices"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// Position is a constructed position, for tests and frontends: which fields
// hold markers, the seats' balances and Pasches, whose throw is due, and
// optionally a throw awaiting its thrower's decision. [FromPosition] checks it;
// [Game.Position] returns the position of a game.
//
// What a position must satisfy: a field holds one marker or none; markers are
// conserved; Pasch counts are 0…4; an outer-works field of fortress 2, 3 or 4
// is empty only if some player has the Pasches that open that fortress (such
// fields are never filled again), and with five players an empty field there
// stays empty; a pending throw must leave a real choice; and every balance
// and bought count leaves room for the throws left before the turn cap, so
// that the game can be played to its end and saved at every step on every
// platform (a throw moves a balance by at most 153 markers: every marker the
// plan can hold, and 17 from each of five others).
//
// FromPosition does not check the position against its history, so that a
// frontend may set up a position without one. A position ID or JSON state is
// a saved game, and its decoders check the history too (see [ParseID]): the
// thrower is seat Throws mod players, and the Pasches, balances and bought
// counts are what that many throws can have made of the setup. To save a
// constructed position so that it loads again, give it such a history.
type Position struct {
	// Markers lists the fields that hold a marker, each once; only fields that
	// can hold markers (IDs 1…68).
	Markers []FieldID
	// Balances holds one signed balance per seat. Markers are conserved: the
	// balances and the markers on the plan add up to players × stock.
	Balances []int
	// Bought holds how many markers each seat has bought; nil means just what
	// a balance below zero needs (max(0, −balance)). An entry may not be less.
	Bought []int
	// Pasches holds each seat's Pasch count, 0…4 (a fifth ends the game).
	Pasches []int
	// Thrower is the seat whose throw is due, or who decides Throw.
	Thrower brettspiel.Player
	// Throw is the zero Throw3 when a throw is due; otherwise a throw of
	// Thrower that leaves him a choice (a decision node).
	Throw dice.Throw3
	// Throws is the number of throws made, 0 ≤ Throws < TurnCap.
	Throws int
}

// Position returns the game's position. A finished game's position is
// returned too, but FromPosition refuses it.
func (g *Game) Position() Position {
	n := g.opts.Players
	pos := Position{
		Balances: slices.Clone(g.balance[:n]),
		Bought:   slices.Clone(g.bought[:n]),
		Pasches:  make([]int, n),
		Thrower:  g.turn,
		Throw:    g.throw,
		Throws:   g.throws,
	}
	for p := range n {
		pos.Pasches[p] = int(g.pasch[p])
	}
	for id := FieldID(1); id <= NumMarkerFields; id++ {
		if g.on.has(id) {
			pos.Markers = append(pos.Markers, id)
		}
	}
	return pos
}

// How far one throw can move a balance. A seat pays at most 17 markers on
// another's throw: 6-6-6 by a thrower with three Pasches makes him pay 6 for
// the small doublet (F-B3), 1 for an empty battery 12 whose Schanzen are empty
// (F-B4), 4 for the fourth Pasch and 6 for the fifth (F-C4, F-C2, F-C3). On
// his own throw a seat places at most 12 markers before he takes any back
// (one each by A, B1 or B2, B4 and C1, and two lines of four). The thrower
// gains at most every marker on the plan and 17 from each of the others.
const (
	maxLossPerThrow = 17
	maxGainPerThrow = NumMarkerFields + (brettspiel.MaxPlayers-1)*maxLossPerThrow
)

// maxBalance bounds balances and bought counts: a game at the largest stock
// and turn cap stays within it to the last throw. It fits 32 bits, so that
// the game plays alike on every platform.
const maxBalance = maxStock + maxGainPerThrow*maxTurnCap

// maxBalance must fit an int of 32 bits.
const _ = int32(maxBalance)

// FromPosition builds a game at a constructed position under opts. A position
// that cannot arise is refused with an error wrapping brettspiel.ErrBadPosition
// that names the problem; bad options with brettspiel.ErrBadOptions. Events of
// the new game are empty.
func FromPosition(opts Options, pos Position) (*Game, error) {
	o, err := opts.normalized()
	if err != nil {
		return nil, err
	}
	return build(o, pos, playing, false)
}

// ending says whether and how a loaded game has ended.
type ending uint8

const (
	playing ending = iota // the game goes on
	capped                // the turn cap ended it
	won                   // the thrower threw his fifth Pasch
)

// load builds the game of a saved state — a position ID or the JSON form —
// at pos under the normalized options o: it checks the position as
// FromPosition does and against its history (see checkHistory). With end =
// capped or won it builds a finished game, which must look as the turn cap or
// a fifth Pasch leaves it.
func load(o Options, pos Position, end ending) (*Game, error) { return build(o, pos, end, true) }

// build builds a game at pos under the normalized options o, checking it as
// FromPosition documents, and against its history when history is set.
func build(o Options, pos Position, end ending, history bool) (*Game, error) {
	n := o.Players
	if len(pos.Balances) != n || len(pos.Pasches) != n || (pos.Bought != nil && len(pos.Bought) != n) {
		return nil, badPosition(nil, "%d players need %d balances, Pasch counts and (if given) bought counts; have %d, %d, %d", n, n, len(pos.Balances), len(pos.Pasches), len(pos.Bought))
	}
	g := &Game{opts: o, winner: brettspiel.Nobody, turn: pos.Thrower, throws: pos.Throws}
	if pos.Thrower < 0 || int(pos.Thrower) >= n {
		return nil, badPosition(nil, "thrower %d is no seat of %d players", pos.Thrower, n)
	}
	if err := g.setEnding(pos, end); err != nil {
		return nil, err
	}
	for _, id := range pos.Markers {
		if id == NoField || id > NumMarkerFields {
			return nil, badPosition(nil, "%v cannot hold a marker", id)
		}
		if g.on.has(id) {
			return nil, badPosition([]string{"F-P7"}, "%v is listed twice; a field holds one marker or none", id)
		}
		g.on.set(id)
	}
	total, err := g.setSeats(pos, end)
	if err != nil {
		return nil, err
	}
	if err := g.checkOuterWorks(pos.Pasches); err != nil {
		return nil, err
	}
	if want := int64(n) * int64(o.Stock); total != want {
		return nil, badPosition(nil, "markers are not conserved: balances and markers on the plan make %d, want %d players × stock %d = %d", total, n, o.Stock, want)
	}
	if pos.Throw != (dice.Throw3{}) {
		if !pos.Throw.Valid() {
			return nil, badPosition(nil, "%v is no throw of three dice", pos.Throw)
		}
		if _, ok := g.decides(pos.Throw); !ok {
			return nil, badPosition(nil, "throw %v leaves seat %d no choice, so no decision can be pending", pos.Throw, pos.Thrower)
		}
		g.throw = pos.Throw
	}
	if history {
		if reason, rules := g.checkHistory(end); reason != "" {
			return nil, badPosition(rules, "%s", reason)
		}
	}
	return g, nil
}

// badPosition is the error of a position that cannot arise, with the rules
// that refuse it where one does.
func badPosition(rules []string, format string, args ...any) error {
	return &brettspiel.Error{Op: kit.OpLoadPosition, Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...), Rules: rules}
}

// setEnding checks the throws made against how the game ended, end, and
// sets the end of g.
func (g *Game) setEnding(pos Position, end ending) error {
	o := g.opts
	switch end {
	case playing:
		if pos.Throws < 0 || pos.Throws >= o.TurnCap {
			return badPosition(nil, "%d throws made; want 0…%d (turn cap %d)", pos.Throws, o.TurnCap-1, o.TurnCap)
		}
	case capped:
		if pos.Throws != o.TurnCap {
			return badPosition(nil, "the turn cap ended the game, but %d throws were made, not %d", pos.Throws, o.TurnCap)
		}
		g.capped = true
	case won:
		if pos.Throws < 1 || pos.Throws > o.TurnCap {
			return badPosition(nil, "seat %d threw the fifth Pasch, but %d throws were made; want 1…%d (turn cap %d)", pos.Thrower, pos.Throws, o.TurnCap, o.TurnCap)
		}
		if k := pos.Pasches[pos.Thrower]; k != 5 {
			return badPosition(nil, "seat %d threw the fifth Pasch, but has %d Pasches, not 5", pos.Thrower, k)
		}
		if len(pos.Markers) != 0 {
			return badPosition([]string{"F-C3"}, "the plan holds %d markers, but the fifth Pasch takes every marker on the plan", len(pos.Markers))
		}
		g.winner = pos.Thrower
	default:
		return badPosition(nil, "unknown ending %d", end)
	}
	if end != playing && pos.Throw != (dice.Throw3{}) {
		return badPosition(nil, "the game is over, so no throw %v can wait for a decision", pos.Throw)
	}
	return nil
}

// setSeats checks and sets each seat's balance, Pasches and bought markers,
// and returns the markers counted: those on the plan and the balances.
func (g *Game) setSeats(pos Position, end ending) (int64, error) {
	o := g.opts
	// The sum of the balances can pass 32 bits even where each balance is
	// within bounds; counted in 64 bits it cannot wrap on any platform.
	total := int64(len(pos.Markers))
	for p := range o.Players {
		bal, k := pos.Balances[p], pos.Pasches[p]
		// Room for the rest of the game: every throw left may move the
		// balance (and what was bought) by up to maxGainPerThrow.
		room := maxBalance - maxGainPerThrow*(o.TurnCap-pos.Throws)
		if bal < -room || bal > room {
			return 0, badPosition(nil, "seat %d's balance %d leaves no room for the %d throws left before the turn cap (a throw moves a balance by up to %d); want at most %d either way", p, bal, o.TurnCap-pos.Throws, maxGainPerThrow, room)
		}
		if (k < 0 || k > 4) && !(end == won && p == int(pos.Thrower)) {
			return 0, badPosition(nil, "seat %d has %d Pasches; want 0…4 (the fifth ends the game)", p, k)
		}
		g.balance[p], g.pasch[p] = bal, uint8(k)
		g.bought[p] = max(0, -bal)
		if pos.Bought != nil {
			if pos.Bought[p] < g.bought[p] || pos.Bought[p] > room {
				return 0, badPosition(nil, "seat %d bought %d markers, but his balance %d needs %d to %d", p, pos.Bought[p], bal, g.bought[p], room)
			}
			g.bought[p] = pos.Bought[p]
		}
		total += int64(bal)
	}
	return total, nil
}

// checkOuterWorks refuses empty outer works of fortresses 2…4 that no seat's
// Pasches have opened. They are filled only at the setup (a placement by the
// large die always goes on fortress 1, F-A2, F-A3), and a marker there is
// taken only by a player to whom the fortress is open (F-A1), whose Pasches
// never go down.
func (g *Game) checkOuterWorks(pasches []int) error {
	o := g.opts
	maxK := 0
	for p := range o.Players {
		maxK = max(maxK, pasches[p])
	}
	for id := OuterWorkID(2, 1, 0); id <= NumOuterWorks; id++ {
		f := plan[id].Fortress
		switch {
		case o.Players == 5 && id == o.EmptyField && g.on.has(id):
			return badPosition([]string{"F-S1", "F-A2"}, "%v holds a marker, but it stays empty with five players: markers are placed only on fortress 1", id)
		case o.Players == 5 && id == o.EmptyField:
		case !g.on.has(id) && maxK < f-1:
			return badPosition([]string{"F-A1"}, "%v is empty, but nobody has the %d Pasches that open fortress %d", id, f-1, f)
		}
	}
	return nil
}

// checkHistory returns what in g cannot have come from the setup in g.throws
// throws under the rules, or "". Seat 0 throws first and the dice go round,
// so the thrower follows from the number of throws (the last thrower stays at
// the end); a throw adds at most two Pasches (6-6-6, F-C4); a balance rises
// only on its seat's own throws, by at most maxGainPerThrow, and falls by at
// most maxLossPerThrow a throw, which bounds the markers bought too; before
// the first throw the plan is the setup. With the reason come the rules
// that refuse, where one does.
func (g *Game) checkHistory(end ending) (string, []string) {
	o, t := g.opts, g.throws
	n := o.Players
	thrower := t % n
	if end != playing {
		thrower = (t - 1) % n // the game ended on that seat's throw
	}
	if int(g.turn) != thrower {
		return fmt.Sprintf("seat %d's throw after %s, but seat 0 throws first and the dice go round: seat %d's", g.turn, throwCount(t), thrower), nil
	}
	start := o.Stock - Stake(n) // every balance after the setup (F-S1)
	for p := range n {
		own := (t - p + n - 1) / n // the throws seat p has made
		if k := int(g.pasch[p]); k > 2*own {
			return fmt.Sprintf("seat %d has %d Pasches from %s of his; a throw adds at most two (6-6-6, F-C4)", p, k, throwCount(own)), nil
		}
		lo, hi := start-maxLossPerThrow*t, start+maxGainPerThrow*own
		if b := g.balance[p]; b < lo || b > hi {
			return fmt.Sprintf("seat %d's balance is %d, but %s (%d of them his) leave a balance of %d after the setup between %d and %d", p, b, throwCount(t), own, start, lo, hi), nil
		}
		lo, hi = max(0, -start), max(0, maxLossPerThrow*t-start)
		if b := g.bought[p]; b < lo || b > hi {
			return fmt.Sprintf("seat %d bought %d markers, but the setup and %s make him buy %d to %d (a throw takes at most %d from a seat)", p, b, throwCount(t), lo, hi, maxLossPerThrow), nil
		}
	}
	if t == 0 {
		setup, _ := New(o)
		if g.on != setup.on {
			return "no throw has been made, but the markers on the plan are not those of the setup", []string{"F-S1"}
		}
	}
	return "", nil
}

// throwCount is "1 throw" or "n throws".
func throwCount(n int) string {
	if n == 1 {
		return "1 throw"
	}
	return fmt.Sprintf("%d throws", n)
}
