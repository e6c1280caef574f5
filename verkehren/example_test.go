package verkehren_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/verkehren"
)

// A whole game between two random players, from the draw for the start to the
// end, seeded so that it is the same game everywhere.
func Example() {
	g, err := verkehren.New(verkehren.VK())
	if err != nil {
		panic(err)
	}
	// a random player that never gives the game up: "concede" sorts last
	random := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
		if n := len(legal); n > 1 && g.MoveString(legal[n-1]) == "concede" {
			legal = legal[:n-1]
		}
		return legal[r.IntN(len(legal))]
	}
	r := rand.New(rand.NewPCG(2026, 11))
	if err := brettspiel.PlayOut(g, r, random, 0); err != nil {
		panic(err)
	}
	w, _ := g.Winner()
	fmt.Println(g.Ending(), "after", g.Turns(), "turns:", w, "wins", g.Returns())
	// Output: single game after 248 turns: player 1 wins [-1 1]
}

// VK's bearing-off example: a Band on 19 alone and 6-5 — the 6 bears one
// stone off and the 5 must bring the other to 24.
func ExampleFromPosition() {
	var pos verkehren.Position
	pos.Stones[0][19] = 2
	pos.Stones[0][25] = 13 // borne off
	pos.Stones[1][1] = 15  // the opponent still in his house
	pos.Dice = [2]int{6, 5}
	g, err := verkehren.FromPosition(verkehren.VK(), pos)
	if err != nil {
		panic(err)
	}
	for _, m := range g.LegalMoves() {
		fmt.Println(g.MoveString(m))
	}
	// Output: 19/24 19/off
}

// Entering is compulsory and so is hitting while entering (V-E3): ParseMove
// says why another play is refused.
func ExampleGame_ParseMove() {
	var pos verkehren.Position
	pos.Stones[0][0] = 1   // one stone off the board
	pos.Stones[0][13] = 11 // on the opponent's house
	pos.Stones[0][15] = 3
	pos.Stones[1][15] = 1 // an opponent blot on my point 3 (his 15)
	pos.Stones[1][22] = 14
	pos.Dice = [2]int{5, 3}
	g, _ := verkehren.FromPosition(verkehren.VK(), pos)
	if _, err := g.ParseMove("bar/5 13/16"); err != nil {
		fmt.Println(err)
	}
	m, _ := g.ParseMove("bar/3 3/8")
	fmt.Println(g.MoveString(m))
	_ = g.Apply(m)
	for _, e := range g.Events() {
		fmt.Println(e)
	}
	// Output:
	// brettspiel: parse move "bar/5 13/16": illegal move: another play hits more stones while entering, and hitting while entering is compulsory (V-E3)
	// bar/3* 3/8
	// player 0 enter 1: bar→3 by 3 (V-E1)
	// player 0 hit 1 (player 1): →3 by 3 (V-E3)
	// player 0 move 1: 3→8 by 5
}

// Events speak the board's coordinates: player 1's stones start on absolute
// point 13, his house, which is point 1 of his own track. Each event gives
// the place in the mover's track too, the numbering of the notation.
func ExampleGame_Events() {
	g, _ := verkehren.New(verkehren.VK())
	for _, s := range []string{"5-2", "6-2", "3-1", "1/4 1/2"} {
		m, err := g.ParseMove(s)
		if err != nil {
			panic(err)
		}
		_ = g.Apply(m)
		for _, e := range g.Events() {
			fmt.Print(e)
			if e.From != brettspiel.NoPlace {
				fmt.Printf(" (his %d→%d)", e.TrackFrom, e.TrackTo)
			}
			fmt.Println()
		}
	}
	// Output:
	// player 0 throw 5-2 by 7, draw for the start (V-S1)
	// player 1 throw 6-2 by 8, draw for the start (V-S1)
	// player 1 decide, the higher total begins and throws anew (V-S1)
	// player 1 throw 3-1 by 4
	// player 1 move 1: 13→14 by 1 (his 1→2)
	// player 1 move 1: 13→16 by 3 (his 1→4)
}

// A game saved as a position ID and as JSON, and loaded again.
func ExampleParseID() {
	g, _ := verkehren.New(verkehren.VK())
	for _, s := range []string{"5-2", "6-2", "3-1", "1/4 1/2"} {
		m, err := g.ParseMove(s)
		if err != nil {
			panic(err)
		}
		_ = g.Apply(m)
	}
	id, _ := g.MarshalText()
	fmt.Println(string(id))
	back, err := verkehren.ParseID(string(id))
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Turn(), "to throw after", back.Turns(), "turn")
	_, err = verkehren.ParseID("verkehren:1:AAAAAAAAAgAAAAACBQD-_wP-_xJnQQ")
	fmt.Println(err)
	// Output:
	// verkehren:1:AAAAAAAAAgAAAAABBQD-_wP-_xJnQQ
	// player 0 to throw after 1 turn
	// brettspiel: decode position ID "verkehren:1:AAAAAAAAAgAAAAACBQD-_wP-_xJnQQ": bad notation: the checksum does not match: the ID is mistyped or cut short
}

// A game record is read and replayed through the rules; a tampered line is
// refused with its number.
func ExampleLoadRecord() {
	text := `# brettspiel record
game: verkehren
preset: VK

5-2 ; 6-2 ; 3-1 ; 1/4 1/2
6-5 ; 1/7 7/13
`
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		panic(err)
	}
	_, err = verkehren.LoadRecord(rec)
	fmt.Println(err)
	// Output:
	// record line 6, step "1/7 7/13": brettspiel: parse move "1/7 7/13": illegal move: move 2 (7/13): no number of the throw left (5) moves a stone from 7 to 13 (V-D2)
}
