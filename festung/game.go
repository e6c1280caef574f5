package festung

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"

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
	events  []brettspiel.Event
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
	o, err := opts.Normalize()
	if err != nil {
		return nil, err
	}
	stake := Stake(o.Players)
	// The setup's placements in one allocation: a game is often played
	// right after it is made (simulations, self-play), and less garbage a
	// game means fewer collections slowing every worker.
	g := &Game{opts: o, winner: brettspiel.Nobody, events: make([]brettspiel.Event, 0, max(o.Players*stake, 16))}
	id := FieldID(1)
	for p := 0; p < o.Players; p++ {
		g.balance[p] = o.Stock - stake
		g.bought[p] = max(0, stake-o.Stock)
		for range stake {
			if id == o.EmptyField {
				id++
			}
			g.on.set(id)
			g.events = append(g.events, brettspiel.Event{Kind: brettspiel.EventPlace, Rule: "F-S1", Player: brettspiel.Player(p), Other: brettspiel.Nobody, Amount: 1,
				From: brettspiel.NoPlace, To: int(id), TrackFrom: brettspiel.NoPlace, TrackTo: int(id), ToName: plan[id].Name})
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

// Evaluate returns p's return now, as a float (for bots).
func (g *Game) Evaluate(p brettspiel.Player) float64 {
	if !g.seat(p) {
		return 0
	}
	return float64(g.balance[p] - g.opts.Stock)
}

// Events implements brettspiel.Game: a copy that is the caller's, the dice
// of a throw included. After New it holds the setup's placements (F-S1).
func (g *Game) Events() []brettspiel.Event {
	evs := append([]brettspiel.Event(nil), g.events...)
	for i := range evs {
		if evs[i].Dice != nil {
			evs[i].Dice = append([]int(nil), evs[i].Dice...)
		}
	}
	return evs
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
		c.events = append(make([]brettspiel.Event, 0, max(len(g.events), 16)), g.events...)
	}
	return &c
}

// Move payloads: a throw is L<<8 | a<<4 | b, so throws sort as their notation
// "L/a-b"; a decision is the fortress (1…4) whose outer works give the marker.

func throwMove(t dice.Throw3) brettspiel.Move {
	return kit.NewMove(brettspiel.Chance, uint64(t.L)<<8|uint64(t.A)<<4|uint64(t.B))
}

// decodeThrow reads a throw payload; ok only for a valid throw with the small
// dice in canonical order (a ≤ b).
func decodeThrow(payload uint64) (dice.Throw3, bool) {
	if payload>>12 != 0 {
		return dice.Throw3{}, false
	}
	t := dice.Throw3{L: uint8(payload >> 8 & 15), A: uint8(payload >> 4 & 15), B: uint8(payload & 15)}
	return t, t.Valid() && t.A <= t.B
}

// canonical orders the small dice of t, smaller first: the rules never tell
// them apart (they use a+b, "a or b shows 1" and a = b), so a-b and b-a are
// one chance outcome.
func canonical(t dice.Throw3) dice.Throw3 {
	if t.A > t.B {
		t.A, t.B = t.B, t.A
	}
	return t
}

// throwNames[L][a][b] is the notation of a throw, so that events need not
// format it.
var throwNames = func() (names [7][7][7]string) {
	for l := uint8(1); l <= 6; l++ {
		for a := uint8(1); a <= 6; a++ {
			for b := uint8(1); b <= 6; b++ {
				names[l][a][b] = dice.Throw3{L: l, A: a, B: b}.String()
			}
		}
	}
	return names
}()

// throwDice[L][a][b] is the Dice of a throw's event, [L, a, b]: one
// read-only slice per throw, shared by every game, so that an event's dice
// cost no allocation. Its capacity ends at its length, so that appending to
// it copies; nothing may write into it.
var throwDice = func() (d [7][7][7][]int) {
	for l := 1; l <= 6; l++ {
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				d[l][a][b] = []int{l, a, b}[:3:3]
			}
		}
	}
	return d
}()

var decideNotes = [5]string{"", "take from fortress 1", "take from fortress 2", "take from fortress 3", "take from fortress 4"}

// ThrowMove returns the chance move of throw t (large die, then the small
// ones in either order), for a frontend with physical dice; it is legal at
// every chance node when t is a valid throw.
func ThrowMove(t dice.Throw3) brettspiel.Move { return throwMove(canonical(t)) }

// The chance node's outcomes, in ascending order: 6 × 21 throws, the small
// dice smaller first, weight 1 for a small doublet and 2 otherwise (of 216).
var chanceMoves, chanceOutcomes = func() (ms [126]brettspiel.Move, outs [126]brettspiel.Outcome) {
	i := 0
	for l := uint8(1); l <= 6; l++ {
		for a := uint8(1); a <= 6; a++ {
			for b := a; b <= 6; b++ {
				w := 2
				if a == b {
					w = 1
				}
				ms[i] = throwMove(dice.Throw3{L: l, A: a, B: b})
				outs[i] = brettspiel.Outcome{Move: ms[i], Weight: w}
				i++
			}
		}
	}
	return ms, outs
}()

// drawnThrow[x] is the throw that brettspiel.SampleChance's walk over
// chanceOutcomes gives for the draw x of 216: the table makes a sampled throw
// one lookup instead of a walk over 126 outcomes.
var drawnThrow = func() (t [216]brettspiel.Move) {
	x := 0
	for _, o := range chanceOutcomes {
		for range o.Weight {
			t[x] = o.Move
			x++
		}
	}
	return t
}()

// SampleChance implements kit.ChanceSampler: one r.IntN(216) read in
// a table, the same throw brettspiel.SampleChance's walk over ChanceOutcomes
// gives for that draw; NoMove when no throw is due.
func (g *Game) SampleChance(r *rand.Rand) brettspiel.Move {
	if g.ToMove() != brettspiel.Chance {
		return brettspiel.NoMove
	}
	return drawnThrow[r.IntN(len(drawnThrow))]
}

// choices returns the set (bit f for fortress f) of fortresses among which the
// thrower of t chooses the field to take from, and their number. The choice is
// real — a decision node — only with two or more, and not on a fifth Pasch
// (which clears the plan, so that every choice ends alike).
func (g *Game) choices(t dice.Throw3) (mask uint8, n int) {
	if t.L > 5 {
		return 0, 0
	}
	open := min(int(g.pasch[g.turn])+1, 4)
	for f := 1; f <= open; f++ {
		if g.occupiedTwin(f, int(t.L)) != NoField {
			mask |= 1 << f
			n++
		}
	}
	return mask, n
}

// decides reports whether throw t leaves the thrower a real choice.
func (g *Game) decides(t dice.Throw3) (uint8, bool) {
	mask, n := g.choices(t)
	if n < 2 || g.fifthPasch(t) {
		return 0, false
	}
	return mask, true
}

// fifthPasch reports whether t makes the thrower's fifth Pasch.
func (g *Game) fifthPasch(t dice.Throw3) bool {
	if !t.IsPasch() {
		return false
	}
	k := int(g.pasch[g.turn]) + 1
	if t.L == 6 {
		k++
	}
	return k >= 5
}

// occupiedTwin returns the first field numbered n of fortress f's outer works
// that holds a marker, or NoField. Twins are interchangeable: a marker is
// always taken from the first occupied twin.
func (g *Game) occupiedTwin(f, n int) FieldID {
	for t := 0; t < 2; t++ {
		if id := OuterWorkID(f, n, t); id != NoField && g.on.has(id) {
			return id
		}
	}
	return NoField
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

// LegalMoves implements brettspiel.Game.
func (g *Game) LegalMoves() []brettspiel.Move {
	n := 4
	if g.ToMove() == brettspiel.Chance {
		n = len(chanceMoves)
	}
	return g.AppendLegalMoves(make([]brettspiel.Move, 0, n))
}

// ChanceOutcomes implements brettspiel.Game: the 126 throws that differ for
// the rules — the large die, and the small dice as an unordered pair — with
// their weights of 216: 1 for a small doublet, 2 otherwise.
//
// The slice is the caller's: a copy of the package's table, so that no
// caller can change the throws of another game. Search code that must not
// allocate draws a throw with SampleChance, which reads the table itself.
func (g *Game) ChanceOutcomes() []brettspiel.Outcome {
	if g.ToMove() != brettspiel.Chance {
		return nil
	}
	return slices.Clone(chanceOutcomes[:])
}

// legal reports whether m is a legal move now.
func (g *Game) legal(m brettspiel.Move) bool {
	switch p := g.ToMove(); {
	case p == brettspiel.Terminal:
		return false
	case p == brettspiel.Chance:
		_, ok := decodeThrow(m.Payload())
		return ok && m.Actor() == brettspiel.Chance
	default:
		mask, _ := g.decides(g.throw)
		f := m.Payload()
		return m.Actor() == p && f >= 1 && f <= 4 && mask&(1<<f) != 0
	}
}

// Apply implements brettspiel.Game. A throw is resolved at once, rules A, B, C
// in order, unless it leaves the thrower a choice; then his decision resolves
// it. On error the state is unchanged; a zero Game refuses every move with
// an error wrapping brettspiel.ErrZeroGame.
func (g *Game) Apply(m brettspiel.Move) error {
	// legal is membership in the legal list without building it; for a move
	// not in it, CheckMove names the sentinel (game over, throw due, another
	// actor's move, illegal) as for any game of the module.
	if !g.legal(m) {
		if g.zero() {
			return zeroErr("apply")
		}
		err := kit.CheckMove(g.ToMove(), m, nil, g.MoveString)
		if p := g.ToMove(); p >= 0 && m.Actor() == p {
			// a decision the rules refuse: a fortress with nothing to take
			// to the thrower, or no fortress (F-A1, F-A2)
			e := kit.Refuse(RefuseNotOffered, "no fortress "+strconv.FormatUint(m.Payload(), 10)+" is offered; "+g.offer(), "F-A2")
			if f := m.Payload(); f >= 1 && f <= 4 {
				e = kit.Refuse(RefuseNothingToTake, "no marker to take in the works of fortress "+strconv.Itoa(int(f))+" open to the thrower; "+g.offer(), "F-A1", "F-A2")
				g.tried(e.Refusal, []brettspiel.Step{fieldStep(g.occupiedTwin(int(f), int(g.throw.L)), g.throw.L)})
			} else {
				g.tried(e.Refusal, nil)
			}
			e.Op, e.Input = "apply", g.MoveString(m)
			return e
		}
		return err
	}
	g.events = g.events[:0]
	if m.Actor() == brettspiel.Chance {
		t, _ := decodeThrow(m.Payload())
		g.events = append(g.events, brettspiel.Event{Kind: brettspiel.EventThrow, Player: g.turn, Other: brettspiel.Nobody,
			From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace,
			Number: t.Sum(), Dice: throwDice[t.L][t.A][t.B]})
		if _, ok := g.decides(t); ok {
			g.throw = t
			return nil
		}
		g.resolve(t, 0)
		return nil
	}
	t, f := g.throw, int(m.Payload())
	g.throw = dice.Throw3{}
	id := g.occupiedTwin(f, int(t.L))
	g.events = append(g.events, brettspiel.Event{Kind: brettspiel.EventDecide, Rule: "F-A2", Player: g.turn, Other: brettspiel.Nobody,
		From: int(id), To: brettspiel.NoPlace, TrackFrom: int(id), TrackTo: brettspiel.NoPlace, FromName: plan[id].Name,
		Number: int(t.L), Note: decideNotes[f]})
	g.resolve(t, f)
	return nil
}

// event appends an event of the thrower.
func (g *Game) event(kind brettspiel.EventKind, rule string, other brettspiel.Player, amount, from, to, number int) {
	if g.quiet {
		return
	}
	g.events = append(g.events, brettspiel.Event{Kind: kind, Rule: rule, Player: g.turn, Other: other, Amount: amount,
		From: from, To: to, TrackFrom: from, TrackTo: to, FromName: placeNames[from+1], ToName: placeNames[to+1], Number: number})
}

// fieldName is the name of field id for an event, "" for NoPlace or a number
// that names no field: the names are the plan's own strings, so that naming
// costs no allocation.
func fieldName(id int) string {
	if id < brettspiel.NoPlace || id > NumFields {
		return ""
	}
	return placeNames[id+1]
}

// placeNames[id+1] is the name of field id, placeNames[0] (NoPlace) "": the
// events of a throw read it without a test.
var placeNames = func() (n [NumFields + 2]string) {
	for id := 1; id <= NumFields; id++ {
		n[id+1] = plan[id].Name
	}
	return n
}()

// noPlaceEvent is an event of Player that concerns no field.
func noPlaceEvent(kind brettspiel.EventKind, rule string, p brettspiel.Player, amount int, note string) brettspiel.Event {
	return brettspiel.Event{Kind: kind, Rule: rule, Player: p, Other: brettspiel.Nobody, Amount: amount,
		From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace, Note: note}
}

// take moves the marker of field id to the thrower.
func (g *Game) take(id FieldID, rule string, number int) {
	g.on.clear(id)
	g.balance[g.turn]++
	g.event(brettspiel.EventTake, rule, brettspiel.Nobody, 1, int(id), brettspiel.NoPlace, number)
}

// place moves a marker of the thrower onto field id.
func (g *Game) place(id FieldID, rule string, number int) {
	g.on.set(id)
	g.balance[g.turn]--
	g.event(brettspiel.EventPlace, rule, brettspiel.Nobody, 1, brettspiel.NoPlace, int(id), number)
	g.buy(g.turn)
}

// toggle takes the marker of field id, or places one if it is empty.
func (g *Game) toggle(id FieldID, rule string, number int) {
	if g.on.has(id) {
		g.take(id, rule, number)
	} else {
		g.place(id, rule, number)
	}
}

// collect makes every other player pay the thrower amount, in turn order
// starting with the seat after the thrower's.
func (g *Game) collect(amount int, rule string, number int) {
	n := brettspiel.Player(g.opts.Players)
	for i := brettspiel.Player(1); i < n; i++ {
		q := (g.turn + i) % n
		g.balance[q] -= amount
		g.balance[g.turn] += amount
		g.event(brettspiel.EventPay, rule, q, amount, brettspiel.NoPlace, brettspiel.NoPlace, number)
		g.buy(q)
	}
}

// buy records that p's balance went below zero further than before.
func (g *Game) buy(p brettspiel.Player) {
	if d := -g.balance[p] - g.bought[p]; d > 0 {
		g.bought[p] += d
		if g.quiet {
			return
		}
		g.events = append(g.events, noPlaceEvent(EventBuy, "", p, d, "balance below zero"))
	}
}

// resolve plays throw t for the thrower: A (the large die), B (the small dice),
// C (all three), then passes the dice on. f is the fortress chosen at a
// decision node, or 0 when the throw left no choice.
func (g *Game) resolve(t dice.Throw3, f int) {
	p := g.turn
	l, a, b := int(t.L), int(t.A), int(t.B)

	// A: the large die on the outer works (F-A1…F-A3); open fortresses by the
	// Pasch count before the throw.
	open := min(int(g.pasch[p])+1, 4)
	if l <= 5 { // F-A2
		id := NoField
		if f != 0 {
			id = g.occupiedTwin(f, l)
		}
		for k := 1; k <= open && id == NoField; k++ {
			id = g.occupiedTwin(k, l)
		}
		if id != NoField {
			g.take(id, "F-A2", l)
		} else {
			g.place(OuterWorkID(1, l, 0), "F-A2", l)
		}
	} else { // F-A3: the premium of all open VI fields
		took := false
		for k := 1; k <= open; k++ {
			for tw := 0; tw < 2; tw++ {
				if id := OuterWorkID(k, 6, tw); id != NoField && g.on.has(id) {
					g.take(id, "F-A3", 6)
					took = true
				}
			}
		}
		if !took {
			g.place(OuterWorkID(1, 6, 0), "F-A3", 6)
		}
	}

	// B: the two small dice (F-B1…F-B4).
	s := a + b
	g.toggle(SchanzeID(s), "F-B1", s)
	if a == 1 || b == 1 {
		g.toggle(SchanzeID(1), "F-B2", 1)
	}
	if a == b {
		g.collect(a, "F-B3", s)
	}
	if s >= 9 {
		bat := BatteryID(s)
		if g.on.has(bat) {
			g.take(bat, "F-B4", s)
			for _, id := range Triangle(s) {
				if g.on.has(id) {
					g.take(id, "F-B4", s)
				}
			}
		} else {
			g.place(bat, "F-B4", s)
			took := false
			for _, id := range Triangle(s) {
				if g.on.has(id) {
					g.take(id, "F-B4", s)
					took = true
				}
			}
			if !took {
				g.collect(1, "F-B4", s)
			}
		}
	}

	// C: all three dice (F-C1…F-C5).
	sum := l + a + b
	g.toggle(LineFieldID(sum), "F-C1", sum)
	if t.IsPasch() {
		steps, rule := 1, "F-C2"
		if l == 6 {
			steps, rule = 2, "F-C4"
		}
		for range steps {
			k := int(g.pasch[p]) + 1
			g.pasch[p] = uint8(k)
			if k == 5 { // F-C3
				g.event(EventConquer, "F-C3", brettspiel.Nobody, 0, int(FortressID(4)), int(FortressID(5)), 5)
				for id := FieldID(1); id <= NumMarkerFields; id++ {
					if g.on.has(id) {
						g.take(id, "F-C3", sum)
					}
				}
				g.collect(6, "F-C3", sum)
				g.winner = p
				break
			}
			from, fromP := brettspiel.NoPlace, brettspiel.NoPlace
			if k > 1 {
				from, fromP = int(FortressID(k-1)), int(PaschFieldID(k-1))
			}
			g.event(EventConquer, rule, brettspiel.Nobody, 0, from, int(FortressID(k)), k)
			g.event(EventConquer, rule, brettspiel.Nobody, 0, fromP, int(PaschFieldID(k)), k)
			line := LineFields(k)
			took := false
			for _, id := range line {
				if g.on.has(id) {
					g.take(id, rule, sum)
					took = true
				}
			}
			if !took {
				for _, id := range line {
					g.place(id, rule, sum)
				}
			}
			g.collect(k, rule, sum)
		}
		if l == 1 { // F-C5
			g.collect(1, "F-C5", sum)
		}
	}

	g.throws++
	switch {
	case g.winner != brettspiel.Nobody:
		if !g.quiet {
			g.events = append(g.events, noPlaceEvent(brettspiel.EventEnd, "F-C3", p, 0, "fifth Pasch"))
		}
	case g.throws >= g.opts.TurnCap:
		g.capped = true
		if !g.quiet {
			g.events = append(g.events, noPlaceEvent(brettspiel.EventEnd, "", brettspiel.Nobody, 0, "turn cap"))
		}
	default:
		g.turn = (g.turn + 1) % brettspiel.Player(g.opts.Players)
	}
}
