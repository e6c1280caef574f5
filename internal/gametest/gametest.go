package gametest

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// walk is the draw brettspiel.SampleChance documents: x of the total
// weight, the outcomes walked in their order.
func walk(outs []brettspiel.Outcome, x int) brettspiel.Move {
	for _, o := range outs {
		if x < o.Weight {
			return o.Move
		}
		x -= o.Weight
	}
	return brettspiel.NoMove
}

// SampleChanceIsTheWalk checks g, a game at a chance node, over seeds
// sources: its own SampleChance (g must be a kit.ChanceSampler) and
// brettspiel.SampleChance draw what the walk over ChanceOutcomes draws,
// and leave the source where the walk leaves it, so that seeded games are
// the same whichever way a throw is drawn.
func SampleChanceIsTheWalk(t *testing.T, name string, g brettspiel.Game, seeds int) {
	t.Helper()
	s, ok := g.(kit.ChanceSampler)
	if !ok {
		t.Fatalf("%s: no kit.ChanceSampler", name)
	}
	outs := g.ChanceOutcomes()
	total := 0
	for _, o := range outs {
		total += o.Weight
	}
	for seed := range uint64(seeds) {
		r1, r2, r3 := rand.New(rand.NewPCG(seed, 9)), rand.New(rand.NewPCG(seed, 9)), rand.New(rand.NewPCG(seed, 9))
		got := s.SampleChance(r1)
		generic, err := brettspiel.SampleChance(g, r3)
		want := walk(outs, r2.IntN(total))
		if err != nil || got != want || generic != want {
			t.Fatalf("%s seed %d: %v and %v (%v), want %v", name, seed, got, generic, err, want)
		}
		if a, b, c := r1.Uint64(), r2.Uint64(), r3.Uint64(); a != b || c != b {
			t.Fatalf("%s seed %d: the source is left elsewhere than by the walk", name, seed)
		}
	}
}

// NothingToSample checks g, a game at no chance node: it has no outcomes
// and its sampler draws NoMove.
func NothingToSample(t *testing.T, name string, g brettspiel.Game) {
	t.Helper()
	if m := g.(kit.ChanceSampler).SampleChance(rand.New(rand.NewPCG(1, 1))); m != brettspiel.NoMove || g.ChanceOutcomes() != nil {
		t.Errorf("%s: %v, %d outcomes", name, m, len(g.ChanceOutcomes()))
	}
}

// ChanceOutcomesAreTheCallers checks games at chance nodes: each returns
// its own copy of the same table, so that a write into one changes no
// other, and drawing a throw allocates nothing.
func ChanceOutcomesAreTheCallers[G brettspiel.Game](t *testing.T, games map[string]G) {
	t.Helper()
	var first []brettspiel.Outcome
	for name, g := range games {
		outs := g.ChanceOutcomes()
		switch {
		case first == nil:
			first = slices.Clone(outs)
		case &outs[0] == &first[0]:
			t.Errorf("%s: the same slice as another node's", name)
		case !slices.Equal(outs, first):
			t.Errorf("%s: other outcomes than another node's", name)
		}
		outs[0].Weight = 99
		if again := g.ChanceOutcomes(); again[0].Weight == 99 {
			t.Errorf("%s: a write into the outcomes reached the game", name)
		}
		s := any(g).(kit.ChanceSampler)
		r := rand.New(rand.NewPCG(1, 2))
		if n := testing.AllocsPerRun(100, func() { s.SampleChance(r) }); n != 0 {
			t.Errorf("%s: SampleChance allocates %v times", name, n)
		}
	}
}

// CopyFromPlaysOnAsClone checks a game's CopyFrom on g, a game in play:
// the copy (into a zero game) has g's position, playing on it leaves g as
// it was, copying again restores it, copying and applying allocate
// nothing, and copying from nil changes nothing.
func CopyFromPlaysOnAsClone[G interface {
	brettspiel.Game
	CopyFrom(G)
}](t *testing.T, g, zero G) {
	t.Helper()
	c := zero
	c.CopyFrom(g)
	if c.ID() != g.ID() {
		t.Fatalf("copy %s, original %s", c.ID(), g.ID())
	}
	m := c.LegalMoves()[len(c.LegalMoves())-1]
	before, evs := g.ID(), g.Events()
	if err := c.Apply(m); err != nil {
		t.Fatal(err)
	}
	if g.ID() != before || !reflect.DeepEqual(g.Events(), evs) {
		t.Fatalf("playing on the copy changed the original: %s, events %v", g.ID(), g.Events())
	}
	c.CopyFrom(g)
	if c.ID() != g.ID() {
		t.Fatalf("copied again %s, original %s", c.ID(), g.ID())
	}
	if n := testing.AllocsPerRun(100, func() { c.CopyFrom(g); _ = c.Apply(m) }); n != 0 {
		t.Errorf("CopyFrom and Apply allocate %v times", n)
	}
	id := c.ID()
	var none G
	c.CopyFrom(none)
	if c.ID() != id {
		t.Error("CopyFrom(nil) changed the game")
	}
}

// PlayOnSeeds returns the position IDs of states of seeded random games of
// each of games (fresh games, played in place): every every-th state and
// the last.
func PlayOnSeeds(tb testing.TB, games []brettspiel.Game, every int) []string {
	tb.Helper()
	return PlayOnSeedsWhere(tb, games, func(step int, g brettspiel.Game) bool { return step%every == 0 })
}

// PlayOnSeedsWhere returns the position IDs of states of seeded random
// games of each of games (fresh games, played in place): the states keep
// accepts (step counts the steps of the game before it) and the last.
func PlayOnSeedsWhere(tb testing.TB, games []brettspiel.Game, keep func(step int, g brettspiel.Game) bool) []string {
	tb.Helper()
	var ids []string
	for i, g := range games {
		r := rand.New(rand.NewPCG(uint64(i), 9))
		for step := 0; ; step++ {
			if keep(step, g) || g.ToMove() == brettspiel.Terminal {
				ids = append(ids, g.ID())
			}
			if g.ToMove() == brettspiel.Terminal {
				break
			}
			legal := g.LegalMoves()
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return ids
}

// FuzzPlayOnFromID runs the fuzz target whose body is PlayOn, seeded with
// the position IDs seeds: parseID decodes an ID, and a state's JSON is
// loaded into the game zero makes.
func FuzzPlayOnFromID[G State](f *testing.F, seeds []string, parseID func(string) (G, error), zero func() G) {
	for i, id := range seeds {
		f.Add(id, uint64(i), uint8(i))
	}
	fromID := func(id []byte) (brettspiel.Game, error) { return parseID(string(id)) }
	fromJSON := func(data []byte) (brettspiel.Game, error) {
		g := zero()
		err := g.UnmarshalJSON(data)
		return g, err
	}
	f.Fuzz(func(t *testing.T, id string, seed uint64, steps uint8) {
		PlayOn(t, id, seed, steps, fromID, fromJSON)
	})
}

// PlayOn is the body of a fuzz target that decodes a position ID with
// parseID and, from a state it accepts, plays up to 24 random steps seeded
// from the input (every legal move equally likely, the throws too): every
// state reached must load again from its ID (parseID) and from its JSON
// (fromJSON) to the same state.
func PlayOn(t *testing.T, id string, seed uint64, steps uint8, parseID, fromJSON func([]byte) (brettspiel.Game, error)) {
	g, err := parseID([]byte(id))
	if err != nil {
		return
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for range int(steps%24) + 1 {
		legal := g.LegalMoves()
		if len(legal) == 0 {
			return
		}
		m := legal[r.IntN(len(legal))]
		if err := g.Apply(m); err != nil {
			t.Fatalf("%s, then %s: %v", id, g.MoveString(m), err)
		}
		back, err := parseID([]byte(g.ID()))
		if err != nil {
			t.Fatalf("%s played on to %s, which does not load: %v", id, g.ID(), err)
		}
		if back.ID() != g.ID() {
			t.Fatalf("%s reads back as %s", g.ID(), back.ID())
		}
		js, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		again, err := fromJSON(js)
		if err != nil {
			t.Fatalf("%s played on to %s, whose JSON does not load: %v", id, g.ID(), err)
		}
		if again.ID() != g.ID() {
			t.Fatalf("the JSON of %s reads back as %s", g.ID(), again.ID())
		}
	}
}

// DrawNodes plays the draw for the start of g, a fresh game of two whose
// start is drawn: 4-1, then 6-5, after which started must hold. It returns
// copies (clone) of g at the first throw of the draw, at its second, and at
// the first throw to be played.
func DrawNodes[G brettspiel.Game](t *testing.T, g G, err error, clone func(G) G, started func(G) bool) map[string]G {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]G{"draw, first throw": clone(g)}
	for _, s := range []string{"4-1", "6-5"} {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		if s == "4-1" {
			out["draw, second throw"] = clone(g)
		}
	}
	if !started(g) {
		t.Fatalf("after the draw: %s", g)
	}
	out["throw"] = clone(g)
	return out
}

// ChanceTableIsTheWalk checks g at a chance node: it has n outcomes, in the
// order of its legal moves, whose weights sum to total, and
// SampleChanceIsTheWalk holds over seeds sources.
func ChanceTableIsTheWalk(t *testing.T, name string, g brettspiel.Game, n, total, seeds int) {
	t.Helper()
	outs := g.ChanceOutcomes()
	legal := g.LegalMoves()
	if len(outs) != n || len(legal) != n {
		t.Fatalf("%s: %d outcomes, %d legal moves, want %d", name, len(outs), len(legal), n)
	}
	sum := 0
	for i, o := range outs {
		if o.Move != legal[i] {
			t.Fatalf("%s: outcome %d is %s, legal move %s", name, i, g.MoveString(o.Move), g.MoveString(legal[i]))
		}
		sum += o.Weight
	}
	if sum != total {
		t.Fatalf("%s: weights sum to %d, want %d", name, sum, total)
	}
	SampleChanceIsTheWalk(t, name, g, seeds)
}

// Played applies to g, in turn, its legal move of each index of picks, and
// returns g.
func Played[G brettspiel.Game](t *testing.T, g G, picks ...int) G {
	t.Helper()
	for _, i := range picks {
		if err := g.Apply(g.LegalMoves()[i]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// Plays returns the legal moves of g in its notation.
func Plays(g brettspiel.Game) []string {
	var out []string
	for _, m := range g.LegalMoves() {
		out = append(out, g.MoveString(m))
	}
	return out
}

// RefusedAsZero checks that err, what a zero game answered to what, is a
// *brettspiel.Error wrapping brettspiel.ErrZeroGame.
func RefusedAsZero(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, brettspiel.ErrZeroGame) {
		t.Errorf("%s = %v; want an error wrapping ErrZeroGame", what, err)
	}
	if !errors.As(err, new(*brettspiel.Error)) {
		t.Errorf("%s: %T is no *brettspiel.Error", what, err)
	}
}

// Fresh returns a new game (newGame) under each of opts.
func Fresh[O any, G brettspiel.Game](tb testing.TB, newGame func(O) (G, error), opts ...O) []brettspiel.Game {
	tb.Helper()
	var games []brettspiel.Game
	for _, o := range opts {
		g, err := newGame(o)
		if err != nil {
			tb.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

// PlayPairs plays g from r to its end, a throw drawn by
// brettspiel.SampleChance and a player's move by choose, and calls add with
// copies (clone) of the state before each Apply and of the state after. It
// stops early, reporting true, when stop (if not nil) holds after a step.
func PlayPairs[G brettspiel.Game](tb testing.TB, g G, r *rand.Rand, choose func(legal []brettspiel.Move) brettspiel.Move, clone func(G) G, stop func(G) bool, add func(prev, g G)) bool {
	tb.Helper()
	for g.ToMove() != brettspiel.Terminal {
		prev := clone(g)
		m, _ := brettspiel.SampleChance(g, r)
		if g.ToMove() != brettspiel.Chance {
			m = choose(g.LegalMoves())
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
		add(prev, clone(g))
		if stop != nil && stop(g) {
			return true
		}
	}
	return false
}

// NothingToSampleInPlay applies throw to g, a game at a chance node whose
// next node is a player's, and checks NothingToSample there and, after
// random play to the end, at the end.
func NothingToSampleInPlay(t *testing.T, g brettspiel.Game, throw brettspiel.Move) {
	t.Helper()
	if err := g.Apply(throw); err != nil {
		t.Fatal(err)
	}
	NothingToSample(t, "at a play", g)
	if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(1, 1)), brettspiel.RandomPolicy, 0); err != nil {
		t.Fatal(err)
	}
	NothingToSample(t, "at the end", g)
}

// AtLeast checks that counts has at least n of each of keys, and logs it.
func AtLeast(t *testing.T, counts map[string]int, n int, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if counts[k] < n {
			t.Errorf("%s: only %d events", k, counts[k])
		}
	}
	t.Log(counts)
}

// StartClock reports b's allocations, resets its timer and starts a
// CPUClock, which the caller reports when the loop is done.
func StartClock(b *testing.B) *CPUClock {
	c := new(CPUClock)
	b.ReportAllocs()
	b.ResetTimer()
	c.Start()
	return c
}
