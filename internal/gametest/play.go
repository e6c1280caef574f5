package gametest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/stepsearch/steptest"
	"github.com/brettspiel/brettspiel/kit"
)

// New returns newGame(o), failing tb when it refuses o.
func New[O, G any](tb testing.TB, newGame func(O) (G, error), o O) G {
	tb.Helper()
	g, err := newGame(o)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// ApplyStep draws the next move of g, which must not be over, by Step (a
// throw by brettspiel.SampleChance, else policy's move), applies it and
// returns it, failing tb when Apply refuses it.
func ApplyStep(tb testing.TB, g brettspiel.Game, r *rand.Rand, policy brettspiel.Policy) brettspiel.Move {
	tb.Helper()
	m := Step(g, r, policy)
	if err := g.Apply(m); err != nil {
		tb.Fatal(err)
	}
	return m
}

// MustPlay parses each of moves in g's notation and applies it, in turn,
// failing tb (with the legal moves) when g refuses one.
func MustPlay(tb testing.TB, g brettspiel.Game, moves ...string) {
	tb.Helper()
	for _, s := range moves {
		m, err := g.ParseMove(s)
		if err != nil {
			tb.Fatalf("ParseMove(%q): %v\n%s\nlegal: %q", s, err, g, Plays(g))
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("Apply(%q): %v", s, err)
		}
	}
}

// RecordPlay plays g from r, each step drawn by Step with policy and
// appended to rec (which applies it), to its end or, when steps >= 0, for
// at most steps steps.
func RecordPlay(tb testing.TB, rec *brettspiel.Record, g brettspiel.Game, r *rand.Rand, policy brettspiel.Policy, steps int) {
	tb.Helper()
	for n := 0; g.ToMove() != brettspiel.Terminal && n != steps; n++ {
		if err := rec.Append(g, Step(g, r, policy)); err != nil {
			tb.Fatal(err)
		}
	}
}

// RecordText returns the text of rec written from start, the state its
// first step was played in.
func RecordText(tb testing.TB, rec *brettspiel.Record, start brettspiel.Game) string {
	tb.Helper()
	var b strings.Builder
	if _, err := rec.WriteTo(&b, start); err != nil {
		tb.Fatal(err)
	}
	return b.String()
}

// PlayedStates plays games seeded games under each of opts (seeds 0 to
// games-1, the stream the index of the options), a throw drawn by
// brettspiel.SampleChance and a player's move by choose, and returns a copy
// (clone) of every state after an Apply. It stops at the first state that
// stop accepts (when stop is not nil), which is then the last returned.
func PlayedStates[O any, G brettspiel.Game](tb testing.TB, opts []O, newGame func(O) (G, error), games int, choose func(r *rand.Rand, legal []brettspiel.Move) brettspiel.Move, clone func(G) G, stop func(G) bool) []G {
	tb.Helper()
	var out []G
	for i, o := range opts {
		for seed := range uint64(games) {
			g := New(tb, newGame, o)
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			pick := func(legal []brettspiel.Move) brettspiel.Move { return choose(r, legal) }
			if PlayPairs(tb, g, r, pick, clone, stop, func(_, g G) { out = append(out, g) }) {
				return out
			}
		}
	}
	return out
}

// Reached returns the last of states, states of play that stopped at the
// first that ok accepts (PlayedStates with stop ok), failing t when none
// reached the state named name.
func Reached[G any](t *testing.T, name string, states []G, ok func(G) bool) G {
	t.Helper()
	if len(states) == 0 || !ok(states[len(states)-1]) {
		t.Fatalf("no game reached %s", name)
	}
	return states[len(states)-1]
}

// DriveBySteps drives new games under o (newGame), seeded 1 to seeds
// (stream 11), play by play through NextSteps (steptest.Drive, at most max
// plays each, notate writing a play's steps), and checks that each made at
// least one play by steps and, when toEnd, that it ended.
func DriveBySteps[O any, G steptest.Game](t *testing.T, newGame func(O) (G, error), o O, seeds int, notate steptest.Notate, max int, toEnd bool) {
	t.Helper()
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		g := New(t, newGame, o)
		n := steptest.Drive(t, g, rand.New(rand.NewPCG(seed, 11)), notate, max)
		t.Logf("seed %d: %d plays by steps, to move %v", seed, n, g.ToMove())
		if n == 0 || toEnd && g.ToMove() != brettspiel.Terminal {
			t.Errorf("seed %d: %d plays by steps, to move %v", seed, n, g.ToMove())
		}
	}
}

// PresetOptions returns the options of each of presets.
func PresetOptions[O any](presets []kit.Preset[O]) []O {
	var opts []O
	for _, p := range presets {
		opts = append(opts, p.Options)
	}
	return opts
}
