package bot

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/kit"
)

// allBots lists one bot of each kind, with small budgets.
func allBots() []Bot {
	return []Bot{Random{}, Greedy{}, Searcher{Rollouts: 20}, Searcher{Rollouts: 20, Depth: -1}, Expectimax{Nodes: 200}}
}

// endedRace is a race of one point, over after its first move.
func endedRace(t *testing.T) brettspiel.Game {
	t.Helper()
	ended := newRace(t, race.Rules{Goal: 1})
	_ = ended.Apply(kit.NewMove(brettspiel.Chance, 1))
	_ = ended.Apply(ended.LegalMoves()[0])
	if ended.ToMove() != brettspiel.Terminal {
		t.Fatal("race not over")
	}
	return ended
}

// TestChooseWithNoLegalMoves: with nothing to choose from — at the end of a
// game, at a chance node, or an empty list — every bot returns NoMove, which
// Apply refuses, instead of panicking.
func TestChooseWithNoLegalMoves(t *testing.T) {
	ended := endedRace(t)
	chance := newRace(t, race.Rules{})
	running := newRace(t, race.Rules{})
	_ = running.Apply(kit.NewMove(brettspiel.Chance, 3))
	for _, b := range allBots() {
		for _, g := range []brettspiel.Game{ended, chance, running} {
			for _, legal := range [][]brettspiel.Move{nil, {}} {
				m := b.Choose(g, legal, rand.New(rand.NewPCG(1, 1)))
				if m != brettspiel.NoMove {
					t.Errorf("%T at %v: chose %v from nothing", b, g.ToMove(), m)
				}
				if r, ok := b.(Ranker); ok && len(r.Rank(g, legal, nil)) != 0 {
					t.Errorf("%T ranked moves out of nothing", b)
				}
			}
		}
	}
}

// TestBotsWithoutSource: a nil source is a fixed one, for every bot.
func TestBotsWithoutSource(t *testing.T) {
	g := newRace(t, race.Rules{Goal: 30})
	_ = g.Apply(kit.NewMove(brettspiel.Chance, 4))
	for _, b := range allBots() {
		a, c := b.Choose(g, g.LegalMoves(), nil), b.Choose(g, g.LegalMoves(), nil)
		if a != c || g.Clone().Apply(a) != nil {
			t.Errorf("%T without a source: %v then %v", b, a, c)
		}
	}
}

// TestRandomSkipsConcessionsWithoutAllocating: among 300 plays (more than
// any stack buffer), the random bot draws exactly as filtering the
// concessions out and drawing from the rest would, and allocates nothing.
func TestRandomSkipsConcessionsWithoutAllocating(t *testing.T) {
	g := concedingRace{newRace(t, race.Rules{})}
	var legal, kept []brettspiel.Move
	for k := uint64(1); k <= 300; k++ {
		m := kit.NewMove(0, k)
		legal = append(legal, m)
		if !g.Concedes(m) {
			kept = append(kept, m)
		}
	}
	for seed := uint64(0); seed < 200; seed++ {
		got := Random{}.Choose(g, legal, rand.New(rand.NewPCG(seed, 9)))
		want := kept[rand.New(rand.NewPCG(seed, 9)).IntN(len(kept))]
		if got != want {
			t.Fatalf("seed %d: %v, want %v", seed, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 1))
	if a := testing.AllocsPerRun(100, func() { Random{}.Choose(g, legal, r) }); a != 0 {
		t.Errorf("%v allocations a choice", a)
	}
	// Only concessions: one of them.
	only := []brettspiel.Move{kit.NewMove(0, 1)}
	if m := (Random{}).Choose(g, only, r); m != only[0] {
		t.Errorf("chose %v from %v", m, only)
	}
}

// festungDecision returns a six-player Festungsspiel at a decision between
// four fortresses, where a full look-ahead is dear (126 throws a chance node).
func festungDecision(t testing.TB) brettspiel.Game {
	t.Helper()
	g, err := festung.New(festung.ForPlayers(6))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 7))
	for i := 0; i < 5000; i++ {
		if g.ToMove() >= 0 && len(g.LegalMoves()) >= 3 {
			return g
		}
		if g.ToMove() == brettspiel.Terminal {
			g, _ = festung.New(festung.ForPlayers(6))
		}
		m, err := brettspiel.SampleChance(g, r)
		if g.ToMove() >= 0 {
			m, err = Random{}.Choose(g, g.LegalMoves(), r), nil
		}
		if err != nil || g.Apply(m) != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no decision between three fortresses")
	return nil
}

// TestExpectimaxTimeBudget: a budget of a nanosecond is spent before the
// first reading of the clock (or by the second, checkEvery positions on), so
// the decision costs a tiny part of a full one — counted in positions, not
// timed.
func TestExpectimaxTimeBudget(t *testing.T) {
	n := 0
	g := counting{festungDecision(t), &n}
	legal := g.LegalMoves()
	m := Expectimax{Time: time.Nanosecond}.Choose(g, legal, rand.New(rand.NewPCG(1, 1)))
	if limit := len(legal) + checkEvery + 1; n > limit {
		t.Errorf("Time 1ns: %d clones, want at most %d", n, limit)
	}
	if g.Clone().Apply(m) != nil {
		t.Errorf("chose %v", m)
	}
}

// TestSearcherTimeBudget: with its Time spent before the first rollout, Rank
// (which takes no context, on every platform) starts none and judges each
// play as it stands.
func TestSearcherTimeBudget(t *testing.T) {
	g := newRace(t, race.Rules{Goal: 30})
	_ = g.Apply(kit.NewMove(brettspiel.Chance, 4))
	legal := g.LegalMoves()
	ranked := Searcher{Time: time.Nanosecond}.Rank(g, legal, rand.New(rand.NewPCG(1, 1)))
	if len(ranked) != len(legal) {
		t.Fatalf("ranked %d of %d", len(ranked), len(legal))
	}
	for _, rk := range ranked {
		after := g.Clone()
		_ = after.Apply(rk.Move)
		if rk.Tries != 0 || rk.Value != Evaluate(after, 0) {
			t.Errorf("%s: %d rollouts, valued %v, stands at %v", g.MoveString(rk.Move), rk.Tries, rk.Value, Evaluate(after, 0))
		}
	}
}

// simulating is a race that counts the playouts run by its Simulate.
type simulating struct {
	*race.Race
	runs *int
}

func (s simulating) Clone() brettspiel.Game { return simulating{s.Race.Clone().(*race.Race), s.runs} }

func (s simulating) Simulate(r *rand.Rand) {
	*s.runs++
	_ = brettspiel.PlayOut(s.Race, r, brettspiel.RandomPolicy, 0)
}

// TestSearcherRollsOutWithTheGamesPlayout: rollouts to the end use the
// game's own playout; rollouts of a few turns cannot (it plays to the end).
func TestSearcherRollsOutWithTheGamesPlayout(t *testing.T) {
	runs := 0
	g := simulating{newRace(t, race.Rules{Goal: 30}), &runs}
	_ = g.Apply(kit.NewMove(brettspiel.Chance, 4))
	Searcher{Rollouts: 30, Depth: -1}.Rank(g, g.LegalMoves(), rand.New(rand.NewPCG(1, 1)))
	if runs != 30 {
		t.Errorf("to the end: %d playouts of 30 rollouts", runs)
	}
	runs = 0
	Searcher{Rollouts: 30, Depth: 4}.Rank(g, g.LegalMoves(), rand.New(rand.NewPCG(1, 1)))
	if runs != 0 {
		t.Errorf("4 turns deep: %d playouts", runs)
	}
}

// TestRolloutStepsDoNotAllocate: a rollout of a Festungsspiel allocates
// nothing beyond the clone it plays on — to the end (the game's Simulate) or
// for a few turns (step by step, once its list has grown).
func TestRolloutStepsDoNotAllocate(t *testing.T) {
	start := festungDecision(t)
	r := rand.New(rand.NewPCG(1, 1))
	buf := make([]brettspiel.Move, 0, 8)
	clone := testing.AllocsPerRun(20, func() { start.Clone() })
	for _, depth := range []int{-1, 3} {
		a := testing.AllocsPerRun(20, func() { _, buf = rollout(start.Clone(), 0, depth, r, buf) })
		if a != clone {
			t.Errorf("depth %d: %v allocations a rollout, %v of them the clone", depth, a, clone)
		}
	}
}

// slowDecision is a six-player Festungsspiel at a decision that took the
// expectimax bot 0.8–2 s at its default budget before the budget held over
// long runs of throws: the slowest of three seeded games' decisions.
const slowDecision = "festung:1:BhkAiCe5wKfx_ZWKhTgKAAMAjgEBAA0aAVQWAi0ZAEgAAAOVBnUA_eY"

// BenchmarkExpectimaxFestung6 is one decision of the expectimax bot in a
// six-player Festungsspiel — a usual one and the slow one — at its default
// budget, and with a time budget of 50 ms.
func BenchmarkExpectimaxFestung6(b *testing.B) {
	slow, err := festung.ParseID(slowDecision)
	if err != nil {
		b.Fatal(err)
	}
	for _, pos := range []struct {
		name string
		g    brettspiel.Game
	}{{"usual", festungDecision(b)}, {"slow", slow}} {
		legal := pos.g.LegalMoves()
		for _, e := range []struct {
			name string
			bot  Expectimax
		}{{"default", Expectimax{}}, {"time50ms", Expectimax{Time: 50 * time.Millisecond}}} {
			b.Run(pos.name+"/"+e.name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					e.bot.Choose(pos.g, legal, nil)
				}
			})
		}
	}
}

// TestExpectimaxKeepsItsBudgetInLongRunsOfThrows: in the Festungsspiel most
// throws leave no choice, so the look-ahead runs down long chains of chance
// nodes; the node budget still bounds the positions judged.
func TestExpectimaxKeepsItsBudgetInLongRunsOfThrows(t *testing.T) {
	slow, err := festung.ParseID(slowDecision)
	if err != nil {
		t.Fatal(err)
	}
	for _, nodes := range []int{500, 5000} {
		n := 0
		g := counting{slow, &n}
		Expectimax{Nodes: nodes}.Rank(g, g.LegalMoves(), nil)
		// Every node judged is a clone; a spent budget lets the open player
		// nodes finish their few plays.
		if limit := nodes + 4*8; n > limit {
			t.Errorf("Nodes %d: %d clones, want at most %d", nodes, n, limit)
		}
	}
}
