package toccateglio

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// walk plays a seeded game under o to its end and calls visit on every state,
// the start and the end included.
func walk(t testing.TB, o Options, seed uint64, policy brettspiel.Policy, visit func(g *Game)) {
	t.Helper()
	g := gametest.New(t, New, o)
	r := rand.New(rand.NewPCG(seed, 7))
	for {
		visit(g)
		if g.ToMove() == brettspiel.Terminal {
			return
		}
		gametest.ApplyStep(t, g, r, policy)
	}
}

// idRoundTrip writes g's position ID and loads it into a new game. The ID does
// not carry the events of the last apply, so they are copied over.
func idRoundTrip(g brettspiel.Game) (brettspiel.Game, error) {
	return gametest.IDTrip(g.(*Game), func() *Game { return new(Game) }, func(back, g *Game) { back.events = g.events })
}

func TestIDRoundTrip(t *testing.T) {
	for i, v := range variants() {
		o := v.o
		o.Partien = max(o.Partien, 2)
		phases := map[phase]bool{}
		walk(t, o, uint64(i), carefulPolicy, func(g *Game) {
			phases[g.phase] = true
			back, err := idRoundTrip(g)
			if err != nil {
				t.Fatalf("%s: %v\n%v", v.name, err, g)
			}
			if d := cmp.Diff(g, back, cmp.AllowUnexported(Game{}, schule{})); d != "" {
				t.Fatalf("%s: the ID %s does not round-trip:\n%s", v.name, g.ID(), d)
			}
			if !strings.HasPrefix(g.ID(), "toccateglio:1:") {
				t.Fatalf("ID %q", g.ID())
			}
		})
		if len(phases) < 5 {
			t.Errorf("%s: the game went through only the phases %v", v.name, phases)
		}
	}
}

// A game loaded from an ID plays on exactly as the original: same moves, same
// events, same IDs, to the end.
func TestIDPlaysOnAlike(t *testing.T) {
	for i, v := range variants() {
		var ids []*Game
		walk(t, v.o, uint64(10+i), brettspiel.RandomPolicy, func(g *Game) {
			if len(ids) < 40 {
				ids = append(ids, g.Clone().(*Game))
			}
		})
		for _, start := range ids {
			loaded, err := ParseID(start.ID())
			if err != nil {
				t.Fatal(err)
			}
			a, b := start.Clone().(*Game), loaded
			r1, r2 := rand.New(rand.NewPCG(3, 3)), rand.New(rand.NewPCG(3, 3))
			for a.ToMove() != brettspiel.Terminal {
				if !slicesEqual(a.LegalMoves(), b.LegalMoves()) || a.ID() != b.ID() {
					t.Fatalf("%s: the loaded game differs:\n%v\n%v", v.name, a, b)
				}
				var m brettspiel.Move
				if a.ToMove() == brettspiel.Chance {
					m, _ = brettspiel.SampleChance(a, r1)
					brettspiel.SampleChance(b, r2)
				} else {
					m = brettspiel.RandomPolicy(a, a.LegalMoves(), r1)
					brettspiel.RandomPolicy(b, b.LegalMoves(), r2)
				}
				if err := a.Apply(m); err != nil {
					t.Fatal(err)
				}
				if err := b.Apply(m); err != nil {
					t.Fatalf("%s: the loaded game refuses %s: %v", v.name, a.MoveString(m), err)
				}
				if d := cmp.Diff(a.Events(), b.Events()); d != "" {
					t.Fatalf("%s: events differ:\n%s", v.name, d)
				}
			}
			if b.ToMove() != brettspiel.Terminal {
				t.Fatalf("%s: the loaded game is not over", v.name)
			}
		}
	}
}

// idOf builds the ID of an edited state, bypassing the checks.
func idOf(g *Game) string { return g.ID() }

func TestParseIDRefusesBadIDs(t *testing.T) {
	g, _ := New(Toccateglispiel())
	good := g.ID()
	edit := func(f func(x *Game)) string {
		x := g.Clone().(*Game)
		f(x)
		return idOf(x)
	}
	for _, c := range []struct {
		id     string
		err    error
		reason string
	}{
		{"", brettspiel.ErrBadNotation, "variant:version:payload"},
		{"verkehren" + good[len("toccateglio"):], brettspiel.ErrBadNotation, "not of toccateglio"},
		{good[:len(good)-2], brettspiel.ErrBadNotation, ""},
		{kit.EncodeID(Variant, 2, g.payload()), brettspiel.ErrBadNotation, "version 2"},
		{kit.EncodeID(Variant, 1, g.payload()[:5]), brettspiel.ErrBadNotation, "cut short"},
		{kit.EncodeID(Variant, 1, append(g.payload(), 0)), brettspiel.ErrBadNotation, "left over"},
		{kit.EncodeID(Variant, 1, append([]byte{0x80, 0}, g.payload()[1:]...)), brettspiel.ErrBadNotation, "canonical"},
		{edit(func(x *Game) { x.opts.Partien = 0 }), brettspiel.ErrBadOptions, "normal form"},
		{edit(func(x *Game) { x.opts.Stones = 16 }), brettspiel.ErrBadPosition, "player 0 has 15 stones, want 16"},
		{edit(func(x *Game) { x.sides[0][1]++ }), brettspiel.ErrBadPosition, "player 0 has 16 stones, want 15"},
		{edit(func(x *Game) { x.sides[1][1] -= 2; x.sides[1][12] = 1; x.sides[1][5] = 1 }), brettspiel.ErrBadPosition, "lone stone on his Hucke"},
		{edit(func(x *Game) { x.sides[0][1] -= 1; x.sides[0][24] = 1 }), brettspiel.ErrBadPosition, "both players have stones on point 24"},
		{edit(func(x *Game) { x.marks[1] = 12; x.phase = phaseThrow }), brettspiel.ErrBadPosition, "player 1 has 12 marks"},
		{edit(func(x *Game) { x.phase = phaseMove }), brettspiel.ErrBadPosition, "no dice"},
		{edit(func(x *Game) { x.phase, x.dice = phaseThrow, [2]uint8{3, 3} }), brettspiel.ErrBadPosition, "dice 3-3 before the throw"},
		{edit(func(x *Game) { x.phase, x.dice = phaseMove, [2]uint8{2, 5} }), brettspiel.ErrBadPosition, "higher first"},
		{edit(func(x *Game) { x.strokes[0] = 2 }), brettspiel.ErrBadPosition, "strokes"},
		{edit(func(x *Game) { x.phase = phaseDecide }), brettspiel.ErrBadPosition, "only 0 marks"},
		{edit(func(x *Game) { x.phase = phaseOver }), brettspiel.ErrBadPosition, "over after 0 of 1 Partien"},
		{edit(func(x *Game) { x.capped = true }), brettspiel.ErrBadPosition, "turn cap"},
		{edit(func(x *Game) { x.turns = 5000 }), brettspiel.ErrBadPosition, "5000 turns played"},
		{edit(func(x *Game) { x.phase = phaseDraw1 }), brettspiel.ErrBadPosition, "no first throw"},
		{edit(func(x *Game) { x.sides[0][1], x.sides[0][2] = 13, 2 }), brettspiel.ErrBadPosition, "not in the setup"},
		{edit(func(x *Game) { x.opts.FirstPlayer = brettspiel.Starts(1) }), brettspiel.ErrBadPosition, "the options name the first player"},
	} {
		var back Game
		back.marks[0] = 5
		before := back
		err := back.UnmarshalText([]byte(c.id))
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, c.err) || !strings.Contains(e.Reason, c.reason) {
			t.Errorf("UnmarshalText(%q) = %v, want %v saying %q", c.id, err, c.err, c.reason)
		}
		if d := cmp.Diff(before, back, cmp.AllowUnexported(Game{}, schule{})); d != "" {
			t.Errorf("a failed UnmarshalText changed the game:\n%s", d)
		}
	}
}

// FuzzUnmarshalText: any text, and any payload framed as an ID, is refused or
// loads a valid game whose ID is the input; nothing panics.
func FuzzUnmarshalText(f *testing.F) {
	for _, o := range []Options{ts, al, td, withSchule(ts)} {
		g, _ := New(o)
		f.Add([]byte(g.ID()))
		f.Add(g.payload())
	}
	g := load(f, withSchule(ts), own(ts, 1, map[int]int{4: 1, 10: 1}), opp(ts, 1, map[int]int{15: 1, 21: 1}), [2]int{}, [2]int{})
	for _, s := range []string{"6-5", "mark 1", "schule 3"} {
		play(f, g, s)
		f.Add([]byte(g.ID()))
		f.Add(g.payload())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, id := range []string{string(data), kit.EncodeID(Variant, IDVersion, data)} {
			g, err := ParseID(id)
			if err != nil {
				var e *brettspiel.Error
				if !errors.As(err, &e) || e.Reason == "" {
					t.Fatalf("ParseID(%q): %v is not a *brettspiel.Error with a reason", id, err)
				}
				continue
			}
			if g.ID() != id {
				t.Fatalf("ParseID(%q) gives a game with ID %q", id, g.ID())
			}
			if err := checkInvariant(g); err != nil {
				t.Fatalf("ParseID(%q): %v", id, err)
			}
			for _, m := range g.LegalMoves() {
				c := g.Clone().(*Game)
				if err := c.Apply(m); err != nil {
					t.Fatalf("%q: legal %s refused: %v", id, g.MoveString(m), err)
				}
				if _, err := ParseID(c.ID()); err != nil {
					t.Fatalf("%q after %s: the next ID does not load: %v", id, g.MoveString(m), err)
				}
			}
		}
	})
}
