package gametest

import (
	"encoding/json"
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
func ChanceOutcomesAreTheCallers(t *testing.T, games map[string]brettspiel.Game) {
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
		s := g.(kit.ChanceSampler)
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
	var ids []string
	for i, g := range games {
		r := rand.New(rand.NewPCG(uint64(i), 9))
		for step := 0; ; step++ {
			if step%every == 0 || g.ToMove() == brettspiel.Terminal {
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
