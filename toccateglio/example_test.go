package toccateglio_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// A match of one Partie between two random players, from the draw for the
// start to the end.
func Example() {
	g, err := toccateglio.New(toccateglio.Toccateglispiel())
	if err != nil {
		panic(err)
	}
	r := rand.New(rand.NewPCG(2026, 11))
	if err := brettspiel.PlayOut(g, r, brettspiel.RandomPolicy, 0); err != nil {
		panic(err)
	}
	for _, e := range g.Events() {
		fmt.Println(e)
	}
	fmt.Println("returns:", g.Returns())
	// Output:
	// player 0 throw 6-2 by 8, 6-2
	// player 0 mark 1 (player 1): 7→15 by 8, hit (T-M1)
	// player 0 mark 1 (player 1): 9→15 by 6, hit (T-M1)
	// player 0 mark 1 (player 1): 9→17 by 8, hit (T-M1)
	// player 0 mark 1 (player 1): 10→16 by 6, hit (T-M1)
	// player 0 mark 1 (player 1): 11→17 by 6, hit (T-M1)
	// player 0 end 1 (player 1) by 11, Partie won (T-W2)
	// player 0 end 1 (player 1), match over (T-W4)
	// returns: [1 -1]
}

// The presets a frontend can offer.
func ExamplePresets() {
	for _, p := range toccateglio.Presets() {
		fmt.Printf("%s: %d stones, enter from hand %v, lower begins %v\n",
			p.Name, max(p.Options.Stones, 15), p.Options.EnterFromHand, p.Options.LowerBegins)
	}
	// Output:
	// Toccateglispiel: 15 stones, enter from hand false, lower begins false
	// Tokkadille 1853: 15 stones, enter from hand false, lower begins true
	// Tokkadille 1853, 16 stones: 16 stones, enter from hand false, lower begins true
	// Toccadille: 15 stones, enter from hand true, lower begins false
}

// A throw is entered by hand, its marks are read from the events, and a play
// is given in notation.
func ExampleGame_ParseMove() {
	o := toccateglio.Tokkadille1853(15)
	// Alvensleben's example with x = 10: own stones on 4 and 10 (the rest on
	// 1), the opponent's single stones on 15 and 21 (the rest on his 1, our 24).
	var mine, his board.Side
	mine[1], mine[4], mine[10] = 13, 1, 1
	his[1], his[25-15], his[25-21] = 13, 1, 1
	g, err := toccateglio.FromPosition(o, toccateglio.Position{Stones: [2]board.Side{mine, his}})
	if err != nil {
		panic(err)
	}
	for _, s := range []string{"6-5", "10/21", "10/16 4/9"} {
		m, err := g.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		if err := g.Apply(m); err != nil {
			panic(err)
		}
		for _, e := range g.Events() {
			fmt.Println(e)
		}
	}
	fmt.Println("marks:", g.Marks())
	fmt.Println(g)
	// Output:
	// player 0 throw 6-5 by 11, 6-5
	// player 0 mark 1 (player 1): 4→15 by 11, hit (T-M1)
	// player 0 mark 1 (player 1): 10→15 by 5, hit (T-M1)
	// player 0 mark 1 (player 1): 10→21 by 11, hit (T-M1)
	// brettspiel: parse move "10/21": illegal move: 10/21: point 21 holds a stone of the opponent (T-D3)
	// player 0 move: 4→9 by 5 (T-D2)
	// player 0 move: 10→16 by 6 (T-D2)
	// marks: [3 0]
	//   13  14  15  16  17  18  19  20  21  22  23  24
	//    .   .  1O  1X   .   .   .   .  1O   .   . 13O
	//   12  11  10   9   8   7   6   5   4   3   2   1
	//    .   .   .  1X   .   .   .   .   .   .   . 13X
	// X: waiting 0, borne off 0
	// O: waiting 0, borne off 0
	// marks X 3, O 0; strokes X 0, O 0; Partie 1 of 1
	// O (player 1) throws
}

// A game is saved and loaded by its position ID, and kept as a record of
// one line a turn.
func ExampleNewRecord() {
	o := toccateglio.Toccateglispiel()
	o.FirstPlayer = brettspiel.Starts(0)
	g, _ := toccateglio.New(o)
	start := g.Clone()
	rec := toccateglio.NewRecord(o)
	for _, s := range []string{"6-2", "1/3 1/7", "5-3", "1/4 1/6", "4-4", "1/5 1/5"} {
		m, err := g.ParseMove(s)
		if err != nil {
			panic(err)
		}
		if err := rec.Append(g, m); err != nil {
			panic(err)
		}
	}
	rec.WriteTo(os.Stdout, start)

	id, _ := g.MarshalText()
	fmt.Printf("\nID: %s\n", id)
	var loaded toccateglio.Game
	if err := loaded.UnmarshalText(id); err != nil {
		panic(err)
	}
	fmt.Println("loaded:", loaded.Marks(), loaded.ToMove(), loaded.Dice())

	back, err := brettspiel.ParseRecord(strings.NewReader("game: toccateglio\npreset: Toccateglispiel\noption: first-player=0\n\n6-2 ; 1/3 1/7\n5-3 ; 1/4 1/6\n4-4 ; 1/5 1/6\n"))
	if err != nil {
		panic(err)
	}
	_, err = toccateglio.LoadRecord(back)
	fmt.Println(err)
	// Output:
	// # brettspiel record
	// game: toccateglio
	// preset: Toccateglispiel
	// option: first-player=0
	//
	// 6-2 ; 1/3 1/7
	// 5-3 ; 1/4 1/6
	// 4-4 ; 1/5 1/5
	//
	// ID: toccateglio:1:AAEAAAGIJwIBAAAAAAAAAAMAAAAAAKoBCwECAVINAQGMXA
	// loaded: [0 0] chance []
	// record line 7, step "1/5 1/6": brettspiel: parse move "1/5 1/6": illegal move: 1/6 moves 5; the throw is 4-4 (T-D2)
}

// The JSON of a state, for a frontend; JSONSchema describes it. The board is
// the race board that Toccateglio shares with Verkehren, in absolute points;
// what only Toccateglio has is under "toccateglio".
func ExampleGame_MarshalJSON() {
	o := toccateglio.Toccateglispiel()
	o.FirstPlayer = brettspiel.Starts(1)
	g, _ := toccateglio.New(o)
	m, _ := g.ParseMove("6-2")
	g.Apply(m)
	data, _ := json.Marshal(g)
	var s map[string]json.RawMessage
	json.Unmarshal(data, &s)
	for _, k := range []string{"turn", "player", "phase", "seat", "dice", "turns", "waiting", "toccateglio", "events"} {
		fmt.Printf("%s: %s\n", k, s[k])
	}
	var parts struct {
		Legal  []json.RawMessage
		Points []json.RawMessage
		Sides  []json.RawMessage
	}
	json.Unmarshal(data, &parts)
	fmt.Printf("legal[0]: %s\n", parts.Legal[0])
	fmt.Printf("points[0]: %s\npoints[12]: %s\n", parts.Points[0], parts.Points[12])
	fmt.Printf("sides[1]: %s\n", parts.Sides[1])
	var back toccateglio.Game
	fmt.Println(back.UnmarshalJSON(data), back.Dice())
	// Output:
	// turn: "player"
	// player: 1
	// phase: "play"
	// seat: 1
	// dice: [6,2]
	// turns: 0
	// waiting: "hand"
	// toccateglio: {"marks":[0,0],"strokes":[0,0],"partien":0,"drawThrow":[],"resume":"play","nextThrower":0,"turnCapReached":false,"lastSeat":-1}
	// events: [{"kind":"throw","player":1,"other":-3,"amount":0,"from":-1,"to":-1,"trackFrom":-1,"trackTo":-1,"number":8,"dice":[6,2],"note":"6-2"}]
	// legal[0]: {"notation":"1/3 1/7","kind":"play","dice":[6,2],"steps":[{"from":24,"to":22,"trackFrom":1,"trackTo":3,"die":2,"flags":[]},{"from":24,"to":18,"trackFrom":1,"trackTo":7,"die":6,"flags":[]}],"marks":[0,0]}
	// points[0]: {"point":1,"owner":0,"count":15,"track":[1,24],"hucke":-1,"home":1}
	// points[12]: {"point":13,"owner":-1,"count":0,"track":[13,12],"hucke":1,"home":-1}
	// sides[1]: {"seat":1,"track":[0,15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"waiting":0,"onBoard":15,"borneOff":0,"pips":360,"score":0}
	// <nil> [6 2]
}

// Events are in the board's coordinates: player 1's stones enter on his
// points 2 and 6, which the board draws as 23 and 19; the track of the
// mover is beside them.
func ExampleGame_Events() {
	o := toccateglio.Toccadille()
	o.FirstPlayer = brettspiel.Starts(1)
	g, _ := toccateglio.New(o)
	for _, s := range []string{"6-2", "in/2 in/6"} {
		m, err := g.ParseMove(s)
		if err != nil {
			panic(err)
		}
		if err := g.Apply(m); err != nil {
			panic(err)
		}
		for _, e := range g.Events() {
			if e.TrackTo == brettspiel.NoPlace {
				fmt.Println(e)
				continue
			}
			fmt.Printf("%v  (his track: %d→%d)\n", e, e.TrackFrom, e.TrackTo)
		}
	}
	// Output:
	// player 1 throw 6-2 by 8, 6-2
	// player 1 enter: hand→23 by 2 (T-S4)  (his track: 0→2)
	// player 1 enter: hand→19 by 6 (T-S4)  (his track: 0→6)
}
