package festung

import (
	"fmt"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/google/go-cmp/cmp"
)

// newGame builds a game of n players with the default options.
func newGame(t testing.TB, n int) *Game {
	t.Helper()
	g, err := New(ForPlayers(n))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// rich builds a game of two players with stocks of 60, so that no one has to
// buy.
func rich(t testing.TB) *Game {
	t.Helper()
	g, err := New(Options{Players: 2, Stock: 60})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// edit builds a game from g's position changed by f. Markers put on or taken
// off the plan by f are paid from or to bank's balance, so that markers stay
// conserved.
func edit(t testing.TB, g *Game, bank brettspiel.Player, f func(p *Position)) *Game {
	t.Helper()
	p := g.Position()
	before := len(p.Markers)
	f(&p)
	p.Balances[bank] += before - len(p.Markers)
	for s, b := range p.Balances {
		p.Bought[s] = max(p.Bought[s], -b)
	}
	ng, err := FromPosition(g.Options(), p)
	if err != nil {
		t.Fatal(err)
	}
	return ng
}

// on and off set and clear fields of a position.
func on(p *Position, ids ...FieldID) {
	for _, id := range ids {
		if !slices.Contains(p.Markers, id) {
			p.Markers = append(p.Markers, id)
		}
	}
}

func off(p *Position, ids ...FieldID) {
	p.Markers = slices.DeleteFunc(p.Markers, func(x FieldID) bool { return slices.Contains(ids, x) })
}

// onlyFortress1 clears the outer works numbered n of the other fortresses open
// to the thrower, so that a large die n leaves no choice.
func onlyFortress1(p *Position, n int) {
	for f := 2; f <= min(p.Pasches[p.Thrower]+1, 4); f++ {
		off(p, ow(f, n, 0), ow(f, n, 1))
	}
}

// play parses s and applies it, failing t on error, and returns the flow of
// the events.
func play(t testing.TB, g *Game, s string) []string {
	t.Helper()
	gametest.MustPlay(t, g, s)
	checkConserved(t, g)
	return flow(g.Events())
}

// flow renders events as short lines that name every marker movement.
func flow(evs []brettspiel.Event) []string {
	var out []string
	for _, e := range evs {
		var s string
		switch e.Kind {
		case brettspiel.EventThrow:
			s = fmt.Sprintf("%d throws %d/%d-%d", e.Player, e.Dice[0], e.Dice[1], e.Dice[2])
		case brettspiel.EventDecide:
			s = fmt.Sprintf("%d decides %v", e.Player, FieldID(e.From))
		case brettspiel.EventTake:
			s = fmt.Sprintf("%d takes %v", e.Player, FieldID(e.From))
		case brettspiel.EventPlace:
			s = fmt.Sprintf("%d places %v", e.Player, FieldID(e.To))
		case brettspiel.EventPay:
			s = fmt.Sprintf("%d pays %d to %d", e.Other, e.Amount, e.Player)
		case EventConquer:
			s = fmt.Sprintf("%d square %v→%v", e.Player, placeName(e.From), FieldID(e.To))
		case EventBuy:
			s = fmt.Sprintf("%d buys %d", e.Player, e.Amount)
		case brettspiel.EventEnd:
			s = fmt.Sprintf("end %d %s", e.Player, e.Note)
		default:
			s = fmt.Sprintf("%v", e)
		}
		if e.Rule != "" {
			s += " " + e.Rule
		}
		out = append(out, s)
	}
	return out
}

func placeName(x int) string {
	if x == brettspiel.NoPlace {
		return "-"
	}
	return FieldID(x).String()
}

// want compares a flow with the expected one.
func want(t testing.TB, got []string, exp ...string) {
	t.Helper()
	if d := cmp.Diff(exp, got); d != "" {
		t.Errorf("flow differs (-want +got):\n%s", d)
	}
}

// conserved returns an error unless the balances and the markers on the plan
// add up to players × stock.
func conserved(g *Game) error {
	total := g.MarkersOnPlan()
	for p := range g.NumPlayers() {
		total += g.Balance(brettspiel.Player(p))
		if b := g.Bought(brettspiel.Player(p)); b < -g.Balance(brettspiel.Player(p)) || b < 0 {
			return fmt.Errorf("seat %d has balance %d but bought only %d", p, g.Balance(brettspiel.Player(p)), b)
		}
	}
	if want := g.NumPlayers() * g.Options().Stock; total != want {
		return fmt.Errorf("balances and plan hold %d markers, want %d", total, want)
	}
	return nil
}

func checkConserved(t testing.TB, g *Game) {
	t.Helper()
	if err := conserved(g); err != nil {
		t.Fatalf("%v\n%v", err, g)
	}
}

func balances(g *Game) []int {
	out := make([]int, g.NumPlayers())
	for p := range out {
		out[p] = g.Balance(brettspiel.Player(p))
	}
	return out
}

func ow(f, n, t int) FieldID { return OuterWorkID(f, n, t) }
