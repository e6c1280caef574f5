package neural

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// scatter puts n stones on random places 0…25, crowding them onto a few
// places as often as spreading them.
func scatter(r *rand.Rand, n int) (s [26]int) {
	places := 1 + r.IntN(26)
	for range n {
		s[r.IntN(places)*26/places]++
	}
	return s
}

// strangePositions returns positions that the rules accept but play
// rarely reaches: stones piled up, many off the board, both sides Junker,
// marks near the end of the Partie, with and without a throw to play.
func strangePositions(t *testing.T) []brettspiel.Game {
	r := rand.New(rand.NewPCG(5, 6))
	var out []brettspiel.Game
	for tries := 0; len(out) < 300 && tries < 200000; tries++ {
		dice := [2]int{}
		if r.IntN(2) == 0 {
			dice = [2]int{1 + r.IntN(6), 1 + r.IntN(6)}
		}
		turn := brettspiel.Player(r.IntN(2))
		if tries%2 == 0 {
			pos := verkehren.Position{Turn: turn, Dice: dice}
			for p := range 2 {
				pos.Stones[p] = scatter(r, 15)
			}
			if g, err := verkehren.FromPosition(verkehren.Options{}, pos); err == nil {
				out = append(out, g)
			}
			continue
		}
		pos := toccateglio.Position{Turn: turn, Dice: dice, Marks: [2]int{r.IntN(12), r.IntN(12)}}
		for p := range 2 {
			s := scatter(r, 15)
			s[0] = 0 // no hand in Toccateglispiel
			for i, c := range s {
				pos.Stones[p][i] = int8(c)
			}
			pos.Stones[p][25] += int8(15 - pos.Stones[p].Total())
		}
		if g, err := toccateglio.FromPosition(toccateglio.Options{}, pos); err == nil {
			out = append(out, g)
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d positions accepted", len(out))
	}
	return out
}

// TestStrangePositions: the evaluator and every level judge positions that
// play rarely reaches without panicking, with finite values, and choose
// legal moves there.
func TestStrangePositions(t *testing.T) {
	kinds := map[string]int{}
	for i, g := range strangePositions(t) {
		name := "verkehren"
		if _, ok := g.(*toccateglio.Game); ok {
			name = "toccateglio"
		}
		kinds[name]++
		e, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for p := brettspiel.Player(0); p < 2; p++ {
			if v := e.Equity(g, p); math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("%s: equity %v", g, v)
			}
		}
		if g.ToMove() < 0 {
			continue
		}
		legal := g.LegalMoves()
		l := Levels()[i%len(Levels())]
		if m := NewBot(l).Choose(g, legal, rand.New(rand.NewPCG(1, uint64(i)))); !slices.Contains(legal, m) {
			t.Fatalf("%s %v: %v not legal", g, l, m)
		}
	}
	if kinds["verkehren"] < 20 || kinds["toccateglio"] < 20 {
		t.Errorf("positions of each game: %v", kinds)
	}
}
