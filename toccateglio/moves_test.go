package toccateglio

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/kit"
)

// compareVariants are the rules the generator is compared under: every preset
// and option sets in no preset, so that every option is on and off somewhere.
func compareVariants() []variant {
	var vs []variant
	for _, p := range Presets() {
		vs = append(vs, variant{p.Name, p.Options})
	}
	a := Toccateglispiel()
	a.HigherDie, a.SingleDieHitsOnly, a.HuckeForce = true, true, ForceNever
	b := Toccadille()
	b.HigherDie, b.SinglesInForce, b.ExactBearOffAlways, b.HuckeForce = true, false, false, ForceWithHucke
	c := Tokkadille1853(16)
	c.SinglesInForce, c.ClosedOpponentHucke, c.HuckeForce, c.NoSatz = false, false, ForceWithoutHucke, false
	return append(vs, variant{"custom A", a}, variant{"custom B", b}, variant{"custom C", c})
}

// comparePositions returns n positions with a throw to play under o: every
// fourth from a random Partie (random or careful plays, so that Jans and the
// Marsch come up), the others made up at random (randomPosition), which
// reaches the rare cases — bearing off, the last stone in hand, the Hucke —
// far more often.
func comparePositions(t testing.TB, o Options, seed uint64, n int) []*Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 17))
	var out []*Game
	for len(out) < n {
		if r.IntN(4) == 0 {
			policy := brettspiel.RandomPolicy
			if r.IntN(2) == 0 {
				policy = carefulPolicy
			}
			walk(t, o, r.Uint64(), policy, func(g *Game) {
				if g.phase == phaseMove && len(out) < n && r.IntN(3) == 0 {
					out = append(out, g.Clone().(*Game))
				}
			})
			continue
		}
		out = append(out, randomPosition(t, o, r))
	}
	return out
}

// randomPosition makes up a legal position with a throw to play: each side
// at random in the middle game, coming home or bearing off, or entering from
// the hand; positions that FromPosition refuses are drawn again.
func randomPosition(t testing.TB, o Options, r *rand.Rand) *Game {
	t.Helper()
	stones := o.Stones
	if stones == 0 {
		stones = 15
	}
	for {
		var sides [2]board.Side
		taken := func(pl, p int) bool { // the other side holds the point
			return p >= 1 && p <= 24 && sides[1-pl][25-p] > 0
		}
		for pl := 0; pl < 2; pl++ {
			s := &sides[pl]
			lo, hi, outside := 1, 24, 0
			switch r.IntN(5) {
			case 0: // coming home: at most two stones outside the last quarter
				lo, hi, outside = 19, 24, r.IntN(3)
				s[off] = int8(r.IntN(stones / 2))
				if outside > 0 {
					s[off] = 0
				} else if r.IntN(2) == 0 { // the last few stones
					s[off] = int8(stones - 1 - r.IntN(3))
				}
			case 1: // in hand
				if o.EnterFromHand {
					s[hand] = int8(1 + r.IntN(stones))
					lo, hi = 1, 6
				}
			case 2: // the Hucke held, and the rest near it
				s[ownHucke] = int8(2 + r.IntN(3))
				lo, hi = 5, 18
			}
			placed := int(s[off]) + int(s[hand]) + int(s[ownHucke])
			for ; outside > 0 && placed < stones; outside-- {
				p := 1 + r.IntN(18)
				if p != oppHucke && !taken(pl, p) {
					s[p]++
					placed++
				}
			}
			for tries := 0; placed < stones && tries < 200; tries++ {
				p := lo + r.IntN(hi-lo+1)
				if p != oppHucke && !taken(pl, p) {
					s[p]++
					placed++
				}
			}
			if placed < stones {
				s[off] += int8(stones - placed)
			}
			if s[ownHucke] == 1 {
				s[ownHucke], s[ownHucke-1] = 0, s[ownHucke-1]+1
			}
		}
		d1, d2 := 1+r.IntN(6), 1+r.IntN(6)
		g, err := FromPosition(o, Position{Stones: sides, Dice: [2]int{d1, d2},
			Marks: [2]int{r.IntN(12), r.IntN(12)}, Turn: brettspiel.Player(r.IntN(2))})
		if err == nil {
			return g
		}
	}
}

// withThrow returns a copy of g with the throw hi-lo to play.
func withThrow(g *Game, hi, lo uint8) *Game {
	c := *g
	c.events = nil
	c.dice = [2]uint8{hi, lo}
	return &c
}

// TestT_D6_GeneratorMatchesReference: the legal plays of every throw (the
// filters of T-D2…T-D8, T-H1…T-H3, T-S4, T-B1, T-B2 and the one form per
// position) are exactly those of the reference generator, over random
// positions of every preset and of option sets in no preset, each with all
// 21 throws. BRETTSPIEL_LONG=1 compares over a million throws.
func TestT_D6_GeneratorMatchesReference(t *testing.T) {
	vs := compareVariants()
	per := conformance.Games(300, 8000) // positions per variant, 21 throws each
	total := 0
	for k, v := range vs {
		var got, want []brettspiel.Move
		for _, g := range comparePositions(t, v.o, uint64(k+1), per) {
			for _, th := range throwPairs {
				x := withThrow(g, th[0], th[1])
				got = x.AppendLegalMoves(got[:0])
				want = x.refAppendLegalMoves(want[:0])
				total++
				if !slices.Equal(got, want) {
					t.Fatalf("%s: plays of %d-%d differ\n%v\n got %v\nwant %v", v.name, th[0], th[1], x, moveStrings(x, got), moveStrings(x, want))
				}
				if u, w := x.numbersUsed(), refUsed(x); u != w {
					t.Fatalf("%s: %d-%d: numbersUsed %d, want %d\n%v", v.name, th[0], th[1], u, w, x)
				}
			}
		}
	}
	t.Logf("%d throws compared", total)
}

// sameState compares two games but for their events.
func sameState(a, b *Game) bool {
	x, y := *a, *b
	x.events, y.events = nil, nil
	return reflect.DeepEqual(x, y)
}

// refUsed is numbersUsed by the reference generator.
func refUsed(g *Game) int {
	var l refPlayList
	g.refGenPlays(&l)
	if l.normal == 0 {
		return 0
	}
	return l.used
}

func moveStrings(g *Game, ms []brettspiel.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = g.MoveString(m)
	}
	return out
}

// TestT_D6_GeneralPathMatchesReference: the generator's general path, which
// walks every sequence of single steps, gives the same plays as the
// reference also where the fast path is used.
func TestT_D6_GeneralPathMatchesReference(t *testing.T) {
	for k, v := range compareVariants() {
		for _, g := range comparePositions(t, v.o, uint64(50+k), conformance.Games(100, 2000)) {
			for _, th := range throwPairs {
				x := withThrow(g, th[0], th[1])
				m := x.newMover()
				got, _ := m.generalPlays(nil, x.turn, x.opts.HigherDie, genAll)
				var l refPlayList
				x.refGenPlays(&l)
				want := make([]brettspiel.Move, 0, l.n)
				for i := 0; i < l.normal; i++ {
					want = append(want, kit.NewMove(x.turn, l.items[i].payload))
				}
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: %d-%d\n%v\n got %v\nwant %v", v.name, th[0], th[1], x, moveStrings(x, got), moveStrings(x, want))
				}
			}
		}
	}
}

// payloadsNear returns payloads to try on g: the legal ones, and near misses
// and garbage: steps moved by a point, the other route of a combined move, a
// step dropped or added, steps swapped into the wrong order, random steps,
// random bits.
func payloadsNear(g *Game, legal []brettspiel.Move, r *rand.Rand) []uint64 {
	var out []uint64
	randStep := func() step { return mkStep(r.IntN(26), r.IntN(27)) }
	for _, m := range legal {
		p := m.Payload()
		out = append(out, p)
		a, b := playSteps(p)
		out = append(out,
			mkPlay(a, 0), mkPlay(b, 0), mkPlay(a, randStep()), mkPlay(randStep(), b),
			uint64(b)<<10|uint64(a), // the wrong order
			mkPlay(mkStep(a.from(), a.to()+1), b), mkPlay(a, mkStep(b.from(), b.to()-1)),
			mkPlay(mkStep(a.from()+1, a.to()+1), b))
		if b != 0 && a.to() == b.from() { // the other route of one stone, and one step for both
			out = append(out, mkPlay(mkStep(a.from(), b.to()), 0))
			for _, d := range [2]int{int(g.dice[0]), int(g.dice[1])} {
				x := a.from() + d
				out = append(out, mkPlay(mkStep(a.from(), x), mkStep(x, b.to())))
			}
		}
	}
	s := &g.sides[g.turn]
	for p := 0; p <= 24; p++ { // every step of one die alone
		for _, d := range [2]int{int(g.dice[0]), int(g.dice[1])} {
			if s[p] > 0 {
				out = append(out, mkPlay(mkStep(p, min(p+d, off)), 0))
			}
		}
	}
	for i := 0; i < 8; i++ {
		out = append(out, mkPlay(randStep(), randStep()), mkPlay(randStep(), 0), r.Uint64()&(1<<20-1), r.Uint64()>>uint(r.IntN(64)))
	}
	return append(out, 0, decideGoOn, decideAfresh, 1<<56-1)
}

// TestApplyAgreesWithTheList: Apply accepts a play exactly when it is in the
// list of legal moves (the reference's), over random positions and
// payloads, near misses and garbage included; a refused move leaves the
// state as it was and its error wraps ErrIllegalMove (or says whose turn it
// is).
func TestApplyAgreesWithTheList(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	checked := 0
	for k, v := range compareVariants() {
		for _, g := range comparePositions(t, v.o, uint64(200+k), conformance.Games(6, 1500)) {
			for _, th := range throwPairs {
				if r.IntN(3) != 0 {
					continue
				}
				x := withThrow(g, th[0], th[1])
				legal := x.refAppendLegalMoves(nil)
				for _, p := range payloadsNear(x, legal, r) {
					for _, actor := range [2]brettspiel.Player{x.turn, 1 - x.turn} {
						if actor != x.turn && !slices.Contains(legal, kit.NewMove(x.turn, p)) {
							continue // the other player: his turn is judged on the legal plays
						}
						m := kit.NewMove(actor, p)
						want := slices.Contains(legal, m)
						c := *x
						err := c.Apply(m)
						checked++
						if (err == nil) != want {
							t.Fatalf("%s: Apply(%s) err %v, legal %v\n%v\nlegal: %v", v.name, x.MoveString(m), err, want, x, moveStrings(x, legal))
						}
						if err != nil {
							if !errors.Is(err, brettspiel.ErrIllegalMove) && !errors.Is(err, brettspiel.ErrNotYourTurn) {
								t.Fatalf("%s: Apply(%s): %v wraps no sentinel of a refused move", v.name, x.MoveString(m), err)
							}
							if !sameState(&c, x) {
								t.Fatalf("%s: a refused Apply(%s) changed the state", v.name, x.MoveString(m))
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d moves checked", checked)
}

// TestApplyEventsMatchReference: for every legal play of random positions,
// Apply leaves the same state and reports the same events — the same marks
// of T-M*, T-D7, T-J1…T-J3, T-B3 and the same Partie ends — as the
// reference, which checked the play against the whole list.
func TestApplyEventsMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	for k, v := range compareVariants() {
		for _, g := range comparePositions(t, v.o, uint64(300+k), conformance.Games(200, 5000)) {
			th := throwPairs[r.IntN(len(throwPairs))]
			x := withThrow(g, th[0], th[1])
			for _, m := range x.refAppendLegalMoves(nil) {
				got, want := *x, *x
				got.events, want.events = nil, nil
				if err := got.Apply(m); err != nil {
					t.Fatalf("%s: Apply(%s): %v", v.name, x.MoveString(m), err)
				}
				if err := want.refApply(m); err != nil {
					t.Fatalf("%s: refApply(%s): %v", v.name, x.MoveString(m), err)
				}
				if !slices.EqualFunc(got.events, want.events, brettspiel.Event.Equal) {
					t.Fatalf("%s: Apply(%s) events\n%s want\n%s\n%v", v.name, x.MoveString(m), eventsString(got.events), eventsString(want.events), x)
				}
				if !sameState(&got, &want) {
					t.Fatalf("%s: Apply(%s): state %+v, want %+v", v.name, x.MoveString(m), got, want)
				}
			}
		}
	}
}

// TestT_M1_HitCountMatchesHitMarks: the marks counted by bit masks (hitCount)
// are those of hitMarks for every throw of random positions (T-M1…T-M3).
func TestT_M1_HitCountMatchesHitMarks(t *testing.T) {
	for k, v := range compareVariants() {
		for _, g := range comparePositions(t, v.o, uint64(400+k), conformance.Games(300, 5000)) {
			for _, th := range throwPairs {
				x := withThrow(g, th[0], th[1])
				for me := 0; me < 2; me++ {
					if got, want := x.hitCount(me), x.hitMarks(me, false); got != want {
						t.Fatalf("%s: player %d, %d-%d: hitCount %d, hitMarks %d\n%v", v.name, me, th[0], th[1], got, want, x)
					}
				}
			}
		}
	}
}

// TestGenerateDoesNotAllocate: generation into a slice with room, and the
// check of Apply, allocate nothing over random positions.
func TestGenerateDoesNotAllocate(t *testing.T) {
	ps := comparePositions(t, td, 9, 200)
	ps = append(ps, comparePositions(t, ts, 10, 200)...)
	dst := make([]brettspiel.Move, 0, maxPlays+1)
	for i, g := range ps {
		var m brettspiel.Move
		if n := testing.AllocsPerRun(3, func() {
			dst = g.AppendLegalMoves(dst[:0])
			m = dst[len(dst)-1]
		}); n != 0 {
			t.Fatalf("position %d: AppendLegalMoves: %v allocations\n%v", i, n, g)
		}
		if n := testing.AllocsPerRun(3, func() {
			mv := g.newMover()
			g.checkPlay(&mv, m.Payload())
		}); n != 0 {
			t.Fatalf("position %d: checkPlay(%s): %v allocations\n%v", i, g.MoveString(m), n, g)
		}
	}
}

// TestT_D6_ApplyChecksTheHigherDie: when only one number can be played,
// Apply takes either (T-D6), and under HigherDie only the higher; the
// refused play leaves the state unchanged.
func TestT_D6_ApplyChecksTheHigherDie(t *testing.T) {
	blocked := opp(ts, 1, map[int]int{6: 2, 7: 2, 21: 2}) // 10 cannot use both numbers
	for _, higher := range []bool{false, true} {
		o := ts
		o.HigherDie = higher
		for _, c := range []struct {
			step string
			ok   bool
		}{{"10/15", !higher}, {"10/16", true}} {
			g := load(t, o, own(o, 1, map[int]int{10: 1}), blocked, [2]int{6, 5}, [2]int{})
			p := map[string]uint64{"10/15": mkPlay(mkStep(10, 15), 0), "10/16": mkPlay(mkStep(10, 16), 0)}[c.step]
			before := *g
			err := g.Apply(kit.NewMove(0, p))
			if (err == nil) != c.ok {
				t.Errorf("HigherDie %v: Apply(%s) = %v, want legal %v", higher, c.step, err, c.ok)
			}
			if err != nil && (!errors.Is(err, brettspiel.ErrIllegalMove) || !sameState(g, &before)) {
				t.Errorf("HigherDie %v: Apply(%s) = %v, or the state changed", higher, c.step, err)
			}
		}
	}
}

// TestT_B3_LastStoneOffIsOnePlay: the last stone borne off with the 6 alone
// or by 1 and 6 leaves the same position (the Marsch is over); the list
// names it by its two steps, Apply refuses the other form, and ParseMove
// reads the other form as the listed play.
func TestT_B3_LastStoneOffIsOnePlay(t *testing.T) {
	g := load(t, ts, own(ts, 25, map[int]int{20: 1}), opp(ts, 1, map[int]int{5: 14}), [2]int{6, 1}, [2]int{})
	wantPlays(t, g, "20/21 21/off")
	direct := kit.NewMove(0, mkPlay(mkStep(20, off), 0))
	before := *g
	if err := g.Apply(direct); !errors.Is(err, brettspiel.ErrIllegalMove) || !sameState(g, &before) {
		t.Errorf("Apply(20/off) = %v, want ErrIllegalMove and the state unchanged", err)
	}
	m, err := g.ParseMove("20/off")
	if err != nil || g.MoveString(m) != "20/21 21/off" {
		t.Errorf("ParseMove(20/off) = %s, %v", g.MoveString(m), err)
	}
	if err := g.Apply(m); err != nil || sumMarks(g.Events(), 0, "T-B3") != 2 {
		t.Errorf("Apply(20/21 21/off) = %v, events\n%s", err, eventsString(g.Events()))
	}
}
