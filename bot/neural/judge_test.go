package neural

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/playon"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// randomGames plays n games of game at random and calls f at every state.
func randomGames(t *testing.T, game string, n int, f func(g brettspiel.Game)) {
	t.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	for range n {
		g, err := newEpisode(mustVariant(t, game))
		if err != nil {
			t.Fatal(err)
		}
		for g.ToMove() != brettspiel.Terminal {
			f(g)
			legal := g.LegalMoves()
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m, _ = brettspiel.SampleChance(g, r)
			} else {
				moves := playon.Moves(g, legal, nil)
				m = moves[r.IntN(len(moves))]
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		f(g)
	}
}

func mustVariant(t *testing.T, name string) *variant {
	v, ok := variantNamed(name)
	if !ok {
		t.Fatalf("no variant %s", name)
	}
	return v
}

func TestSwapAndEquity(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, name := range Games() {
		v := mustVariant(t, name)
		for range 100 {
			o := make([]float32, v.out)
			for k := range o {
				o[k] = float32(r.Float64())
			}
			s := append([]float32(nil), o...)
			v.swap(s)
			if d := v.equity(o) + v.equity(s); math.Abs(d) > 1e-5 {
				t.Fatalf("%s: equity %v and swapped %v do not cancel", name, v.equity(o), v.equity(s))
			}
			v.swap(s)
			for k := range o {
				if math.Abs(float64(s[k]-o[k])) > 1e-6 {
					t.Fatalf("%s: swapping twice gives %v, not %v", name, s, o)
				}
			}
		}
	}
}

// TestOutcomeIsReturn: the targets of a finished game are worth its return.
func TestOutcomeIsReturn(t *testing.T) {
	for _, name := range Games() {
		v := mustVariant(t, name)
		randomGames(t, name, 30, func(g brettspiel.Game) {
			if g.ToMove() != brettspiel.Terminal {
				return
			}
			for p := brettspiel.Player(0); p < 2; p++ {
				o := make([]float32, v.out)
				v.outcome(g, p, o)
				if got, want := v.equity(o), float64(g.Returns()[p]); got != want {
					t.Fatalf("%s: outcome %v is worth %v, the return is %v", name, o, got, want)
				}
			}
		})
	}
}

// TestIncrementalEqualsFull: judging a successor from its predecessor's
// hidden sums gives what judging it afresh gives.
func TestIncrementalEqualsFull(t *testing.T) {
	for _, name := range Games() {
		tr, err := NewTrainer(name, 16, 5)
		if err != nil {
			t.Fatal(err)
		}
		j := newJudge(tr.Eval)
		fresh := newJudge(tr.Eval)
		checked := 0
		randomGames(t, name, 3, func(g brettspiel.Game) {
			p := g.ToMove()
			if p != 0 && p != 1 {
				return
			}
			moves := g.LegalMoves()
			inc := make([]float64, len(moves))
			j.rank1(g, moves, inc, 0)
			for i, m := range moves {
				s := g.Clone()
				if err := s.Apply(m); err != nil {
					t.Fatal(err)
				}
				want := fresh.value(s, p, 2)
				if math.Abs(inc[i]-want) > 1e-4 {
					t.Fatalf("%s %s: incremental %v, afresh %v", name, g.MoveString(m), inc[i], want)
				}
				checked++
			}
		})
		if checked < 100 {
			t.Errorf("%s: only %d plays checked", name, checked)
		}
	}
}

// TestEncodeSymmetricStart: at the start both players see the same inputs.
func TestEncodeSymmetricStart(t *testing.T) {
	vk, _ := verkehren.New(verkehren.Options{FirstPlayer: brettspiel.Starts(0)})
	tc, _ := toccateglio.New(toccateglio.Options{FirstPlayer: brettspiel.Starts(0)})
	for _, g := range []brettspiel.Game{vk, tc} {
		e := &Evaluator{v: variantOf(g)}
		a, b := make([]float32, e.v.in), make([]float32, e.v.in)
		e.v.encode(g, 0, a)
		e.v.encode(g, 1, b)
		nonzero := 0
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: input %d is %v for player 0, %v for player 1", e.v.name, i, a[i], b[i])
			}
			if a[i] != 0 {
				nonzero++
			}
		}
		if nonzero < 6 {
			t.Errorf("%s: only %d inputs set at the start", e.v.name, nonzero)
		}
	}
}

func variantOf(g brettspiel.Game) *variant {
	if _, ok := g.(*verkehren.Game); ok {
		return verkehrenVariant
	}
	return toccateglioVariant
}

// TestValueNeverPanics: the judge reads every state of random games, and of
// zero games, without panicking, and its values are finite.
func TestValueNeverPanics(t *testing.T) {
	for _, name := range Games() {
		e, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		j := newJudge(e)
		randomGames(t, name, 2, func(g brettspiel.Game) {
			for _, p := range []brettspiel.Player{brettspiel.Nobody, 0, 1, 2} {
				if v := j.value(g, p, 2); math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%s: value %v for %v", name, v, p)
				}
			}
		})
		for _, g := range []brettspiel.Game{new(verkehren.Game), new(toccateglio.Game)} {
			_ = j.value(g, 0, 2)
			j.encode(g, 0)
		}
	}
}

// TestJudgeAgreesWithTheBot: a Judge's Best is the Advanced level's choice
// with its value, its Equity is the evaluator's, at every state of random
// games; it refuses a game of the other kind, and once warm it allocates
// nothing.
func TestJudgeAgreesWithTheBot(t *testing.T) {
	for _, name := range Games() {
		e, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		j := e.NewJudge()
		b := Bot{Level: Advanced, Eval: e}
		decisions := 0
		randomGames(t, name, 1, func(g brettspiel.Game) {
			for p := brettspiel.Player(0); p < 2; p++ {
				if got, want := j.Equity(g, p), e.Equity(g, p); got != want {
					t.Fatalf("%s %s: Judge.Equity %v, Evaluator.Equity %v", name, g.ID(), got, want)
				}
			}
			m, v, ok := j.Best(g)
			if q := g.ToMove(); q != 0 && q != 1 {
				if ok || m != brettspiel.NoMove {
					t.Fatalf("%s %s: Best at %v gives %v %v", name, g.ID(), q, m, ok)
				}
				return
			}
			legal := g.LegalMoves()
			if want := b.Choose(g, legal, nil); !ok || m != want {
				t.Fatalf("%s %s: Best %s, the bot plays %s", name, g.ID(), g.MoveString(m), g.MoveString(want))
			}
			if r := b.Rank(g, legal, nil); len(r) > 1 && math.Abs(r[0].Value-v) > 1e-12 {
				t.Fatalf("%s %s: Best's value %v, Rank's %v", name, g.ID(), v, r[0].Value)
			}
			decisions++
		})
		if decisions < 10 {
			t.Errorf("%s: only %d decisions", name, decisions)
		}
	}
	vk, _ := verkehren.New(verkehren.Options{FirstPlayer: brettspiel.Starts(0)})
	tc, _ := toccateglio.New(toccateglio.Options{FirstPlayer: brettspiel.Starts(0)})
	e, _ := Load("verkehren")
	j := e.NewJudge()
	if _, _, ok := j.Best(tc); ok || j.Equity(tc, 0) != 0 {
		t.Error("a Verkehren judge judges Toccateglio")
	}
	throw, _ := vk.ParseMove("6-5")
	if err := vk.Apply(throw); err != nil {
		t.Fatal(err)
	}
	after := vk.Clone()
	if err := after.Apply(vk.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	j.Best(vk)
	j.Equity(after, 1)
	if n := testing.AllocsPerRun(20, func() { j.Best(vk); j.Equity(after, 1) }); n != 0 {
		t.Errorf("a warm judge allocates %v times a call", n)
	}
}

// TestShotsByMasks: the shots counted with bit masks are those of the
// plain count, point by point, on random sides in both geometries.
func TestShotsByMasks(t *testing.T) {
	plain := func(s, o *board.Side, geo board.Geometry) (direct, indirect int) {
		for t := 1; t <= board.Points; t++ {
			if o[geo.OtherTrack(t)] != 1 {
				continue
			}
			for d := 1; d <= 12 && d <= t; d++ {
				if s[t-d] > 0 {
					if d <= 6 {
						direct++
					} else {
						indirect++
					}
				}
			}
		}
		return direct, indirect
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var s, o board.Side
		for i := range s {
			s[i] = int8(max(r.IntN(5)-2, 0))
			o[i] = int8(max(r.IntN(5)-2, 0))
		}
		for _, geo := range []board.Geometry{board.SameDirection, board.Opposite} {
			d, i := shots(&s, &o, geo)
			pd, pi := plain(&s, &o, geo)
			if d != pd || i != pi {
				t.Fatalf("%v %v %v: masks %d %d, plain %d %d", s, o, geo, d, i, pd, pi)
			}
		}
	}
}

// TestBaseDeltaIsTheWholeEncodingsDelta: the hidden sums of a successor
// judged from its base by the points that changed (addBaseDelta) are, to
// the last bit, those of its whole encoding compared with the base's
// (Net.addDelta), in both games, for every play of 100 positions.
func TestBaseDeltaIsTheWholeEncodingsDelta(t *testing.T) {
	for _, game := range Games() {
		e, err := Load(game)
		if err != nil {
			t.Fatal(err)
		}
		j := newJudge(e)
		checked := 0
		for _, g := range positions(t, game, 100) {
			for _, m := range g.LegalMoves() {
				s := g.Clone()
				if s.Apply(m) != nil || s.ToMove() != brettspiel.Chance {
					continue
				}
				p := s.(turner).Turn()
				if p != 0 && p != 1 {
					continue
				}
				j.setBase(g)
				j.netOutputs(s, p)
				got := append([]float32(nil), j.h...)
				want := append([]float32(nil), j.baseH[p]...)
				j.encode(s, p)
				e.net.addDelta(j.base[p], j.x, want)
				j.setBase(nil)
				for k := range got {
					if math.Float32bits(got[k]) != math.Float32bits(want[k]) {
						t.Fatalf("%s: hidden %d is %v by the changed points, %v by the whole encoding, after %s in\n%v", game, k, got[k], want[k], g.MoveString(m), g)
					}
				}
				checked++
			}
		}
		if checked < 500 {
			t.Fatalf("%s: %d successors checked", game, checked)
		}
	}
}

// TestShotsBlotsByTrack checks shots' mapping of the opponent's blots
// into the side's track, all at once, against board.Geometry.OtherTrack
// one point at a time, for every single blot in both geometries.
func TestShotsBlotsByTrack(t *testing.T) {
	for _, geo := range []board.Geometry{board.Opposite, board.SameDirection} {
		for i := 1; i <= board.Points; i++ {
			var s, o board.Side
			o[i] = 1
			tp := geo.OtherTrack(i)
			// a stone of s one point behind the blot, another seven behind
			if tp-1 >= 0 {
				s[tp-1] = 1
			}
			if tp-7 >= 0 {
				s[tp-7] = 1
			}
			direct, indirect := shots(&s, &o, geo)
			wantD, wantI := 0, 0
			if tp-1 >= 0 {
				wantD = 1
			}
			if tp-7 >= 0 {
				wantI = 1
			}
			if direct != wantD || indirect != wantI {
				t.Errorf("%v: his blot on %d (my %d): shots %d, %d, want %d, %d", geo, i, tp, direct, indirect, wantD, wantI)
			}
		}
	}
}
