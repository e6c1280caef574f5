package bearoff_test

// An independent check of the bear-off tables against the game engines:
// the exact race odds by a brute-force expectimax that plays every throw
// through toccateglio and verkehren (their ChanceOutcomes, LegalMoves,
// Apply and Clone), and the positions a throw can leave as the engines
// list them. Nothing here calls package bearoff except to ask the tables
// (Exact, Results) and to convert positions (PositionOf, Position).

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/bot/bearoff"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// raceGame is what both engines offer beyond brettspiel.Game and what the
// check reads: who throws or plays, the throw being played, the winner,
// and the stones.
type raceGame interface {
	brettspiel.Game
	Turn() brettspiel.Player
	Dice() []int
	Winner() (brettspiel.Player, bool)
	Board() board.Board
}

// engineKind is one rule set of an engine with the bear-off rules its
// tables are built for.
type engineKind struct {
	name  string
	rules bearoff.Rules
	// maxStones bounds the stones the side to play may have in
	// TestResultsMatchTheEnginesPlays: 11 in Toccateglio, where 12 could
	// close the last quarter (the Rückjan, T-J1) and its 2 marks would
	// end the game at 10 marks in the middle of the race.
	maxStones int
	// load builds the game at sides (each in its own track, index 25
	// borne off) with turn to throw, or to play dice when they are not
	// zero.
	load func(sides [2]board.Side, turn brettspiel.Player, dice [2]int) (raceGame, error)
}

// toccateglioKind loads positions under opts with the marks at 10 each, so
// that the Marsch (2 marks, T-B3) wins the Partie and, in a match of one
// Partie, the game: it ends with the winner's stones all borne off.
func toccateglioKind(name string, opts toccateglio.Options, r bearoff.Rules) engineKind {
	return engineKind{name: name, rules: r, maxStones: 11,
		load: func(sides [2]board.Side, turn brettspiel.Player, dice [2]int) (raceGame, error) {
			return toccateglio.FromPosition(opts, toccateglio.Position{
				Stones: sides, Marks: [2]int{10, 10}, Turn: turn, Dice: dice})
		}}
}

var verkehrenKind = engineKind{name: "Verkehren VK", rules: bearoff.Verkehren, maxStones: 15,
	load: func(sides [2]board.Side, turn brettspiel.Player, dice [2]int) (raceGame, error) {
		pos := verkehren.Position{Turn: turn, Dice: dice}
		for p := range sides {
			for i, c := range sides[p] {
				pos.Stones[p][i] = int(c)
			}
		}
		return verkehren.FromPosition(verkehren.VK(), pos)
	}}

// engineKinds are the rule sets checked: both Toccateglio presets whose
// bearing off is bearoff.Toccateglio, Toccadille, and Verkehren.
var engineKinds = []engineKind{
	toccateglioKind("Tokkadille 1853", toccateglio.Tokkadille1853(15), bearoff.Toccateglio),
	toccateglioKind("Toccateglispiel", toccateglio.Toccateglispiel(), bearoff.Toccateglio),
	toccateglioKind("Toccadille", toccateglio.Toccadille(), bearoff.Toccadille),
	verkehrenKind,
}

// sideOf is the board.Side of a side of 15 stones with p on its last six
// points and the rest borne off.
func sideOf(p bearoff.Position) board.Side {
	var s board.Side
	n := 0
	for i, c := range p {
		s[24-i] = int8(c)
		n += int(c)
	}
	s[board.BorneOff] = int8(15 - n)
	return s
}

// randomPosition returns a position of lo…hi stones, each on one of the
// six points at random.
func randomPosition(rng *rand.Rand, lo, hi int) bearoff.Position {
	var p bearoff.Position
	for range lo + rng.IntN(hi-lo+1) {
		p[rng.IntN(6)]++
	}
	return p
}

// longRun says whether the longer runs are asked for (BRETTSPIEL_LONG=1).
func longRun() bool { return os.Getenv("BRETTSPIEL_LONG") == "1" }

// samples picks a number of random cases: short under -short, long under
// BRETTSPIEL_LONG=1, normal otherwise.
func samples(short, normal, long int) int {
	switch {
	case longRun():
		return long
	case testing.Short():
		return short
	}
	return normal
}

// odds are a race's chances for the side to throw, as the brute force finds
// them: he bears off first (win), and so with a doublet as his last throw
// (winD); the other bears off first with a doublet as his last throw
// (loseD).
type odds struct{ win, winD, loseD float64 }

// tieEps is how close two chances of winning count as equal when the
// doublet ends break the tie (the tables document 1e-12).
const tieEps = 1e-12

// preferred says whether a play worth a is preferred to one worth b: the
// race first, then among equal races the mover's doublet ends less the
// other's.
func preferred(a, b odds) bool {
	if a.win > b.win+tieEps {
		return true
	}
	return a.win >= b.win-tieEps && a.winD-a.loseD > b.winD-b.loseD+tieEps
}

// stateKey identifies a state between turns for the memo: the stones, who
// throws, and the marks where the game has them.
type stateKey struct {
	sides [2]board.Side
	turn  brettspiel.Player
	marks [2]int
}

// brute is a memoised expectimax through one engine.
type brute struct {
	t     testing.TB
	kind  string
	memo  map[stateKey]odds
	plays int // moves applied
}

func newBrute(t testing.TB, kind string) *brute {
	return &brute{t: t, kind: kind, memo: map[stateKey]odds{}}
}

func clone(t testing.TB, g raceGame) raceGame {
	c, ok := g.Clone().(raceGame)
	if !ok {
		t.Fatalf("Clone of %T is a %T", g, g.Clone())
	}
	return c
}

func keyOf(g raceGame) stateKey {
	k := stateKey{sides: g.Board().Sides, turn: g.Turn()}
	if m, ok := g.(interface{ Marks() [2]int }); ok {
		k.marks = m.Marks()
	}
	return k
}

// onBoard counts the stones of s not borne off.
func onBoard(s *board.Side) int { return s.Total() - int(s[board.BorneOff]) }

// concedes says whether m gives the game up (Verkehren's V-W2). That is
// no play of the race: it loses at once, so it never wins more often than
// playing on, and it is left out so that it cannot enter a tie that the
// doublet ends break (a lost race is worth as little as conceding it).
func concedes(g raceGame, m brettspiel.Move) bool {
	c, ok := g.(interface{ Concedes(brettspiel.Move) bool })
	return ok && c.Concedes(m)
}

// value returns the odds of the player to throw at g, a chance node, both
// players playing every throw to bear off first most often (ties broken
// by the doublet ends, as preferred says).
func (b *brute) value(g raceGame) odds {
	t := b.t
	if g.ToMove() != brettspiel.Chance {
		t.Fatalf("%s: value of a state that is not a throw:\n%v", b.kind, g)
	}
	k := keyOf(g)
	if v, ok := b.memo[k]; ok {
		return v
	}
	thrower := g.Turn()
	if thrower != 0 && thrower != 1 {
		t.Fatalf("%s: nobody throws at\n%v", b.kind, g)
	}
	var sum odds
	total := 0
	for _, o := range g.ChanceOutcomes() {
		h := clone(t, g)
		if err := h.Apply(o.Move); err != nil {
			t.Fatalf("%s: throw %v: %v\n%v", b.kind, o.Move, err, g)
		}
		if h.ToMove() != thrower {
			t.Fatalf("%s: after the throw %v of player %d, %v is to move:\n%v", b.kind, h.Dice(), thrower, h.ToMove(), h)
		}
		d := h.Dice()
		if len(d) != 2 {
			t.Fatalf("%s: no dice to play after a throw:\n%v", b.kind, h)
		}
		doublet := d[0] == d[1]
		best, found := odds{}, false
		moves := h.LegalMoves()
		for i, m := range moves {
			if concedes(h, m) {
				continue
			}
			x := h // the last play needs no copy
			if i < len(moves)-1 {
				x = clone(t, h)
			}
			if err := x.Apply(m); err != nil {
				t.Fatalf("%s: %s: %v\n%v", b.kind, h.MoveString(m), err, h)
			}
			b.plays++
			v := b.after(x, thrower, doublet)
			if !found || preferred(v, best) {
				best, found = v, true
			}
		}
		if !found {
			t.Fatalf("%s: no play of %v at\n%v", b.kind, d, h)
		}
		w := float64(o.Weight)
		sum.win += w * best.win
		sum.winD += w * best.winD
		sum.loseD += w * best.loseD
		total += o.Weight
	}
	if total != 36 {
		t.Fatalf("%s: the throws weigh %d, want 36", b.kind, total)
	}
	v := odds{sum.win / 36, sum.winD / 36, sum.loseD / 36}
	b.memo[k] = v
	return v
}

// after returns the odds of mover after his play, which left x; doublet
// says whether the throw he played was one.
func (b *brute) after(x raceGame, mover brettspiel.Player, doublet bool) odds {
	t := b.t
	switch x.ToMove() {
	case brettspiel.Terminal:
		w, ok := x.Winner()
		if !ok || w != mover {
			t.Fatalf("%s: the game ended after a play of player %d, winner %v (%v):\n%v", b.kind, mover, w, ok, x)
		}
		sides := x.Board().Sides
		if n := onBoard(&sides[mover]); n != 0 {
			t.Fatalf("%s: player %d won with %d stones not borne off:\n%v", b.kind, mover, n, x)
		}
		if doublet {
			return odds{1, 1, 0}
		}
		return odds{1, 0, 0}
	case brettspiel.Chance:
		switch next := x.Turn(); next {
		case mover: // he throws again (Toccadille, T-D1)
			return b.value(x)
		case 1 - mover:
			v := b.value(x)
			return odds{1 - v.win, v.loseD, v.winD}
		default:
			t.Fatalf("%s: after a play %v throws:\n%v", b.kind, next, x)
		}
	}
	t.Fatalf("%s: after a play %v is to move:\n%v", b.kind, x.ToMove(), x)
	return odds{}
}

// positionsUpTo lists every position of at most n stones on the six
// points.
func positionsUpTo(n int) []bearoff.Position {
	var out []bearoff.Position
	var p bearoff.Position
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == 6 {
			out = append(out, p)
			return
		}
		for c := 0; c <= left; c++ {
			p[i] = uint8(c)
			rec(i+1, left-c)
		}
		p[i] = 0
	}
	rec(0, n)
	return out
}

// below says whether q may follow from p by stones moving on and off:
// never more stones q than p at any distance from the end or farther.
// Every position a race can reach is below its start (the converse need
// not hold): it bounds the states an expectimax from a start visits.
func below(q, p bearoff.Position) bool {
	nq, np := 0, 0
	for i := 5; i >= 0; i-- {
		nq += int(q[i])
		np += int(p[i])
		if nq > np {
			return false
		}
	}
	return true
}

// TestExactTableEqualsBruteForceExpectimax checks the two-sided table
// against an expectimax through the engines, for races of 1 to 4 stones a
// side: Tokkadille 1853 and Toccateglispiel (T-D1, a doublet played once;
// T-B1; T-B3, the Marsch — and in Toccateglispiel its Satz, which hangs on
// the doublet ends), Toccadille (T-D1, a new throw after a doublet) and
// Verkehren (V-D1, a doublet played four times; V-F1).
//
// The expectimax starts from random races, and every race it values on
// the way (each state of its memo) is compared with the table, not only
// the starts. A start is taken only while the states it can reach (at
// most those below it, less those already visited) fit in the kind's
// budget, so that the run stays small under the race detector; with
// BRETTSPIEL_LONG=1 there is no budget and nearly every race of at most
// four stones a side is valued.
func TestExactTableEqualsBruteForceExpectimax(t *testing.T) {
	starts := samples(30, 60, 400)
	budget := samples(6000, 14000, math.MaxInt) // states per kind
	small := positionsUpTo(4)
	for ki, k := range engineKinds {
		t.Run(k.name, func(t *testing.T) {
			tb, err := bearoff.For(k.rules)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, uint64(ki)))
			b := newBrute(t, k.name)
			seen := map[[2]bearoff.Position]bool{} // pairs below a start taken
			left, taken, skipped := budget, 0, 0
			for try := 0; taken < starts && try < 50*starts; try++ {
				var start [2]bearoff.Position
				for p := range start {
					start[p] = randomPosition(rng, 1, 4)
				}
				var fresh [][2]bearoff.Position
				for _, q := range small {
					if q == (bearoff.Position{}) || !below(q, start[0]) {
						continue
					}
					for _, r := range small {
						if r != (bearoff.Position{}) && below(r, start[1]) && !seen[[2]bearoff.Position{q, r}] {
							fresh = append(fresh, [2]bearoff.Position{q, r})
						}
					}
				}
				if 2*len(fresh) > left { // either player to throw
					skipped++
					continue
				}
				left -= 2 * len(fresh)
				for _, x := range fresh {
					seen[x] = true
				}
				sides := [2]board.Side{sideOf(start[0]), sideOf(start[1])}
				turn := brettspiel.Player(rng.IntN(2))
				g, err := k.load(sides, turn, [2]int{})
				if err != nil {
					t.Fatalf("load %v against %v, player %d to throw: %v", start[0], start[1], turn, err)
				}
				b.value(g)
				taken++
			}
			if taken == 0 {
				t.Fatal("no start fits in the budget")
			}
			// Compare every race the expectimax valued.
			var bad []string
			for key, got := range b.memo {
				me, ok1 := bearoff.PositionOf(&key.sides[key.turn])
				other, ok2 := bearoff.PositionOf(&key.sides[1-key.turn])
				if !ok1 || !ok2 {
					t.Fatalf("PositionOf refuses %v", key.sides)
				}
				want, ok := tb.Exact(me, other)
				switch {
				case !ok:
					bad = append(bad, fmt.Sprintf("Exact(%v, %v) is not covered", me, other))
				case math.Abs(got.win-want.Win) > 1e-9:
					bad = append(bad, fmt.Sprintf("%v (to throw) against %v: the engine's expectimax wins %.15f, the table %.15f", me, other, got.win, want.Win))
				// The doublet ends (the Satz in Toccateglispiel) hang on
				// how ties are broken; the tables break them as the
				// brute force does, for every kind.
				case math.Abs(got.winD-want.WinDoublet) > 1e-9 || math.Abs(got.loseD-want.LoseDoublet) > 1e-9:
					bad = append(bad, fmt.Sprintf("%v (to throw) against %v: the engine's expectimax wins with a doublet %.15f and loses to one %.15f, the table %.15f and %.15f",
						me, other, got.winD, got.loseD, want.WinDoublet, want.LoseDoublet))
				}
			}
			slices.Sort(bad)
			for i, s := range bad {
				if i == 20 {
					t.Errorf("… %d more", len(bad)-i)
					break
				}
				t.Error(s)
			}
			t.Logf("%d starts (%d skipped for the budget), %d races valued and compared, %d plays applied", taken, skipped, len(b.memo), b.plays)
		})
	}
}

// comparePositions orders positions for sorting.
func comparePositions(a, b bearoff.Position) int { return slices.Compare(a[:], b[:]) }

// sorted returns ps sorted, as a new slice.
func sorted(ps []bearoff.Position) []bearoff.Position {
	out := slices.Clone(ps)
	slices.SortFunc(out, comparePositions)
	return out
}

// engineResults returns the distinct positions the engine's plays of hi-lo
// leave the mover's side at (borne off: the empty Position), sorted, when
// seat mover has me and the other seat other.
func engineResults(t *testing.T, k engineKind, mover brettspiel.Player, me, other bearoff.Position, hi, lo int) []bearoff.Position {
	t.Helper()
	var sides [2]board.Side
	sides[mover], sides[1-mover] = sideOf(me), sideOf(other)
	g, err := k.load(sides, mover, [2]int{hi, lo})
	if err != nil {
		t.Fatalf("%s: load %v against %v with %d-%d: %v", k.name, me, other, hi, lo, err)
	}
	if g.ToMove() != mover {
		t.Fatalf("%s: loaded for player %d to play %d-%d, %v is to move:\n%v", k.name, mover, hi, lo, g.ToMove(), g)
	}
	var out []bearoff.Position
	for _, m := range g.LegalMoves() {
		if concedes(g, m) {
			continue
		}
		x := clone(t, g)
		if err := x.Apply(m); err != nil {
			t.Fatalf("%s: %s: %v\n%v", k.name, g.MoveString(m), err, g)
		}
		after := x.Board().Sides
		if after[1-mover] != sides[1-mover] {
			t.Fatalf("%s: %s moved the other side's stones:\n%v", k.name, g.MoveString(m), x)
		}
		q, ok := bearoff.PositionOf(&after[mover])
		if !ok {
			t.Fatalf("%s: %s leaves stones outside the last quarter:\n%v", k.name, g.MoveString(m), x)
		}
		if q == (bearoff.Position{}) {
			if w, ok := x.Winner(); x.ToMove() != brettspiel.Terminal || !ok || w != mover {
				t.Fatalf("%s: %s bears off the last stone, but the game goes on:\n%v", k.name, g.MoveString(m), x)
			}
		}
		if !slices.Contains(out, q) {
			out = append(out, q)
		}
	}
	return sorted(out)
}

// allThrows are the 21 throws, higher die first.
var allThrows = func() (out [][2]int) {
	for hi := 1; hi <= 6; hi++ {
		for lo := 1; lo <= hi; lo++ {
			out = append(out, [2]int{hi, lo})
		}
	}
	return out
}()

// TestResultsMatchTheEnginesPlays checks that the positions the tables let
// a throw leave are the ones the engines' legal plays leave (T-B1, T-D1,
// T-D6 in Toccateglio; V-D1, V-D2, V-F1 in Verkehren), for random
// positions on the last six points and all 21 throws.
func TestResultsMatchTheEnginesPlays(t *testing.T) {
	n := samples(8, 20, 200)
	for ki, k := range engineKinds {
		t.Run(k.name, func(t *testing.T) {
			tb, err := bearoff.For(k.rules)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(2, uint64(ki)))
			checked := 0
			for range n {
				me := randomPosition(rng, 1, k.maxStones)
				other := randomPosition(rng, 1, 15)
				mover := brettspiel.Player(rng.IntN(2))
				for _, th := range allThrows {
					want := engineResults(t, k, mover, me, other, th[0], th[1])
					got := sorted(tb.Results(me, th[0], th[1]))
					if diff := cmp.Diff(want, got); diff != "" {
						t.Errorf("%s: %v (against %v) plays %d-%d: Results differ from the engine's plays (player %d; -engine +table):\n%s", k.name, me, other, th[0], th[1], mover, diff)
					}
					checked++
				}
			}
			t.Logf("%d position-throws", checked)
		})
	}
}

// pos builds a position from point:count pairs of the side's own track
// (19…24).
func pos(pointCounts ...int) bearoff.Position {
	var p bearoff.Position
	for i := 0; i+1 < len(pointCounts); i += 2 {
		p[24-pointCounts[i]] = uint8(pointCounts[i+1])
	}
	return p
}

// vkExample is one of VK's worked examples of bearing off (section VII),
// as RULES.md gives them under V-F1: the position, the throw, and either
// all the positions the throw may leave (exact) or some that it must be
// able to leave.
type vkExample struct {
	name     string
	p        bearoff.Position
	hi, lo   int
	exact    []bearoff.Position // the whole set of results, when given
	includes []bearoff.Position // results that must be among them
}

var vkExamples = []vkExample{
	{name: "bands on 19 and 20, 6-5: one off from each",
		p: pos(19, 2, 20, 2), hi: 6, lo: 5, includes: []bearoff.Position{pos(19, 1, 20, 1)}},
	{name: "bands on 19 and 20, 6-6 takes all four",
		p: pos(19, 2, 20, 2), hi: 6, lo: 6, exact: []bearoff.Position{{}}},
	{name: "four on 24 with stones behind, 1-1: the four on 24 go off",
		p: pos(19, 1, 20, 1, 21, 2, 22, 3, 23, 4, 24, 4), hi: 1, lo: 1,
		includes: []bearoff.Position{pos(19, 1, 20, 1, 21, 2, 22, 3, 23, 4)}},
	{name: "four on 23 alone, 2-2 takes all four", p: pos(23, 4), hi: 2, lo: 2, exact: []bearoff.Position{{}}},
	{name: "four on 23 alone, 3-3 takes all four", p: pos(23, 4), hi: 3, lo: 3, exact: []bearoff.Position{{}}},
	{name: "four on 23 alone, 4-4 takes all four", p: pos(23, 4), hi: 4, lo: 4, exact: []bearoff.Position{{}}},
	{name: "four on 23 alone, 5-5 takes all four", p: pos(23, 4), hi: 5, lo: 5, exact: []bearoff.Position{{}}},
	{name: "four on 23 alone, 6-6 takes all four", p: pos(23, 4), hi: 6, lo: 6, exact: []bearoff.Position{{}}},
	{name: "four on 23 alone, 1-1 brings all four to 24",
		p: pos(23, 4), hi: 1, lo: 1, includes: []bearoff.Position{pos(24, 4)}},
	{name: "four on 19, 6-6 takes all four", p: pos(19, 4), hi: 6, lo: 6, exact: []bearoff.Position{{}}},
	{name: "a band on 19 alone, 6-5: the 6 bears one off, the 5 moves the other to 24",
		p: pos(19, 2), hi: 6, lo: 5, exact: []bearoff.Position{pos(24, 1)}},
	{name: "a band on 19 and a stone on 20, 6-5: the 5 may bear that one off",
		p: pos(19, 2, 20, 1), hi: 6, lo: 5, includes: []bearoff.Position{pos(19, 1)}},
	{name: "three on 19 and two on 20, 6-6: four go off, a blot stays on 20",
		p: pos(19, 3, 20, 2), hi: 6, lo: 6, exact: []bearoff.Position{pos(20, 1)}},
	{name: "21:3 22:2 23:2 24:2, 6-5 takes two from 21",
		p: pos(21, 3, 22, 2, 23, 2, 24, 2), hi: 6, lo: 5, exact: []bearoff.Position{pos(21, 1, 22, 2, 23, 2, 24, 2)}},
	{name: "21:3 22:2 23:2 24:2, 6-6 takes three from 21 and one from 22",
		p: pos(21, 3, 22, 2, 23, 2, 24, 2), hi: 6, lo: 6, exact: []bearoff.Position{pos(22, 1, 23, 2, 24, 2)}},
	{name: "21:3 22:2 23:2 24:2, 5-5 takes three from 21 and one from 22",
		p: pos(21, 3, 22, 2, 23, 2, 24, 2), hi: 5, lo: 5, exact: []bearoff.Position{pos(22, 1, 23, 2, 24, 2)}},
	{name: "bands on 23 and 24, 2-2 takes all four", p: pos(23, 2, 24, 2), hi: 2, lo: 2, exact: []bearoff.Position{{}}},
	{name: "bands on 23 and 24, 3-3 takes all four", p: pos(23, 2, 24, 2), hi: 3, lo: 3, exact: []bearoff.Position{{}}},
	{name: "bands on 23 and 24, 4-4 takes all four", p: pos(23, 2, 24, 2), hi: 4, lo: 4, exact: []bearoff.Position{{}}},
	{name: "bands on 23 and 24, 5-5 takes all four", p: pos(23, 2, 24, 2), hi: 5, lo: 5, exact: []bearoff.Position{{}}},
	{name: "bands on 23 and 24, 6-6 takes all four", p: pos(23, 2, 24, 2), hi: 6, lo: 6, exact: []bearoff.Position{{}}},
	{name: "bands on 23 and 24, 2-1: one from each, or one off and the other set",
		p: pos(23, 2, 24, 2), hi: 2, lo: 1, exact: []bearoff.Position{pos(23, 1, 24, 1), pos(24, 3)}},
	// VK goes on (not in RULES.md's list): a band on the third point and
	// one on the last, 6, 5 or 4 with a 1, one from each band; two sixes,
	// fives or fours take all four.
	{name: "bands on 21 and 24, 6-1: one from each", p: pos(21, 2, 24, 2), hi: 6, lo: 1, includes: []bearoff.Position{pos(21, 1, 24, 1)}},
	{name: "bands on 21 and 24, 5-1: one from each", p: pos(21, 2, 24, 2), hi: 5, lo: 1, includes: []bearoff.Position{pos(21, 1, 24, 1)}},
	{name: "bands on 21 and 24, 4-1: one from each", p: pos(21, 2, 24, 2), hi: 4, lo: 1, includes: []bearoff.Position{pos(21, 1, 24, 1)}},
	{name: "bands on 21 and 24, 6-6 takes all four", p: pos(21, 2, 24, 2), hi: 6, lo: 6, exact: []bearoff.Position{{}}},
	{name: "bands on 21 and 24, 5-5 takes all four", p: pos(21, 2, 24, 2), hi: 5, lo: 5, exact: []bearoff.Position{{}}},
	{name: "bands on 21 and 24, 4-4 takes all four", p: pos(21, 2, 24, 2), hi: 4, lo: 4, exact: []bearoff.Position{{}}},
}

// TestV_F1_VKBearingOffExamples checks VK's worked examples of bearing off
// (section VII, as RULES.md lists them under V-F1) on the Verkehren
// tables' Results, and that the engine plays each throw the same way.
func TestV_F1_VKBearingOffExamples(t *testing.T) {
	tb, err := bearoff.For(bearoff.Verkehren)
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range vkExamples {
		t.Run(ex.name, func(t *testing.T) {
			got := sorted(tb.Results(ex.p, ex.hi, ex.lo))
			if ex.exact != nil {
				if diff := cmp.Diff(sorted(ex.exact), got); diff != "" {
					t.Errorf("Results(%v, %d-%d) (-VK +table):\n%s", ex.p, ex.hi, ex.lo, diff)
				}
			}
			for _, q := range ex.includes {
				if !slices.Contains(got, q) {
					t.Errorf("Results(%v, %d-%d) = %v, lacks %v", ex.p, ex.hi, ex.lo, got, q)
				}
			}
			// The engine agrees, the other side in a race of its own.
			eng := engineResults(t, verkehrenKind, 0, ex.p, pos(24, 1), ex.hi, ex.lo)
			if diff := cmp.Diff(eng, got); diff != "" {
				t.Errorf("Results(%v, %d-%d) (-engine +table):\n%s", ex.p, ex.hi, ex.lo, diff)
			}
		})
	}
}
