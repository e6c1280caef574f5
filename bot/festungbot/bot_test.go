package festungbot_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/festungbot"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// decision builds a game of n players in which seat 0 has the given Pasches
// and the fields named in empty are bare (their markers in seat 1's
// balance), then throws t, which must leave seat 0 a decision.
func decision(t *testing.T, n, pasches int, throw string, empty ...string) *festung.Game {
	t.Helper()
	g, err := festung.New(festung.ForPlayers(n))
	if err != nil {
		t.Fatal(err)
	}
	pos := g.Position()
	pos.Pasches[0] = pasches
	for _, name := range empty {
		f, ok := festung.FieldByName(name)
		if !ok {
			t.Fatalf("no field %s", name)
		}
		i := slices.Index(pos.Markers, f.ID)
		if i < 0 {
			t.Fatalf("%s is empty already", name)
		}
		pos.Markers = slices.Delete(pos.Markers, i, i+1)
		pos.Balances[1]++
	}
	if g, err = festung.FromPosition(g.Options(), pos); err != nil {
		t.Fatal(err)
	}
	m, err := g.ParseMove(throw)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	if g.ToMove() != 0 {
		t.Fatalf("%s leaves no decision: %v", throw, g.ToMove())
	}
	return g
}

// The bot takes the marker from the lowest open fortress that offers one,
// whatever the order of the list it is given.
func TestTakesFromTheLowestFortress(t *testing.T) {
	for _, tc := range []struct {
		players, pasches int
		throw            string
		empty            []string
		want             string
	}{
		{2, 1, "2/3-4", nil, "W1.II"},
		{3, 3, "5/1-6", nil, "W1.V"},
		{2, 2, "4/2-2", []string{"W1.IV", "W1.IV'"}, "W2.IV"},
		{4, 3, "1/2-5", []string{"W1.I", "W1.I'", "W2.I"}, "W3.I"},
	} {
		t.Run(fmt.Sprint(tc.players, tc.pasches, tc.throw), func(t *testing.T) {
			g := decision(t, tc.players, tc.pasches, tc.throw, tc.empty...)
			legal := g.LegalMoves()
			if len(legal) < 2 {
				t.Fatalf("legal %v", legal)
			}
			for _, list := range [][]brettspiel.Move{legal, reversed(legal)} {
				m := festungbot.Bot{}.Choose(g, list, rand.New(rand.NewPCG(1, 2)))
				if got := g.MoveString(m); got != tc.want {
					t.Errorf("chose %s of %v, want %s", got, names(g, list), tc.want)
				}
			}
		})
	}
}

func reversed(ms []brettspiel.Move) []brettspiel.Move {
	r := slices.Clone(ms)
	slices.Reverse(r)
	return r
}

func names(g brettspiel.Game, ms []brettspiel.Move) []string {
	var s []string
	for _, m := range ms {
		s = append(s, g.MoveString(m))
	}
	return s
}

// With nothing to choose from the bot returns NoMove; a list the caller has
// cut keeps the choice within it; moves that are not legal now are never
// chosen while a legal one is listed.
func TestChoosesOnlyFromTheList(t *testing.T) {
	g := decision(t, 2, 1, "2/3-4")
	b := festungbot.Bot{}
	if m := b.Choose(g, nil, nil); m != brettspiel.NoMove {
		t.Errorf("empty list: %v", m)
	}
	legal := g.LegalMoves()
	if m := b.Choose(g, legal[1:], nil); m != legal[1] {
		t.Errorf("cut list: chose %s", g.MoveString(m))
	}
	junk := []brettspiel.Move{brettspiel.NoMove, kit.NewMove(1, 3), legal[1]}
	if m := b.Choose(g, junk, nil); m != legal[1] {
		t.Errorf("list with junk: chose %v", m)
	}
	before := g.Position()
	b.Choose(g, legal, nil)
	if after := g.Position(); !slices.Equal(before.Markers, after.Markers) || before.Throw != after.Throw {
		t.Error("Choose changed the game")
	}
}

// In another game the bot plays as its fallback, greedy by default.
func TestOtherGamesFallBack(t *testing.T) {
	g, err := toccateglio.New(toccateglio.Toccateglispiel())
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for g.ToMove() == brettspiel.Chance {
		m, err := brettspiel.SampleChance(g, r)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	legal := g.LegalMoves()
	for seed := uint64(0); seed < 5; seed++ {
		got := festungbot.Bot{}.Choose(g, legal, rand.New(rand.NewPCG(seed, 1)))
		want := bot.Greedy{}.Choose(g, legal, rand.New(rand.NewPCG(seed, 1)))
		if got != want {
			t.Errorf("seed %d: chose %s, greedy %s", seed, g.MoveString(got), g.MoveString(want))
		}
	}
	first := festungbot.Bot{Fallback: firstBot{}}.Choose(g, legal, nil)
	if first != legal[0] {
		t.Errorf("fallback not used: %v", first)
	}
}

type firstBot struct{}

func (firstBot) Choose(_ brettspiel.Game, legal []brettspiel.Move, _ *rand.Rand) brettspiel.Move {
	return legal[0]
}

// The bot plays whole games of every seat count through the conformance
// harness: legal moves only, no panic, markers conserved.
func TestConformance(t *testing.T) {
	deep := map[int]int{2: -1, 3: 1, 4: -1, 5: -1, 6: -1} // the deep checks in one game of three
	for n := 2; n <= 6; n++ {
		t.Run(fmt.Sprint(n, " players"), func(t *testing.T) {
			conformance.Run(t, func() brettspiel.Game {
				g, err := festung.New(festung.ForPlayers(n))
				if err != nil {
					panic(err)
				}
				return g
			}, conformance.Config{
				Games: conformance.Games(10, 200), DeepGames: deep[n], Seed: uint64(n),
				Policy: func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
					m := festungbot.Bot{}.Choose(g, legal, r)
					if !slices.Contains(legal, m) {
						panic(fmt.Sprintf("chose %v, not in %v", m, legal))
					}
					return m
				},
				Invariant: conserved,
			})
		})
	}
}

// conserved checks that the markers on the plan and the balances add up to
// the stocks.
func conserved(bg brettspiel.Game) error {
	g := bg.(*festung.Game)
	sum := g.MarkersOnPlan()
	for p := range g.NumPlayers() {
		sum += g.Balance(brettspiel.Player(p))
	}
	if want := g.NumPlayers() * g.Options().Stock; sum != want {
		return fmt.Errorf("markers %d, want %d", sum, want)
	}
	return nil
}

// A game with the bot in every seat depends only on the seed.
func TestDeterministic(t *testing.T) {
	play := func(seed uint64) []int {
		g, err := festung.New(festung.ForPlayers(3))
		if err != nil {
			t.Fatal(err)
		}
		if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(seed, 9)), bot.Policy(festungbot.Bot{}), 0); err != nil {
			t.Fatal(err)
		}
		return append(g.Returns(), g.Turns())
	}
	a, b, c := play(1), play(1), play(2)
	if !slices.Equal(a, b) {
		t.Errorf("seed 1 gave %v and %v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 1 and 2 both gave %v", a)
	}
}

// The level is in bot's registry by name, the strongest listed.
func TestRegistered(t *testing.T) {
	b, err := bot.Named("Festung-Best")
	if err != nil {
		t.Fatal(err)
	}
	if fb, ok := b.(festungbot.Bot); !ok || fb.Fallback != nil {
		t.Errorf("festung-best is %#v", b)
	}
	levels := bot.Levels()
	if top := levels[len(levels)-1]; top.Name != "festung-best" {
		t.Errorf("the top level is %q", top.Name)
	}
	if _, err := bot.Named("festung-worst"); !errors.Is(err, bot.ErrUnknownBot) {
		t.Errorf("unknown level: %v", err)
	}
}

// BenchmarkChoose measures a decision among three fortresses.
func BenchmarkChoose(b *testing.B) {
	g, err := festung.New(festung.ForPlayers(2))
	if err != nil {
		b.Fatal(err)
	}
	pos := g.Position()
	pos.Pasches[0] = 2
	if g, err = festung.FromPosition(g.Options(), pos); err != nil {
		b.Fatal(err)
	}
	m, _ := g.ParseMove("5/1-6")
	if err := g.Apply(m); err != nil {
		b.Fatal(err)
	}
	legal := g.LegalMoves()
	if len(legal) != 3 {
		b.Fatalf("legal %v", legal)
	}
	var bot festungbot.Bot
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		bot.Choose(g, legal, nil)
	}
}
