package festung_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
)

// A whole game of three players, seeded: throws drawn by weight, decisions at
// random.
func Example() {
	g, err := festung.New(festung.ForPlayers(3))
	if err != nil {
		fmt.Println(err)
		return
	}
	r := rand.New(rand.NewPCG(2026, 11))
	if err := brettspiel.PlayOut(g, r, brettspiel.RandomPolicy, 0); err != nil {
		fmt.Println(err)
		return
	}
	w, _ := g.Winner()
	fmt.Println("throws:", g.Turns())
	fmt.Println("fifth Pasch:", w)
	fmt.Println("returns:", g.Returns())
	// Output:
	// throws: 324
	// fifth Pasch: player 2
	// returns: [-44 -31 75]
}

// The booklet's first example, entered as a throw from physical dice: large
// die 5, small dice 1 and 6.
func ExampleGame_ParseMove() {
	g, _ := festung.New(festung.ForPlayers(3))
	m, err := g.ParseMove("5/6-1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.MoveString(m))
	if err := g.Apply(m); err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range g.Events() {
		fmt.Println(e)
	}
	fmt.Println("balance of seat 0:", g.Balance(0))
	// Output:
	// 5/1-6
	// player 0 throw 5-1-6 by 12
	// player 0 take 1: W1.V→ by 5 (F-A2)
	// player 0 place 1: →S.VII by 7 (F-B1)
	// player 0 place 1: →S.I by 1 (F-B2)
	// player 0 place 1: →L12 by 12 (F-C1)
	// balance of seat 0: 11
}

// A decision node: with one Pasch, a large die 2 finds markers numbered II in
// the works of fortresses 1 and 2, and the thrower chooses.
func ExampleGame_LegalMoves() {
	g0, _ := festung.New(festung.ForPlayers(2))
	pos := g0.Position()
	pos.Pasches[0] = 1
	g, err := festung.FromPosition(g0.Options(), pos)
	if err != nil {
		fmt.Println(err)
		return
	}
	t, _ := festung.ParseThrow("2/3-4")
	_ = g.Apply(festung.ThrowMove(t))
	fmt.Println("to move:", g.ToMove())
	for _, m := range g.LegalMoves() {
		fmt.Println(g.MoveString(m))
	}
	fmt.Println("dice:", g.Dice())
	m, _ := g.ParseMove("w2.ii") // field names are read in any case
	_ = g.Apply(m)
	for _, e := range g.Events() {
		fmt.Println(e)
	}
	// Output:
	// to move: player 0
	// W1.II
	// W2.II
	// dice: [2 3 4]
	// player 0 decide: W2.II→ by 2, take from fortress 2 (F-A2)
	// player 0 take 1: W2.II→ by 2 (F-A2)
	// player 0 place 1: →S.VII by 7 (F-B1)
	// player 0 place 1: →L9 by 9 (F-C1)
}

// The plan as data: a battery and its Schanzen "in the triangle".
func ExamplePlan() {
	for _, f := range festung.Plan() {
		if f.Kind == festung.Battery {
			fmt.Print(f.Name, ":")
			for _, id := range f.Neighbours() {
				fmt.Print(" ", id)
			}
			fmt.Println()
		}
	}
	// Output:
	// B9: S.I S.II S.III
	// B10: S.IV S.V S.VI
	// B11: S.VII S.VIII S.IX
	// B12: S.X S.XI S.XII
}

// Where to draw the fields: the centre of each on a drawing LayoutSize units
// square, origin top left, y downwards.
func ExampleField_layout() {
	for _, name := range []string{"F5", "P1", "L15", "L3", "F1", "W1.I", "W1.VI'", "W2.I", "B9", "S.I", "S.II", "S.III"} {
		f, _ := festung.FieldByName(name)
		fmt.Printf("%-6s (%4.1f, %4.1f)\n", f.Name, f.X, f.Y)
	}
	// Output:
	// F5     (50.0, 50.0)
	// P1     (50.0, 42.0)
	// L15    (50.0, 36.0)
	// L3     (50.0, 18.0)
	// F1     (50.0, 12.0)
	// W1.I   (19.7, 15.4)
	// W1.VI' (80.3, 15.4)
	// W2.I   (86.5, 22.0)
	// B9     (75.5, 24.5)
	// S.I    (62.1, 28.1)
	// S.II   (67.0, 33.0)
	// S.III  (71.9, 37.9)
}

// The presets, for a menu; PresetNamed reads a name in any case.
func ExamplePresets() {
	for _, p := range festung.Presets() {
		fmt.Printf("%s: %s\n", p.Name, p.Summary)
	}
	p, ok := festung.PresetNamed("standard")
	fmt.Println(p.Name, ok, p.Options)
	// Output:
	// Standard: stocks of 25 markers; seat 0 throws first; with five players the field W4.VI stays empty
	// Standard true players=2 stock=25 turn-cap=5000
}

// The exact expected length of a game.
func ExampleExactOdds() {
	for n := 2; n <= 6; n++ {
		ex, _ := festung.ExactOdds(n)
		fmt.Printf("%d players: %.2f throws, seat 0 ends it with probability %.3f\n", n, ex.Throws, ex.Win[0])
	}
	// Output:
	// 2 players: 231.39 throws, seat 0 ends it with probability 0.502
	// 3 players: 292.63 throws, seat 0 ends it with probability 0.336
	// 4 players: 347.50 throws, seat 0 ends it with probability 0.252
	// 5 players: 398.13 throws, seat 0 ends it with probability 0.202
	// 6 players: 445.62 throws, seat 0 ends it with probability 0.169
}

// The position ID of a game after the booklet's three example throws, and a
// game loaded from it that plays on from there.
func ExampleGame_MarshalText() {
	g, _ := festung.New(festung.ForPlayers(3))
	for _, s := range []string{"5/1-6", "6/5-5", "1/1-1"} {
		m, _ := g.ParseMove(s)
		_ = g.Apply(m)
	}
	id, _ := g.MarshalText()
	fmt.Println(string(id))
	var back festung.Game
	if err := back.UnmarshalText(id); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Turns(), "throws,", back.Turn(), "to throw, balances", back.Balance(0), back.Balance(1), back.Balance(2))
	fmt.Println(back.UnmarshalText([]byte("festung:1:AxkAiCfO7____4GIkSQEBAAAKgAAHAABAAADADib")))
	// Output:
	// festung:1:AxkAiCfO7____4GIkSQEBAAAKgAAHAABAAADADia
	// 3 throws, player 0 to throw, balances 2 21 14
	// brettspiel: decode position ID "festung:1:AxkAiCfO7____4GIkSQEBAAAKgAAHAABAAADADib": bad notation: the checksum does not match: the ID is mistyped or cut short
}

// A game kept as a record while it is played, written one line a throw, and
// loaded again: the record replays through the rules.
func ExampleNewRecord() {
	g, _ := festung.New(festung.ForPlayers(3))
	rec := festung.NewRecord(g.Options())
	for _, s := range []string{"5/1-6", "6/5-5", "1/1-1"} {
		m, _ := g.ParseMove(s)
		if err := rec.Append(g, m); err != nil {
			fmt.Println(err)
			return
		}
	}
	var b strings.Builder
	_ = festung.WriteRecord(&b, rec)
	fmt.Print(b.String())

	back, _ := brettspiel.ParseRecord(strings.NewReader(b.String()))
	loaded, err := festung.LoadRecord(back)
	fmt.Println(loaded.ID() == g.ID(), err)

	tampered, _ := brettspiel.ParseRecord(strings.NewReader(strings.Replace(b.String(), "6/5-5", "6/5-5 ; W1.VI", 1)))
	_, err = festung.LoadRecord(tampered)
	fmt.Println(err)
	// Output:
	// # brettspiel record
	// game: festung
	// preset: Standard
	// players: 3
	// option: stock=25
	// option: turn-cap=5000
	//
	// 5/1-6
	// 6/5-5
	// 1/1-1
	// true <nil>
	// record line 9, step "W1.VI": brettspiel: parse move "W1.VI": a throw of the dice is due: a throw is due
}
