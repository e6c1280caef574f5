package session_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// A game for two people at two screens: each claims a seat and acts with
// its secret; a caller without one only watches.
func ExampleTable_Call_owned() {
	t := session.NewTable(session.Options{})
	var s session.StateJSON
	json.Unmarshal(t.Call("newGame", []byte(`{"variant":"toccateglio","seed":2,"owned":true}`)), &s)
	var alice, bob session.ClaimJSON
	json.Unmarshal(t.Call("claim", []byte(fmt.Sprintf(`{"handle":%d,"seat":0}`, s.Handle))), &alice)
	json.Unmarshal(t.Call("claim", []byte(fmt.Sprintf(`{"handle":%d,"seat":1}`, s.Handle))), &bob)
	fmt.Println("claimed:", s.Owned, len(alice.Secret) >= 22, alice.Secret != bob.Secret)

	// a watcher cannot throw; a seat's holder can
	var e struct{ Error session.ErrorJSON }
	json.Unmarshal(t.Call("throw", []byte(fmt.Sprintf(`{"handle":%d}`, s.Handle))), &e)
	fmt.Println(e.Error.Name)
	json.Unmarshal(t.Call("throw", []byte(fmt.Sprintf(`{"handle":%d,"secret":%q}`, s.Handle, bob.Secret))), &s)
	fmt.Println("thrown:", s.Move)
	// Output:
	// claimed: true true true
	// ErrNoSecret
	// thrown: 5-5
}

// A watcher gets every change of the game as a small delta: here the
// catch-up from the start, two steps, and an undo that cuts the log back.
func ExampleGame_Watch() {
	g, _ := session.New(session.Config{Variant: "verkehren", Seed: session.SeedOf(7), Seats: []string{"greedy", "greedy"}})
	w, _ := g.Watch(0)
	defer w.Close()
	show := func() {
		d, _ := w.Next(context.Background())
		fmt.Printf("rev %d: log kept to %d, %d new, length %d\n", d.Rev, d.From, len(d.Log), d.Length)
	}
	show()
	g.Advance(context.Background(), 2)
	g.Undo()
	for range 3 {
		show()
	}
	// Output:
	// rev 0: log kept to 0, 0 new, length 0
	// rev 1: log kept to 0, 1 new, length 1
	// rev 2: log kept to 1, 1 new, length 2
	// rev 3: log kept to 1, 0 new, length 1
}

// A snapshot keeps everything of a game at a table, the steps to redo and
// the seed included; the restored game throws the same dice next.
func ExampleGame_Snapshot() {
	g, _ := session.New(session.Config{Variant: "festung", Players: 3, Seed: session.SeedOf(5), Seats: []string{"random", "random", "random"}})
	g.Advance(context.Background(), 10)
	g.Undo()
	snap, _, _ := g.Snapshot()
	r, err := session.Restore(snap)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := g.Throw()
	b, _ := r.Throw()
	fmt.Println(r.Len(), a.Notation == b.Notation)
	// Output:
	// 10 true
}

// A clock with a delay of 10 s and a reserve of a minute: 25 s for a
// decision cost 15 s of the reserve of the seat that decided (here seat
// 1). Time is injected, as in a test.
func ExampleTimeControl() {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	g, _ := session.New(session.Config{Variant: "verkehren", Seed: session.SeedOf(3), Clock: &session.TimeControl{DelayMillis: 10000, ReserveMillis: 60000},
		Now: func() time.Time { return now }})
	g.Advance(context.Background(), 0) // throws until a person is to move
	deadline, _ := g.Deadline()
	fmt.Println("runs out in", deadline.Sub(now))
	now = now.Add(25 * time.Second)
	g.Play(g.Position().LegalMoves()[0])
	t := session.NewTable(session.Options{})
	h, _ := t.Add(g)
	var s session.StateJSON
	json.Unmarshal(t.Call("state", []byte(fmt.Sprintf(`{"handle":%d,"log":false}`, h))), &s)
	fmt.Println("reserves:", s.Clock.ReserveMillis)
	// Output:
	// runs out in 1m10s
	// reserves: [60000 45000]
}
