package brettspiel_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/race"
)

// PlayOut plays a whole game from a seed; the same seed gives the same game.
func ExamplePlayOut() {
	g, _ := race.New(race.Rules{Players: 3, Goal: 10})
	r := rand.New(rand.NewPCG(2026, 11))
	if err := brettspiel.PlayOut(g, r, brettspiel.RandomPolicy, 0); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.Returns())
	// Output: [-1 -1 2]
}

// A frontend with physical dice enters the throw it saw, then the player's move.
func ExampleGame_ParseMove() {
	var g brettspiel.Game
	g, _ = race.New(race.Rules{})
	throw, _ := g.ParseMove("4")
	_ = g.Apply(throw)
	fmt.Println(g.ToMove(), "may play:", g.LegalMoves())
	_, err := g.ParseMove("+6")
	fmt.Println(err)
	m, err := g.ParseMove("+4")
	fmt.Println(g.MoveString(m), err)
	_ = g.Apply(m)
	for _, e := range g.Events() {
		fmt.Println(e)
	}
	// Output:
	// player 0 may play: [player 0:0x1 player 0:0x4]
	// brettspiel: apply "+6": illegal move
	// +4 <nil>
	// player 0 move: 0→4 by 4
}

// A RecordReader replays a record while it reads it, a step at a time.
func ExampleRecordReader() {
	text := "# brettspiel record\ngame: race\nplayers: 2\n\n4 ; +4\n3 ; +3\n"
	rr := brettspiel.NewRecordReader(strings.NewReader(text))
	head, err := rr.Header()
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := race.New(race.Rules{Players: head.Players})
	if err := rr.Replay(g, 1000, nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(head.Game, g.ToMove())
	// Output: race chance
}
