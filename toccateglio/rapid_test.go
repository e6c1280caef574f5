package toccateglio

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"pgregory.net/rapid"
)

// bruteHits recounts the marks of T-M1…T-M3 for player me and the throw
// d1-d2 by walking every sequence of the throw's dice for one stone from every
// own point, and every pair of single stones for the Hucke hit.
func bruteHits(g *Game, me, d1, d2 int) int {
	s, o := g.sides[me], g.sides[1-me]
	oppAt := func(q int) int {
		if q < 1 || q > 24 {
			return 0
		}
		return int(o[25-q])
	}
	canStop := func(q int) bool {
		if oppAt(q) > 0 || (q == 12 && s[12] == 0) || (q == 13 && g.opts.ClosedOpponentHucke) {
			return false
		}
		return true
	}
	seqs := [][]int{{d1}, {d2}, {d1, d2}, {d2, d1}}
	if g.opts.SingleDieHitsOnly {
		seqs = seqs[:2]
	}
	type route struct{ x, r int }
	hits := map[route]bool{}
	for x := 1; x <= 24; x++ {
		if s[x] == 0 {
			continue
		}
		for _, seq := range seqs {
			pos, ok := x, true
			for i, d := range seq {
				pos += d
				if i < len(seq)-1 && !canStop(pos) {
					ok = false
				}
			}
			if ok && pos <= 24 && pos != 13 && oppAt(pos) == 1 {
				r := seq[0]
				if len(seq) == 2 {
					r = 100
				}
				hits[route{x, r}] = true
			}
		}
	}
	worth := 1
	if d1 == d2 {
		worth = 2
	}
	n := len(hits) * worth
	// T-M3: two single stones, not the Hucke's base, each reaching 13 with one die.
	if s[12] >= 2 && oppAt(13) == 0 {
		var stones []int
		for q := 1; q <= 24; q++ {
			c := int(s[q])
			if q == 12 {
				c -= 2
			}
			for k := 0; k < c; k++ {
				stones = append(stones, q)
			}
		}
		found := false
		for i := range stones {
			for j := range stones {
				if i != j && stones[i]+d1 == 13 && stones[j]+d2 == 13 {
					found = true
				}
			}
		}
		if found {
			n += 2 * worth
		}
	}
	return n
}

// TestT_M1_MarksEqualBruteForceRecount: at every throw of random games, the
// hit marks of every one of the 21 throws (T-M1, T-M2, T-M3) equal the
// recount, and the marks of the applied throw equal its events.
func TestT_M1_MarksEqualBruteForceRecount(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		v := rapid.SampledFrom(variants()).Draw(rt, "variant")
		seed := rapid.Uint64().Draw(rt, "seed")
		pol := brettspiel.RandomPolicy
		if rapid.Bool().Draw(rt, "careful") {
			pol = carefulPolicy
		}
		for game := uint64(0); game < 10; game++ {
			recountGame(rt, v.o, rand.New(rand.NewPCG(seed, game)), pol)
		}
	})
}

func recountGame(rt *rapid.T, o Options, r *rand.Rand, pol brettspiel.Policy) {
	{
		g, _ := New(o)
		for steps := 0; g.ToMove() != brettspiel.Terminal; steps++ {
			if g.phase == phaseThrow {
				for _, th := range throwPairs {
					c := g.Clone().(*Game)
					c.dice = th
					got := c.hitMarks(int(c.turn), false)
					if want := bruteHits(c, int(c.turn), int(th[0]), int(th[1])); got != want {
						rt.Fatalf("throw %d-%d: %d marks, recount %d\n%v", th[0], th[1], got, want, c)
					}
				}
			}
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m, _ = brettspiel.SampleChance(g, r)
			} else {
				m = pol(g, g.LegalMoves(), r)
			}
			before := g.Marks()
			if err := g.Apply(m); err != nil {
				rt.Fatal(err)
			}
			if (g.phase == phaseMove || g.phase == phaseThrow) && !hasKind(g.Events(), brettspiel.EventDecide) {
				after := g.Marks()
				for p := 0; p < 2; p++ {
					if d := after[p] - before[p]; d != sumMarks(g.Events(), brettspiel.Player(p), "") && !hasKind(g.Events(), EventSetup) {
						rt.Fatalf("player %d's marks moved by %d, events say %d:\n%s", p, d, sumMarks(g.Events(), brettspiel.Player(p), ""), eventsString(g.Events()))
					}
				}
			}
		}
	}
}

func hasKind(evs []brettspiel.Event, k brettspiel.EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// TestRapidWholeGames plays whole matches chosen by rapid with every check
// of the harness at every step: stones conserved, the Hucke never holds one
// own stone, no stone on an opponent's stone or on the opponent's Hucke, and
// the match ends without the turn cap.
func TestRapidWholeGames(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		v := rapid.SampledFrom(variants()).Draw(rt, "variant")
		{
			{
				capped := false
				conformance.PlayWhole(rt, newGameFunc(t, v.o), conformance.Config{
					Invariant: checkInvariant,
					Compare:   fastCompare,
					Observe: func(g brettspiel.Game, evs []brettspiel.Event) {
						for _, e := range evs {
							if e.Note == "turn cap" {
								capped = true
							}
						}
					},
				})
				if capped {
					rt.Fatal("the turn cap ended a game")
				}
			}
		}
	})
}

func TestRapidMachine(t *testing.T) {
	for _, v := range variants()[:1] {
		o := v.o
		o.Partien = 2
		rapid.Check(t, func(rt *rapid.T) {
			conformance.Machine(rt, newGameFunc(t, o), conformance.Config{Invariant: checkInvariant, Compare: fastCompare,
				RoundTrips: []conformance.RoundTrip{{Name: "position ID", Do: idRoundTrip}, {Name: "JSON", Do: jsonRoundTrip}}})
		})
	}
}

// TestRapidFromPositionNeverPanics loads arbitrary positions: each is refused
// with ErrBadPosition or gives a game whose invariant holds.
func TestRapidFromPositionNeverPanics(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		v := rapid.SampledFrom(variants()).Draw(rt, "variant")
		var pos Position
		for p := 0; p < 2; p++ {
			for i := range pos.Stones[p] {
				pos.Stones[p][i] = int8(rapid.IntRange(-1, 16).Draw(rt, fmt.Sprint("s", p, i)))
			}
			pos.Marks[p] = rapid.IntRange(-1, 13).Draw(rt, fmt.Sprint("m", p))
			pos.Strokes[p] = rapid.IntRange(-1, 5).Draw(rt, fmt.Sprint("k", p))
		}
		pos.Turn = brettspiel.Player(rapid.IntRange(-3, 2).Draw(rt, "turn"))
		pos.Dice = [2]int{rapid.IntRange(-1, 7).Draw(rt, "d0"), rapid.IntRange(-1, 7).Draw(rt, "d1")}
		g, err := FromPosition(v.o, pos)
		if err != nil {
			return
		}
		if err := checkInvariant(g); err != nil {
			rt.Fatalf("loaded a bad position: %v", err)
		}
		g.LegalMoves()
		_ = g.String()
	})
}

// TestRapidParseMoveNeverPanics feeds arbitrary text to ParseMove.
func TestRapidParseMoveNeverPanics(t *testing.T) {
	g := load(t, ts, own(ts, 1, map[int]int{10: 2}), opp(ts, 1, nil), [2]int{5, 3}, [2]int{})
	rapid.Check(t, func(rt *rapid.T) {
		s := rapid.OneOf(rapid.String(), rapid.StringMatching(`(in|[0-9]{1,2})/([0-9]{1,2}|off)( (in|[0-9]{1,2})/([0-9]{1,2}|off))?`)).Draw(rt, "s")
		m, err := g.ParseMove(s)
		if err == nil && !slicesContains(g.LegalMoves(), m) {
			rt.Fatalf("ParseMove(%q) = %v, not legal", s, m)
		}
		_ = g.MoveString(brettspiel.Move(rapid.Uint64().Draw(rt, "m")))
	})
}

func slicesContains(ms []brettspiel.Move, m brettspiel.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// TestMain keeps the property tests within the package's time budget: 4
// cases each unless -rapid.checks is given or the long runs are asked for.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	if !set && !conformance.Long() {
		flag.Set("rapid.checks", "4")
	}
	os.Exit(m.Run())
}
