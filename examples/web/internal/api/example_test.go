package api_test

import (
	"encoding/json"
	"fmt"

	"github.com/brettspiel/brettspiel/examples/web/internal/api"
)

// The page's calls, as JavaScript makes them through the WebAssembly: a
// seeded game, a throw, the first step of a play and the move it leads to,
// and a call that is wrong in itself.
func ExampleAPI_Call() {
	a := api.New()
	var s api.StateJSON
	json.Unmarshal(a.Call("newGame", []byte(`{"variant": "verkehren", "seed": 7}`)), &s)
	for _, step := range []string{"throw", "throw", "throw"} {
		json.Unmarshal(a.Call(step, []byte(fmt.Sprintf(`{"handle": %d}`, s.Handle))), &s)
		fmt.Println(step, s.Move)
	}
	// Player 2 (seat 1) plays 6-2 one stone at a time, in absolute points.
	var next api.NextJSON
	steps := `[{"from": 13, "to": 19}]`
	json.Unmarshal(a.Call("nextSteps", []byte(fmt.Sprintf(`{"handle": %d, "steps": %s}`, s.Handle, steps))), &next)
	fmt.Printf("after 13→19: %d next steps, complete %q\n", len(next.Next), next.Complete)
	steps = `[{"from": 13, "to": 19}, {"from": 19, "to": 21}]`
	json.Unmarshal(a.Call("nextSteps", []byte(fmt.Sprintf(`{"handle": %d, "steps": %s}`, s.Handle, steps))), &next)
	// The move is the one legal move that ends where the steps end, written
	// in its canonical notation, and its events say how it is recorded.
	fmt.Printf("after 19→21: complete %q\n", next.Complete)
	json.Unmarshal(a.Call("apply", []byte(fmt.Sprintf(`{"handle": %d, "notation": %q}`, s.Handle, next.Complete))), &s)
	for _, e := range s.Log[len(s.Log)-1].Events {
		fmt.Println(e.Text)
	}
	var bad struct{ Error api.ErrorJSON }
	json.Unmarshal(a.Call("state", []byte(`{"handle": "one"}`)), &bad)
	fmt.Println(bad.Error.Name)
	// Output:
	// throw 4-1
	// throw 5-4
	// throw 6-2
	// after 13→19: 2 next steps, complete ""
	// after 19→21: complete "1/3 3/9"
	// Player 2 moves a stone from 13 to 15 (2).
	// Player 2 moves a stone from 15 to 21 (6).
	// ErrBadCall
}
