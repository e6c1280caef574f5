package session_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// A transport passes strings: a method's name and its arguments as JSON,
// and the answer back. Here a seeded game of Verkehren against the greedy
// bot: advance throws the dice and lets the bot play until the person at
// seat 0 is to move; the answers carry only the log since the step the
// frontend has.
func ExampleTable_Call() {
	t := session.NewTable(session.Options{})
	var s session.StateJSON
	json.Unmarshal(t.Call("newGame", []byte(`{"variant":"verkehren","seed":7,"seats":["person","greedy"]}`)), &s)
	json.Unmarshal(t.Call("advance", []byte(fmt.Sprintf(`{"handle":%d,"since":%d}`, s.Handle, s.Length))), &s)
	for _, step := range s.Log {
		fmt.Println(step.Index, step.Actor, step.Notation)
	}
	var legal session.LegalJSON
	json.Unmarshal(t.Call("legal", []byte(fmt.Sprintf(`{"handle":%d}`, s.Handle))), &legal)
	fmt.Println("seat 0 has", len(legal.Legal), "plays, the first", legal.Legal[0].Notation)

	// A wrong call is an error value with a stable name; the game is as it was.
	fmt.Println(string(t.Call("takeback", []byte(fmt.Sprintf(`{"handle":%d,"seat":257}`, s.Handle)))))
	// Output:
	// 0 -1 4-1
	// 1 -1 5-4
	// 2 -1 6-2
	// 3 1 1/3 1/7
	// 4 -1 5-2
	// seat 0 has 3 plays, the first 1/3 1/6
	// {"error":{"name":"ErrBadCall","message":"brettspiel: takeback \"257\": bad call: seats are 0…1"}}
}

// The typed methods are the same game for Go frontends.
func ExampleGame() {
	g, err := session.New(session.Config{Variant: "festung", Players: 3, Seed: session.SeedOf(1), Seats: []string{"person", "random", "random"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	steps, _ := g.Advance(context.Background(), 6)
	for _, s := range steps {
		fmt.Println(s.Notation, s.Events[0].Text)
	}
	g.Undo()
	s, _ := g.Throw()
	fmt.Println("thrown again after undo:", s.Notation)
	id, _ := g.PositionID()
	fmt.Println(id[:8])
	// Output:
	// 4/3-4 Player 1 throws 4 on the large die and 3 and 4 on the small dice.
	// 5/3-4 Player 2 throws 5 on the large die and 3 and 4 on the small dice.
	// 1/3-6 Player 3 throws 1 on the large die and 3 and 6 on the small dice.
	// 5/3-4 Player 1 throws 5 on the large die and 3 and 4 on the small dice.
	// 4/1-3 Player 2 throws 4 on the large die and 1 and 3 on the small dice.
	// 4/1-5 Player 3 throws 4 on the large die and 1 and 5 on the small dice.
	// thrown again after undo: 4/1-5
	// festung:
}

// A call within a context: one that has ended is refused with
// ErrCancelled and changes nothing; an advance stopped while it plays
// answers with the steps it made and why ("stopped"). By default an
// answer's log holds the steps its call played.
func ExampleTable_CallContext() {
	t := session.NewTable(session.Options{CallBudget: 30 * time.Second})
	var s session.StateJSON
	json.Unmarshal(t.Call("newGame", []byte(`{"variant":"verkehren","seed":7,"seats":["greedy","greedy"]}`)), &s)

	ended, cancel := context.WithCancel(context.Background())
	cancel()
	var failed struct{ Error session.ErrorJSON }
	json.Unmarshal(t.CallContext(ended, "advance", []byte(fmt.Sprintf(`{"handle":%d}`, s.Handle))), &failed)
	fmt.Println(failed.Error.Name)

	json.Unmarshal(t.CallContext(context.Background(), "advance", []byte(fmt.Sprintf(`{"handle":%d,"limit":3}`, s.Handle))), &s)
	fmt.Println("played", s.Played, "log from", s.Since, "of", len(s.Log), "steps; stopped early:", s.Stopped != "")
	// Output:
	// ErrCancelled
	// played 3 log from 0 of 3 steps; stopped early: false
}
