package festung

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// Event kinds of this package, besides the shared ones of brettspiel.
const (
	// EventConquer: Player's square moved From → To: his fortress square into
	// a fortress or his Pasch square onto a Pasch field (F-C2…F-C4). Number is
	// the Pasch count reached.
	EventConquer brettspiel.EventKind = "conquer"
	// EventBuy: Player's balance went further below zero than ever before, so he
	// bought Amount markers (FS: "so muß er sich von einem Mitspielenden andre
	// kaufen"; from whom is not modelled).
	EventBuy brettspiel.EventKind = "buy"
)

// marks is a set of fields, bit id for field id: a field holds a marker or
// none (F-P7). A bit set keeps the state small and cheap to copy and compare.
type marks [2]uint64

func (m *marks) has(id FieldID) bool { return m[id>>6]&(1<<(id&63)) != 0 }
func (m *marks) set(id FieldID)      { m[id>>6] |= 1 << (id & 63) }
func (m *marks) clear(id FieldID)    { m[id>>6] &^= 1 << (id & 63) }

// Game is the state of a Festungsspiel. Build it with [New] or [FromPosition].
// A Game is not safe for concurrent use; [Game.Clone] gives an independent copy.
type Game struct {
	opts    Options // normalized
	on      marks   // the fields that hold a marker (F-P7)
	balance [brettspiel.MaxPlayers]int
	bought  [brettspiel.MaxPlayers]int // how far each balance has gone below zero
	pasch   [brettspiel.MaxPlayers]uint8
	turn    brettspiel.Player // who throws next, or who decides the pending throw
	throw   dice.Throw3       // the throw awaiting the thrower's decision; zero at a chance node
	throws  int               // throws resolved
	winner  brettspiel.Player // who threw the fifth Pasch, or Nobody
	capped  bool              // the turn cap ended the game
	events  []event           // what the last Apply did (events.go)
	// loaded are the events of a state read from JSON (UnmarshalJSON),
	// as it gave them, until the next Apply; nil in any other game. They
	// are never written into, so that clones share them.
	loaded []brettspiel.Event
	// quiet is set only while Simulate runs: the rules are played without
	// recording events. It is false in every state a caller sees.
	quiet bool
}

var _ brettspiel.Game = (*Game)(nil)

// New sets up a game (F-S1): every player stakes the same number of markers on
// the outer works, placing them in seat order on the fields in ID order (with
// five players the option's empty field is skipped); seat 0 then throws first.
// Events reports the placements. Bad options give an error wrapping
// brettspiel.ErrBadOptions.
func New(opts Options) (*Game, error) {
	o, err := opts.normalized()
	if err != nil {
		return nil, err
	}
	stake := Stake(o.Players)
	// The setup's placements in one allocation: a game is often played
	// right after it is made (simulations, self-play), and less garbage a
	// game means fewer collections slowing every worker.
	g := &Game{opts: o, winner: brettspiel.Nobody, events: make([]event, 0, max(o.Players*stake, 16))}
	id := FieldID(1)
	for p := 0; p < o.Players; p++ {
		g.balance[p] = o.Stock - stake
		g.bought[p] = max(0, stake-o.Stock)
		for range stake {
			if id == o.EmptyField {
				id++
			}
			g.on.set(id)
			g.events = append(g.events, event{kind: kindPlace, rule: ruleS1, player: brettspiel.Player(p), other: brettspiel.Nobody, amount: 1,
				from: brettspiel.NoPlace, to: int8(id)})
			id++
		}
	}
	return g, nil
}

// Options returns the game's options, normalized (no zero defaults left).
func (g *Game) Options() Options { return g.opts }

// NumPlayers implements brettspiel.Game: the number of seats (for a zero
// Game [DefaultPlayers], the length of its Returns).
func (g *Game) NumPlayers() int {
	if g.zero() {
		return DefaultPlayers
	}
	return g.opts.Players
}

// zero reports whether g is a zero Game, made by no constructor: every
// constructor normalizes the options, so that Players is at least 2.
func (g *Game) zero() bool { return g.opts.Players == 0 }

// zeroErr is the error of a call that a zero Game refuses.
func zeroErr(op string) error {
	return &brettspiel.Error{Op: op, Err: brettspiel.ErrZeroGame}
}

// ToMove implements brettspiel.Game: Chance when a throw is due, the thrower
// when his throw leaves him a real choice, Terminal after the fifth Pasch or
// at the turn cap, and for a zero Game.
func (g *Game) ToMove() brettspiel.Player {
	// A zero Game is Terminal without a test of its own: its winner is seat
	// 0, not Nobody as every constructor sets it (Winner tells the two
	// apart).
	switch {
	case g.winner != brettspiel.Nobody || g.capped:
		return brettspiel.Terminal
	case g.throw.L == 0:
		return brettspiel.Chance
	}
	return g.turn
}

// LegalMoves implements brettspiel.Game.
func (g *Game) LegalMoves() []brettspiel.Move {
	n := 4
	if g.ToMove() == brettspiel.Chance {
		n = len(chanceMoves)
	}
	return g.AppendLegalMoves(make([]brettspiel.Move, 0, n))
}

// AppendLegalMoves implements brettspiel.Game without allocating when dst has
// room: the 126 throws at a chance node, the fortresses to choose from
// at a decision node.
func (g *Game) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	switch g.ToMove() {
	case brettspiel.Terminal:
		return dst
	case brettspiel.Chance:
		return append(dst, chanceMoves[:]...)
	}
	mask, _ := g.decides(g.throw)
	for f := 1; f <= 4; f++ {
		if mask&(1<<f) != 0 {
			dst = append(dst, kit.NewMove(g.turn, uint64(f)))
		}
	}
	return dst
}

// Events implements brettspiel.Game: a copy that is the caller's, the dice
// of a throw included. After New it holds the setup's placements (F-S1).
func (g *Game) Events() []brettspiel.Event {
	if g.loaded != nil {
		evs := append([]brettspiel.Event(nil), g.loaded...)
		for i := range evs {
			if evs[i].Dice != nil {
				evs[i].Dice = append([]int(nil), evs[i].Dice...)
			}
		}
		return evs
	}
	if len(g.events) == 0 {
		return nil
	}
	return appendEvents(make([]brettspiel.Event, 0, len(g.events)), g.events)
}

// Returns implements brettspiel.Game: each seat's balance minus his starting
// stock, at any time (so also after the turn cap).
//
// A zero Game returns [DefaultPlayers] zeros.
func (g *Game) Returns() []int {
	if g.zero() {
		return make([]int, DefaultPlayers)
	}
	rs := make([]int, g.opts.Players)
	for p := range rs {
		rs[p] = g.balance[p] - g.opts.Stock
	}
	return rs
}

// Clone implements brettspiel.Game. The clone of a zero Game is another
// zero Game.
func (g *Game) Clone() brettspiel.Game { return g.clone() }

func (g *Game) clone() *Game {
	c := *g
	// Room for the events of a usual throw, so that the clone's next Apply
	// (what search code does with a clone) does not grow the list.
	// (A game without events, as FromPosition makes it, keeps none.)
	if g.events != nil {
		c.events = append(make([]event, 0, max(len(g.events), 16)), g.events...)
	}
	return &c
}

// String implements brettspiel.Game: the plan with x for a marker and . for an
// empty field, the seats with their balances, Pasches and fortresses, and whose
// turn it is; "zero Game" for a zero Game.
func (g *Game) String() string {
	if g.zero() {
		return "zero Game"
	}
	var b strings.Builder
	mark := func(id FieldID) byte {
		if g.Marker(id) {
			return 'x'
		}
		return '.'
	}
	fmt.Fprintf(&b, "Festungsspiel, %d players, stock %d, %d throws made\n", g.opts.Players, g.opts.Stock, g.throws)
	b.WriteString("outer works     I II III IV  V VI\n")
	for f := 1; f <= 4; f++ {
		for tw := 0; tw < 2; tw++ {
			if OuterWorkID(f, 1, tw) == NoField {
				continue
			}
			label := fmt.Sprintf("  fortress %d", f)
			if tw == 1 {
				label = "            '"
			}
			fmt.Fprintf(&b, "%-15s", label)
			for n, w := range [...]int{2, 3, 4, 3, 3, 3} {
				fmt.Fprintf(&b, "%*c", w, mark(OuterWorkID(f, n+1, tw)))
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString("fortress lines")
	for k := 1; k <= 4; k++ {
		fmt.Fprintf(&b, "  %d:", k)
		for _, id := range LineFields(k) {
			f, _ := FieldOf(id)
			fmt.Fprintf(&b, " %d%c", f.Number, mark(id))
		}
	}
	b.WriteString("\nSchanzen      ")
	for n := 1; n <= 12; n++ {
		fmt.Fprintf(&b, " %s%c", roman(n), mark(SchanzeID(n)))
	}
	b.WriteString("\nbatteries     ")
	for n := 9; n <= 12; n++ {
		fmt.Fprintf(&b, " %d%c", n, mark(BatteryID(n)))
	}
	b.WriteString("\nseat  balance  bought  Pasches  fortress\n")
	for p := 0; p < g.opts.Players; p++ {
		fort := "-"
		if k := g.pasch[p]; k > 0 {
			fort = "F" + strconv.Itoa(int(k))
		}
		fmt.Fprintf(&b, "%4d  %7d  %6d  %7d  %s\n", p, g.balance[p], g.bought[p], g.pasch[p], fort)
	}
	switch p := g.ToMove(); {
	case g.winner != brettspiel.Nobody:
		fmt.Fprintf(&b, "game over: seat %d threw the fifth Pasch", g.winner)
	case g.capped:
		b.WriteString("game over: turn cap")
	case p == brettspiel.Chance:
		fmt.Fprintf(&b, "seat %d to throw", g.turn)
	default:
		fmt.Fprintf(&b, "seat %d threw %v and decides: %s", g.turn, g.throw, g.offer())
	}
	return b.String()
}

// Variant returns the game's name, [Variant] ("festung"), as every
// brettspiel.Game says it.
func (g *Game) Variant() string { return Variant }

// ID returns the game's position ID, e.g. "festung:1:AhkAiCf_____…" (see
// [Game.MarshalText]); "" for a zero Game, which has none.
func (g *Game) ID() string {
	if g.zero() {
		return ""
	}
	return kit.EncodeID(Variant, IDVersion, g.payload())
}

// Turn returns the seat whose turn it is: who throws next, or who decides
// the throw he has made; brettspiel.Nobody once the game is over (and for a
// zero Game).
func (g *Game) Turn() brettspiel.Player {
	if g.ToMove() == brettspiel.Terminal {
		return brettspiel.Nobody
	}
	return g.turn
}

// Dice returns the numbers of the throw awaiting the thrower's decision: the
// large die first, then the two small ones, smaller first ([L, a, b]); nil
// when no throw is pending (a throw without a choice is resolved in the
// Apply that makes it). The slice is the caller's.
func (g *Game) Dice() []int {
	if g.throw.L == 0 {
		return nil
	}
	return []int{int(g.throw.L), int(g.throw.A), int(g.throw.B)}
}

// Turns returns the number of throws resolved so far (a throw awaiting its
// thrower's decision is not yet counted).
func (g *Game) Turns() int { return g.throws }

// Marker reports whether field id holds a marker (F-P7).
func (g *Game) Marker(id FieldID) bool { return id != NoField && id <= NumMarkerFields && g.on.has(id) }

// MarkersOnPlan counts the markers on the plan.
func (g *Game) MarkersOnPlan() int {
	return bits.OnesCount64(g.on[0]) + bits.OnesCount64(g.on[1])
}

// Balance returns seat p's markers: his stock, signed (below zero when he has
// had to buy); 0 for a seat that does not play.
func (g *Game) Balance(p brettspiel.Player) int {
	if !g.seat(p) {
		return 0
	}
	return g.balance[p]
}

// Bought returns how many markers seat p has bought: how far his balance has
// gone below zero at its lowest.
func (g *Game) Bought(p brettspiel.Player) int {
	if !g.seat(p) {
		return 0
	}
	return g.bought[p]
}

// Pasches returns the number of Pasches seat p has thrown (0…5, counted as
// F-C4 says); his squares stand on Pasch field and fortress of that number.
func (g *Game) Pasches(p brettspiel.Player) int {
	if !g.seat(p) {
		return 0
	}
	return int(g.pasch[p])
}

// Winner returns the seat that threw the fifth Pasch, and (brettspiel.Nobody,
// false) if nobody has (also after the turn cap, and for a zero Game).
func (g *Game) Winner() (brettspiel.Player, bool) {
	if g.winner == brettspiel.Nobody || g.zero() {
		return brettspiel.Nobody, false
	}
	return g.winner, true
}

// Capped reports whether the game ended at the turn cap.
func (g *Game) Capped() bool { return g.capped }

// OpenFortresses returns how many fortresses' outer works seat p may use with
// the large die (F-A1): 1 + his Pasches, at most 4.
func (g *Game) OpenFortresses(p brettspiel.Player) int {
	if !g.seat(p) {
		return 0
	}
	return min(int(g.pasch[p])+1, 4)
}

func (g *Game) seat(p brettspiel.Player) bool { return p >= 0 && int(p) < g.opts.Players }
