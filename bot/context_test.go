//go:build !js

package bot

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/kit"
)

// TestChooseContextWithNoLegalMoves: as Choose, ChooseContext returns NoMove
// at the end of a game.
func TestChooseContextWithNoLegalMoves(t *testing.T) {
	ended := endedRace(t)
	ctx := context.Background()
	if m := (Expectimax{}).ChooseContext(ctx, ended, nil, nil); m != brettspiel.NoMove {
		t.Errorf("Expectimax.ChooseContext chose %v", m)
	}
	if m := (Searcher{}).ChooseContext(ctx, ended, nil, nil); m != brettspiel.NoMove {
		t.Errorf("Searcher.ChooseContext chose %v", m)
	}
}

// countdown is a context that is done after a given number of Err calls: a
// deadline that falls at a known point of the search, without a clock.
type countdown struct {
	context.Context
	left int
}

func (c *countdown) Err() error {
	if c.left--; c.left < 0 {
		return context.DeadlineExceeded
	}
	return nil
}

// TestExpectimaxHonoursTheContext: with the context done on entry the bot
// judges each play once, as it stands; done in the middle, the search stops
// within one reading of the clock and the positions in progress; with time
// to spare it searches to its budget. Clones count the positions.
func TestExpectimaxHonoursTheContext(t *testing.T) {
	n := 0
	g := counting{festungDecision(t), &n}
	legal := g.LegalMoves()
	e := Expectimax{}

	e.Rank(g, legal, nil)
	full := n
	if full < 10000 {
		t.Fatalf("a full decision made only %d clones", full)
	}

	n = 0
	done, cancel := context.WithCancel(context.Background())
	cancel()
	ranked := e.RankContext(done, g, legal, nil)
	if n != len(legal) || len(ranked) != len(legal) {
		t.Errorf("done on entry: %d clones, %d ranked, want %d", n, len(ranked), len(legal))
	}
	if m := e.ChooseContext(done, g, legal, nil); g.Clone().Apply(m) != nil {
		t.Errorf("done on entry: chose %v", m)
	}

	// Done at the second reading of the clock, after checkEvery positions:
	// then the open positions stop expanding and the other plays are judged
	// as they stand, one clone each.
	n = 0
	e.RankContext(&countdown{Context: context.Background(), left: 1}, g, legal, nil)
	if limit := len(legal) + checkEvery + 1; n > limit || n <= len(legal) {
		t.Errorf("done mid-search: %d clones, want %d…%d (full search %d)", n, len(legal)+1, limit, full)
	}
}

// TestExpectimaxContextDeadline: a context deadline in the past acts as a
// Time budget spent: each play is judged once, as it stands.
func TestExpectimaxContextDeadline(t *testing.T) {
	n := 0
	g := counting{festungDecision(t), &n}
	legal := g.LegalMoves()
	past, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	Expectimax{}.RankContext(past, g, legal, nil)
	if n != len(legal) {
		t.Errorf("deadline passed: %d clones, want %d", n, len(legal))
	}
}

// TestSearcherHonoursTheContext: no rollout starts once the context is done;
// each play is then judged as it stands.
func TestSearcherHonoursTheContext(t *testing.T) {
	g := newRace(t, race.Rules{Goal: 30})
	_ = g.Apply(kit.NewMove(brettspiel.Chance, 4))
	legal := g.LegalMoves()
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, s := range []Searcher{{}, {Time: time.Nanosecond}} {
		ctx := context.Background()
		if s.Time == 0 {
			ctx = done
		}
		ranked := s.RankContext(ctx, g, legal, rand.New(rand.NewPCG(1, 1)))
		if len(ranked) != len(legal) {
			t.Fatalf("ranked %d of %d", len(ranked), len(legal))
		}
		for _, rk := range ranked {
			if rk.Tries != 0 {
				t.Errorf("%+v: %d rollouts after the end of its time", s, rk.Tries)
			}
			after := g.Clone()
			_ = after.Apply(rk.Move)
			if rk.Value != Evaluate(after, 0) {
				t.Errorf("%s valued %v, stands at %v", g.MoveString(rk.Move), rk.Value, Evaluate(after, 0))
			}
		}
	}
	// Stopped after 5 readings of the clock: 4 rollouts.
	ranked := Searcher{}.RankContext(&countdown{Context: context.Background(), left: 4}, g, legal, rand.New(rand.NewPCG(1, 1)))
	tries := 0
	for _, rk := range ranked {
		tries += rk.Tries
	}
	if tries != 4 {
		t.Errorf("%d rollouts, want 4", tries)
	}
}
