package toccateglio

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/schematest"
	"github.com/google/go-cmp/cmp"
)

// checkInvariant is the harness's invariant: stones are conserved, no Hucke
// holds exactly one stone of its owner, no stone stands on the opponent's
// Hucke or on a point with an opponent stone, stones are borne off only from
// home, and the marks stay below 12 except at the winner's decision.
func checkInvariant(g brettspiel.Game) error {
	x := g.(*Game)
	for p := 0; p < 2; p++ {
		s := &x.sides[p]
		total := 0
		for i, c := range s {
			if c < 0 {
				return fmt.Errorf("player %d: %d stones at %d", p, c, i)
			}
			total += int(c)
		}
		switch {
		case total != x.opts.Stones:
			return fmt.Errorf("player %d has %d stones, want %d", p, total, x.opts.Stones)
		case s[ownHucke] == 1:
			return fmt.Errorf("player %d has one stone on his Hucke", p)
		case s[oppHucke] > 0:
			return fmt.Errorf("player %d stands on the opponent's Hucke", p)
		case s[off] > 0 && s.CountIn(1, 18)+int(s[hand]) > 0:
			return fmt.Errorf("player %d bore off with stones outside", p)
		case s[hand] > 0 && !x.opts.EnterFromHand:
			return fmt.Errorf("player %d has stones in hand", p)
		case x.marks[p] < 0 || (x.marks[p] >= 12 && x.phase != phaseDecide && x.phase != phaseOver && x.phase != phaseMark && x.phase != phaseSchule):
			return fmt.Errorf("player %d has %d marks in phase %d", p, x.marks[p], x.phase)
		}
	}
	for q := 1; q <= 24; q++ {
		if x.sides[0][q] > 0 && x.sides[1][25-q] > 0 {
			return fmt.Errorf("both players on point %d", q)
		}
	}
	return nil
}

// endings counts how Partien end, by the rule of the marks that reached 12.
type endings map[string]int

func (c endings) observe(g brettspiel.Game, evs []brettspiel.Event) {
	last := ""
	for _, e := range evs {
		switch {
		case e.Kind == brettspiel.EventMark:
			switch e.Rule {
			case "T-M1", "T-M2", "T-M3":
				last = "hits"
			case "T-J1", "T-J3":
				last = "Jan"
			case "T-D7", "T-J2":
				last = "penalties"
			case "T-B3":
				last = "Marsch"
			}
			c["mark "+e.Rule] += e.Amount
		case e.Kind == EventSatz:
			last = "Satz"
		case e.Kind == EventSetup && e.Rule == "T-B4":
			c["new Marsch"]++
		case e.Kind == brettspiel.EventEnd && e.Rule == "T-W2":
			c["end by "+last]++
		case e.Kind == brettspiel.EventEnd && e.Note == "turn cap":
			c["turn cap"]++
		case e.Kind == brettspiel.EventMove && e.Rule == "T-H3":
			c["force plays"]++
		case e.Kind == brettspiel.EventPass:
			c["passes"]++
		case e.Kind == brettspiel.EventDecide:
			c["decision "+e.Note]++
		case e.Kind == EventDeclare && e.Number == 6:
			last = "Marsch"
			c[string(e.Kind)]++
		case e.Kind == EventDeclare || e.Kind == EventSchule || e.Kind == EventRight || e.Kind == EventLetPass:
			c[string(e.Kind)]++
		}
	}
}

func (c endings) String() string {
	var keys []string
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%d ", k, c[k])
	}
	return b.String()
}

// carefulPolicy plays like a cautious player: as few own blots as possible,
// then as far forward as possible; ties at random. It makes long Partien in
// which the Jan and the Marsch come up.
func carefulPolicy(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	x := g.(*Game)
	if x.phase != phaseMove || r.IntN(10) == 0 {
		return legal[r.IntN(len(legal))]
	}
	best, bestScore, ties := legal[0], -1<<30, 0
	for _, m := range legal {
		f := afterPlay(x.sides[x.turn], m.Payload())
		score := 0
		for q := 1; q <= 24; q++ {
			switch {
			case f[q] == 1:
				score -= 20
			case f[q] >= 2 && q < 13 || q > 18:
				score += 6
			}
			score += q * int(f[q]) / 8
		}
		score += 25*int(f[off]) + 60*bits.OnesCount8(closedQuarters(&f))
		switch {
		case score > bestScore:
			best, bestScore, ties = m, score, 1
		case score == bestScore:
			ties++
			if r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// fastCompare compares the state's comparable parts with == instead of by
// reflection, field by field: the same equality, far cheaper.
var fastCompare = cmp.Options{
	cmp.Comparer(func(a, b board.Side) bool { return a == b }),
	cmp.Comparer(func(a, b Options) bool { return a == b }),
	cmp.Comparer(func(a, b schule) bool { return a == b }),
	cmp.Comparer(func(a, b brettspiel.Event) bool { return a.Equal(b) }),
}

type variant struct {
	name string
	o    Options
}

func variants() []variant {
	var vs []variant
	for _, p := range Presets() {
		vs = append(vs, variant{p.Name, p.Options})
	}
	custom := Toccateglispiel()
	custom.HigherDie, custom.SingleDieHitsOnly, custom.HuckeForce, custom.Partien = true, true, ForceNever, 2
	vs = append(vs, variant{"custom", custom})
	return vs
}

func newGameFunc(t testing.TB, o Options) func() brettspiel.Game {
	return func() brettspiel.Game {
		g, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
}

func TestHarness(t *testing.T) {
	vs := variants()
	counts := make([]endings, len(vs))
	t.Run("variants", func(t *testing.T) {
		for k, v := range vs {
			counts[k] = endings{}
			ends := counts[k]
			t.Run(v.name, func(t *testing.T) {
				t.Parallel()
				type run struct {
					policy                brettspiel.Policy
					partien, games, deeps int
				}
				// The deep checks cost the most (a second or more a game
				// under the race detector), and every run has at least one:
				// the default run plays two of the four runs, with one deep
				// game each; BRETTSPIEL_LONG=1 plays all four, larger.
				runs := []run{
					{brettspiel.RandomPolicy, 1, conformance.Games(2000, 100000), conformance.Games(1, 3)},
					{carefulPolicy, 3, conformance.Games(100, 5000), 1},
				}
				if conformance.Long() {
					runs = append(runs, run{brettspiel.RandomPolicy, 3, 10000, 1}, run{carefulPolicy, 1, 20000, 1})
				}
				if v.name == "custom" {
					runs = []run{{carefulPolicy, 2, 300, 1}}
					if conformance.Long() {
						runs = append(runs, run{brettspiel.RandomPolicy, 2, 300, 1})
					}
				}
				for i, run := range runs {
					o := v.o
					if o.Partien == 0 {
						o.Partien = run.partien
					}
					conformance.Run(t, newGameFunc(t, o), conformance.Config{
						Games: run.games, Seed: uint64(i + 1), DeepGames: run.deeps, DeepShare: conformance.Games(16, 1),
						Policy: run.policy, Invariant: checkInvariant, Observe: ends.observe, Compare: fastCompare,
						RoundTrips: roundTrips(t, o),
					})
				}
				t.Logf("%s: %v", v.name, ends)
				want := []string{"end by hits", "end by penalties", "end by Marsch", "end by Jan", "new Marsch",
					"mark T-M1", "mark T-M2", "mark T-M3", "mark T-D7", "mark T-J1", "decision afresh", "decision go on with the Rest"}
				if !v.o.NoSatz {
					want = append(want, "end by Satz")
				}
				if v.o.HuckeForce != ForceNever {
					want = append(want, "force plays")
				}
				for _, k := range want {
					if ends[k] == 0 {
						t.Errorf("%s never happened", k)
					}
				}
				if ends["turn cap"] != 0 {
					t.Errorf("the turn cap was reached %d times", ends["turn cap"])
				}
			})
		}
	})
	// Rare events, over all variants together.
	for _, k := range []string{"mark T-J2", "mark T-J3"} {
		n := 0
		for _, c := range counts {
			n += c[k]
		}
		if n == 0 {
			t.Errorf("%s never happened in any variant", k)
		}
	}
}

// lastMove returns the notation of the move of g's last apply, read from its
// events: the throw, the decision, the pass, or the steps of the play in the
// order MoveString writes them.
func lastMove(g *Game) string {
	var steps []string
	for _, e := range g.events {
		switch e.Kind {
		case brettspiel.EventThrow:
			return e.Note
		case brettspiel.EventDecide:
			if e.Note == "afresh" {
				return "afresh"
			}
			return "go-on"
		case brettspiel.EventPass, EventLetPass:
			return "pass"
		case EventDeclare:
			return "mark " + strconv.Itoa(e.Amount)
		case EventSchule:
			return "schule " + strconv.Itoa(e.Amount)
		case EventRight:
			return "right"
		case brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff:
			steps = append(steps, stepString(mkStep(e.TrackFrom, e.TrackTo)))
		}
	}
	return strings.Join(steps, " ")
}

// roundTrips are the harness's round trips of the formats, for games under o:
// the position ID, the JSON, and the record of the game so far, written as
// text, read back and replayed. The harness calls them on every state of a
// deep game in order, so the record round trip keeps the game's record: a
// state without events is a new game, any other adds the move of its last
// apply.
//
// To keep the race run in its budget, two checks thin out in long games: the
// JSON is validated against the package's JSON Schema at every fourth state
// (and at the end), and the record, whose replay grows with the game, is
// replayed at every state of the first 100 and at every fifth after that (and
// at the end); in between that round trip returns a clone. By default (without
// BRETTSPIEL_LONG) the record is replayed at every state of the first 20 and
// at every 25th after that.
func roundTrips(t testing.TB, o Options) []conformance.RoundTrip {
	rec := NewRecord(o)
	sch := schematest.Compile(t, JSONSchema())
	calls := 0
	return []conformance.RoundTrip{
		{Name: "position ID", Do: idRoundTrip},
		{Name: "JSON", Do: func(g brettspiel.Game) (brettspiel.Game, error) {
			if calls++; calls%4 == 0 || g.ToMove() == brettspiel.Terminal {
				data, err := json.Marshal(g)
				if err != nil {
					return nil, err
				}
				if err := schematest.Validate(sch, data); err != nil {
					return nil, fmt.Errorf("the schema refuses the JSON: %v", err)
				}
			}
			return jsonRoundTrip(g)
		}},
		{Name: "record", Do: func(g brettspiel.Game) (brettspiel.Game, error) {
			x := g.(*Game)
			if len(x.events) == 0 {
				rec.Steps = rec.Steps[:0]
			} else {
				rec.Steps = append(rec.Steps, lastMove(x))
			}
			if n := len(rec.Steps); n > conformance.Games(20, 100) && n%conformance.Games(25, 5) != 0 && x.ToMove() != brettspiel.Terminal {
				return x.Clone(), nil
			}
			return recordRoundTrip(rec, o)
		}, EveryStep: true},
	}
}

// schulePolicy plays the Schule's decisions at random as people may: a
// declaration mostly right, else short or over by one or two; an answer
// mostly as the rules have it (RuleMove), else one that lets it pass, makes
// him mark right, or claims one or two points, right or not (each drawn from
// r); every other move by base.
func schulePolicy(base brettspiel.Policy) brettspiel.Policy {
	return func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
		x := g.(*Game)
		rule, ok := x.RuleMove()
		if !ok {
			return base(g, legal, r)
		}
		n := int(rule.Payload() & 31) // the rule's declaration
		if x.phase == phaseMark {
			switch r.IntN(10) {
			case 0:
				n = max(0, n-1-r.IntN(2))
			case 1:
				n = min(12, n+1+r.IntN(2))
			}
			return legal[n]
		}
		switch r.IntN(20) {
		case 0, 1, 2:
			return legal[0] // pass
		case 3:
			return legal[1] // right
		case 4, 5:
			if len(legal) > 2 {
				return legal[2+r.IntN(2)] // schule 1 or 2
			}
		}
		return rule
	}
}

// TestHarnessSchule runs the harness over games with the Schule, its
// decisions at random (schulePolicy), in a preset that throws from the
// setup and in one that enters from the hand and throws again.
func TestHarnessSchule(t *testing.T) {
	for _, v := range []variant{{"Toccateglispiel", withSchule(Toccateglispiel())}, {"Toccadille", withSchule(Toccadille())}} {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			ends := endings{}
			o := v.o
			o.Partien = 2
			for i, policy := range []brettspiel.Policy{schulePolicy(brettspiel.RandomPolicy), schulePolicy(carefulPolicy)} {
				conformance.Run(t, newGameFunc(t, o), conformance.Config{
					Games: conformance.Games(60, 2000), Seed: uint64(i + 1), DeepGames: 1, DeepShare: conformance.Games(8, 1),
					Policy: policy, Invariant: checkInvariant, Observe: ends.observe, Compare: fastCompare,
					RoundTrips: roundTrips(t, o),
				})
			}
			t.Logf("%s: %v", v.name, ends)
			for _, k := range []string{"declare", "schule", "right", "let-pass", "end by hits", "end by Jan", "mark T-D7", "mark T-J1", "mark T-M3", "decision afresh", "decision go on with the Rest"} {
				if ends[k] == 0 {
					t.Errorf("%s never happened", k)
				}
			}
		})
	}
}
