package neural

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// positions returns player's positions (with a throw to play) of a few
// random games of game.
func positions(t testing.TB, game string, n int) []brettspiel.Game {
	r := rand.New(rand.NewPCG(11, 12))
	var out []brettspiel.Game
	for len(out) < n {
		v, _ := variantNamed(game)
		g, err := newEpisode(v)
		if err != nil {
			t.Fatal(err)
		}
		for g.ToMove() != brettspiel.Terminal && len(out) < n {
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m, _ = brettspiel.SampleChance(g, r)
			} else {
				legal := playon.Moves(g, g.LegalMoves(), nil)
				if len(legal) > 1 {
					out = append(out, g.Clone())
				}
				m = legal[r.IntN(len(legal))]
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

func TestLevelNames(t *testing.T) {
	for _, l := range Levels() {
		got, err := LevelNamed(l.String())
		if err != nil || got != l {
			t.Errorf("LevelNamed(%q) = %v, %v", l, got, err)
		}
	}
	if l, err := LevelNamed("STRONGEST"); err != nil || l != Strongest {
		t.Errorf("LevelNamed(STRONGEST) = %v, %v", l, err)
	}
	if _, err := LevelNamed("grandmaster"); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("LevelNamed(grandmaster): %v", err)
	}
	if s := Level(42).String(); s != "Level(42)" {
		t.Errorf("Level(42) is %q", s)
	}
}

// TestEveryLevelPlaysLegally: each level chooses one of the legal moves,
// never concedes while it has another, and leaves the game as it was.
func TestEveryLevelPlaysLegally(t *testing.T) {
	for _, game := range Games() {
		ps := positions(t, game, 6)
		for _, l := range Levels() {
			b := NewBot(l)
			for _, g := range ps {
				id := g.String()
				legal := g.LegalMoves()
				m := b.Choose(g, legal, rand.New(rand.NewPCG(1, 1)))
				if !slices.Contains(legal, m) {
					t.Fatalf("%s %v: %v is not legal", game, l, m)
				}
				if c, ok := g.(kit.Conceder); ok && c.Concedes(m) {
					t.Errorf("%s %v: conceded with %d moves", game, l, len(legal))
				}
				if g.String() != id {
					t.Fatalf("%s %v: choosing changed the game", game, l)
				}
			}
		}
	}
}

func TestNoMovesNoMove(t *testing.T) {
	g, _ := verkehren.New(verkehren.Options{})
	if m := NewBot(Strongest).Choose(g, nil, nil); m != brettspiel.NoMove {
		t.Errorf("Choose with no moves = %v", m)
	}
}

// TestOutOfTimeStillPlays: a decision whose time is up at once plays the
// one-ply best.
func TestOutOfTimeStillPlays(t *testing.T) {
	for _, g := range positions(t, "toccateglio", 5) {
		legal := g.LegalMoves()
		want := NewBot(Advanced).Choose(g, legal, nil)
		if m := (Bot{Level: Strongest, Time: time.Nanosecond}).Choose(g, legal, nil); m != want {
			t.Errorf("out of time: %v, want the one-ply choice %v", m, want)
		}
	}
}

// TestTwoPlyJudgesDeeper: the two-ply levels rank their first moves by two
// plies.
func TestTwoPlyJudgesDeeper(t *testing.T) {
	g := positions(t, "verkehren", 3)[2]
	rs := Bot{Level: Expert, Time: time.Minute}.Rank(g, g.LegalMoves(), nil)
	if len(rs) < 2 || rs[0].Plies != 2 {
		t.Fatalf("ranked %+v", rs)
	}
}

// fallback counts its calls.
type fallback struct{ calls int }

func (f *fallback) Choose(_ brettspiel.Game, legal []brettspiel.Move, _ *rand.Rand) brettspiel.Move {
	f.calls++
	return legal[0]
}

// otherGame is a game of no kind the nets know.
type otherGame struct{ *toccateglio.Game }

func TestOtherGamesGoToTheFallback(t *testing.T) {
	tc, _ := toccateglio.New(toccateglio.Options{})
	g := otherGame{tc}
	legal := g.LegalMoves()
	f := &fallback{}
	if m := (Bot{Fallback: f}).Choose(g, legal, nil); m != legal[0] || f.calls != 1 {
		t.Errorf("fallback not asked: %v, %d calls", m, f.calls)
	}
	if m := NewBot(Advanced).Choose(g, legal, rand.New(rand.NewPCG(1, 2))); !slices.Contains(legal, m) {
		t.Errorf("without a fallback: %v", m)
	}
	if rs := NewBot(Advanced).Rank(g, legal, nil); rs != nil {
		t.Errorf("Rank of another game: %v", rs)
	}
}

// TestDecisionReusesJudges: a decision and an equity reuse the judges of
// the calls before (18 and 10 allocations each when every call made its
// own), within what the race detector's pool drops.
func TestDecisionReusesJudges(t *testing.T) {
	g, err := verkehren.New(verkehren.Options{FirstPlayer: brettspiel.Starts(0)})
	if err != nil {
		t.Fatal(err)
	}
	throw, _ := g.ParseMove("6-5")
	if err := g.Apply(throw); err != nil {
		t.Fatal(err)
	}
	legal := g.LegalMoves()
	after := g.Clone()
	if err := after.Apply(legal[0]); err != nil {
		t.Fatal(err)
	}
	b := Bot{Level: Advanced}
	e, _ := Load("verkehren")
	if n := testing.AllocsPerRun(100, func() { b.Choose(g, legal, nil) }); n > 8 {
		t.Errorf("a decision allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { e.Equity(after, 0) }); n > 2 {
		t.Errorf("an equity allocates %v times", n)
	}
}
