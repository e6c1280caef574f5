package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/kit"
)

// concedingRace treats the single step "+1" as a concession, to test that bots
// avoid it while they have another move.
type concedingRace struct{ *race.Race }

func (g concedingRace) Concedes(m brettspiel.Move) bool { return m.Actor() >= 0 && m.Payload() == 1 }
func (g concedingRace) Clone() brettspiel.Game          { return concedingRace{g.Race.Clone().(*race.Race)} }

func newRace(t testing.TB, rules race.Rules) *race.Race {
	g, err := race.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestBotsAvoidConcessions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, b := range []Bot{Random{}, Greedy{}, Searcher{Rollouts: 20}} {
		g := concedingRace{newRace(t, race.Rules{})}
		for i := 0; i < 200 && g.ToMove() != brettspiel.Terminal; i++ {
			if g.ToMove() == brettspiel.Chance {
				m, _ := brettspiel.SampleChance(g, r)
				_ = g.Apply(m)
				continue
			}
			legal := g.LegalMoves()
			m := b.Choose(g, legal, r)
			if g.Concedes(m) && len(legal) > 1 {
				t.Fatalf("%T conceded with %v available", b, legal)
			}
			if err := g.Apply(m); err != nil {
				t.Fatalf("%T chose an illegal move: %v", b, err)
			}
		}
	}
}

func TestGreedyTakesTheWinningMove(t *testing.T) {
	// Race to 3: a throw of 3 wins at once with "+3"; "+1" does not.
	g := newRace(t, race.Rules{Goal: 3})
	_ = g.Apply(kit.NewMove(brettspiel.Chance, 3))
	m := Greedy{}.Choose(g, g.LegalMoves(), rand.New(rand.NewPCG(1, 2)))
	if g.MoveString(m) != "+3" {
		t.Errorf("greedy chose %s, want +3", g.MoveString(m))
	}
	ranked := Hint(g, Searcher{Rollouts: 50, Depth: -1}, rand.New(rand.NewPCG(1, 3)))
	if len(ranked) != 2 || g.MoveString(ranked[0].Move) != "+3" || ranked[0].Value != 1 {
		t.Errorf("hint = %+v, want +3 first with value 1", ranked)
	}
}

// winRate plays n two-player races between a (seat 0 in even games, seat 1 in
// odd ones) and b, and returns a's share of the wins.
func winRate(t *testing.T, a, b Bot, n int) float64 {
	wins := 0
	for i := 0; i < n; i++ {
		g := newRace(t, race.Rules{Goal: 30})
		seatA := brettspiel.Player(i % 2)
		policy := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
			if g.ToMove() == seatA {
				return a.Choose(g, legal, r)
			}
			return b.Choose(g, legal, r)
		}
		if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(99, uint64(i))), policy, 0); err != nil {
			t.Fatal(err)
		}
		if g.Returns()[seatA] > 0 {
			wins++
		}
	}
	return float64(wins) / float64(n)
}

func TestSearcherBeatsRandom(t *testing.T) {
	rate := winRate(t, Searcher{Rollouts: 60, Depth: -1}, Random{}, 200)
	if rate < 0.6 {
		t.Errorf("searcher won %.2f of 200 races against random, want ≥ 0.6", rate)
	}
}

func TestBotsAreRepeatable(t *testing.T) {
	for _, b := range []Bot{Random{}, Greedy{}, Searcher{Rollouts: 30}, Expectimax{}} {
		play := func() []int {
			g := newRace(t, race.Rules{Players: 3})
			_ = brettspiel.PlayOut(g, rand.New(rand.NewPCG(5, 6)), Policy(b), 0)
			return g.Returns()
		}
		a, c := play(), play()
		for i := range a {
			if a[i] != c[i] {
				t.Fatalf("%T: same seed, returns %v then %v", b, a, c)
			}
		}
	}
}

func TestHintReasonNamesWhatTheMoveScores(t *testing.T) {
	// Race to 3 with a throw of 3: "+3" wins (an end event for the mover), "+1"
	// scores nothing.
	g := newRace(t, race.Rules{Goal: 3})
	_ = g.Apply(kit.NewMove(brettspiel.Chance, 3))
	ranked := Hint(g, Searcher{Rollouts: 20, Depth: -1}, rand.New(rand.NewPCG(1, 3)))
	for _, rk := range ranked {
		if !strings.Contains(rk.Reason, "expected") {
			t.Errorf("%s: reason %q lacks the estimate", g.MoveString(rk.Move), rk.Reason)
		}
	}
	if last := ranked[len(ranked)-1]; !strings.HasPrefix(last.Reason, "nothing scored at once") {
		t.Errorf("+1 reason %q", last.Reason)
	}
	// A move that marks: a fake game whose only move scores 2 marks by T-M2
	// for the mover and 1 for the other by T-D7.
	f := &marking{}
	rk := Ranked{Move: kit.NewMove(0, 1), Value: 0.5, Tries: 10}
	rk.Scores = scores(f, rk.Move, 0)
	wantScores := []Score{{Kind: brettspiel.EventMark, Rule: "T-M2", Amount: 2}, {Kind: brettspiel.EventMark, Rule: "T-D7", Amount: -1}}
	if !slices.Equal(rk.Scores, wantScores) {
		t.Errorf("scores = %+v, want %+v", rk.Scores, wantScores)
	}
	if got, want := reason(rk), "+2 marks (T-M2), -1 marks (T-D7); expected +0.50 over 10 rollouts"; got != want {
		t.Errorf("reason = %q, want %q", got, want)
	}
	if u := ScoreUnit(brettspiel.EventPay); u != "markers paid" {
		t.Errorf("ScoreUnit(EventPay) = %q", u)
	}
	if u := ScoreUnit(brettspiel.EventMove); u != "" {
		t.Errorf("ScoreUnit(EventMove) = %q, want none", u)
	}
}

// marking is a one-move game whose move scores marks for both sides.
type marking struct {
	brettspiel.Game
	events []brettspiel.Event
}

func (m *marking) Clone() brettspiel.Game { c := *m; return &c }
func (m *marking) Apply(brettspiel.Move) error {
	m.events = []brettspiel.Event{
		{Kind: brettspiel.EventMark, Rule: "T-M2", Player: 0, Other: 1, Amount: 2},
		{Kind: brettspiel.EventMove, Player: 0, Other: brettspiel.Nobody, Amount: 1},
		{Kind: brettspiel.EventMark, Rule: "T-D7", Player: 1, Other: 0, Amount: 1},
	}
	return nil
}
func (m *marking) Events() []brettspiel.Event { return m.events }

func TestExpectimaxTakesTheWinningMove(t *testing.T) {
	g := newRace(t, race.Rules{Goal: 3})
	_ = g.Apply(kit.NewMove(brettspiel.Chance, 3))
	ranked := Expectimax{}.Rank(g, g.LegalMoves(), nil)
	if len(ranked) != 2 || g.MoveString(ranked[0].Move) != "+3" || ranked[0].Value != 1 || ranked[1].Value >= 1 {
		t.Errorf("ranked %+v, want +3 first with value 1", ranked)
	}
}

func TestExpectimaxBeatsRandom(t *testing.T) {
	if rate := winRate(t, Expectimax{Plies: 3}, Random{}, 200); rate < 0.6 {
		t.Errorf("expectimax won %.2f of 200 races against random, want ≥ 0.6", rate)
	}
}

// counting wraps a game and counts the clones made of it and its clones.
type counting struct {
	brettspiel.Game
	clones *int
}

func (c counting) Clone() brettspiel.Game {
	*c.clones++
	return counting{c.Game.Clone(), c.clones}
}

func TestExpectimaxKeepsItsBudget(t *testing.T) {
	for _, nodes := range []int{1, 50, 500, 5000} {
		n := 0
		g := counting{newRace(t, race.Rules{Players: 3, Goal: 30}), &n}
		_ = g.Apply(kit.NewMove(brettspiel.Chance, 4))
		legal := g.LegalMoves()
		Expectimax{Plies: 6, Nodes: nodes}.Rank(g, legal, nil)
		// Each judged node costs a clone; a spent budget still lets every
		// node in progress finish its list of children (at most 6 here).
		if limit := nodes + len(legal) + 6*6; n > limit {
			t.Errorf("Nodes %d: %d clones, want at most %d", nodes, n, limit)
		}
	}
	// Deeper looks cost more, within the budget.
	a, b := 0, 0
	ga := counting{newRace(t, race.Rules{Goal: 30}), &a}
	gb := counting{newRace(t, race.Rules{Goal: 30}), &b}
	_ = ga.Apply(kit.NewMove(brettspiel.Chance, 4))
	_ = gb.Apply(kit.NewMove(brettspiel.Chance, 4))
	Expectimax{Plies: 1, Nodes: 1 << 20}.Rank(ga, ga.LegalMoves(), nil)
	Expectimax{Plies: 3, Nodes: 1 << 20}.Rank(gb, gb.LegalMoves(), nil)
	if !(a < b) {
		t.Errorf("clones: 1 ply %d, 3 plies %d", a, b)
	}
}

func TestTiesAreBrokenAtRandom(t *testing.T) {
	// At the start of a long race nothing tells "+1" from "+4": over seeds,
	// the greedy and the expectimax bot play both.
	g := newRace(t, race.Rules{Goal: 60})
	_ = g.Apply(kit.NewMove(brettspiel.Chance, 4))
	for _, b := range []Bot{Greedy{}, Expectimax{}} {
		seen := map[string]bool{}
		for seed := uint64(0); seed < 20; seed++ {
			seen[g.MoveString(b.Choose(g, g.LegalMoves(), rand.New(rand.NewPCG(seed, 1))))] = true
		}
		if len(seen) != 2 {
			t.Errorf("%T played only %v", b, seen)
		}
	}
}
