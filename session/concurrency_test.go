package session

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"pgregory.net/rapid"
)

// Goroutines that play one game each and share another, with the table
// filling and emptying beside them, keep the contract: every answer is an
// answer of the schema, each game's length is the number of its steps that
// were played, and (under -race) nothing races.
func TestConcurrentCalls(t *testing.T) {
	tab := NewTable(Options{MaxGames: 8})
	envelope := schemaOf(t)
	var shared StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "toccateglio", "seed": 5}, &shared)
	var wg sync.WaitGroup
	var mu sync.Mutex
	sharedSteps := 0
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var own StateJSON
			out := tab.Call("newGame", []byte(fmt.Sprintf(`{"variant":"verkehren","seed":%d,"seats":["greedy","random"]}`, w)))
			if err := json.Unmarshal(out, &own); err != nil || own.Handle == 0 {
				t.Errorf("worker %d: %s", w, out)
				return
			}
			for i := 0; i < 10; i++ {
				for _, c := range []struct{ method, args string }{
					{"advance", fmt.Sprintf(`{"handle":%d,"limit":3,"log":false}`, own.Handle)},
					{"throw", fmt.Sprintf(`{"handle":%d,"log":false}`, shared.Handle)},
					{"newGame", `{"variant":"festung"}`},
					{"state", fmt.Sprintf(`{"handle":%d,"since":1000}`, shared.Handle)},
				} {
					out := tab.Call(c.method, []byte(c.args))
					if err := validate(envelope, out); err != nil {
						t.Errorf("%s: %v", c.method, err)
						return
					}
					var r struct {
						Handle int
						Move   string
						Error  *ErrorJSON
					}
					json.Unmarshal(out, &r)
					switch {
					case c.method == "newGame" && r.Error == nil:
						tab.Call("close", []byte(fmt.Sprintf(`{"handle":%d}`, r.Handle)))
					case c.method == "newGame" && r.Error.Name != "ErrTableFull":
						t.Errorf("newGame: %+v", r.Error)
					case c.method == "throw" && r.Error == nil:
						mu.Lock()
						sharedSteps++
						mu.Unlock()
						// a person's move after the throw, if it is the
						// shared game's seat's turn, by the first legal
						tab.Call("apply", []byte(fmt.Sprintf(`{"handle":%d,"notation":"pass","log":false}`, shared.Handle)))
					}
				}
			}
			if out := tab.Call("close", []byte(fmt.Sprintf(`{"handle":%d}`, own.Handle))); string(out) != "{}" {
				t.Errorf("close: %s", out)
			}
		}(w)
	}
	wg.Wait()
	var end StateJSON
	call(t, tab, "state", map[string]any{"handle": shared.Handle, "since": 0}, &end)
	throws := 0
	for _, s := range end.Log {
		if s.Actor == -1 {
			throws++
		}
	}
	if throws != sharedSteps {
		t.Errorf("the shared game has %d throws, %d were answered", throws, sharedSteps)
	}
	if tab.Len() != 1 {
		t.Errorf("%d games left, want the shared one", tab.Len())
	}
}

// A random walk of calls on one game agrees with a brettspiel.History
// driven directly: the same position ID and length after every call, and a
// refused call changes nothing.
func TestCallsAgreeWithHistory(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		variant := rapid.SampledFrom([]string{"toccateglio", "verkehren", "festung"}).Draw(rt, "variant")
		seed := rapid.Uint64().Draw(rt, "seed")
		tab := NewTable(Options{})
		var s StateJSON
		json.Unmarshal(tab.Call("newGame", []byte(fmt.Sprintf(`{"variant":%q,"seed":"%d"}`, variant, seed))), &s)
		h, err := catalog.NewHistory(variant, "", 0)
		if err != nil {
			rt.Fatal(err)
		}
		for i := 0; i < 25; i++ {
			op := rapid.SampledFrom([]string{"throw", "apply", "undo", "redo", "takeback", "advance", "bad"}).Draw(rt, "op")
			args := fmt.Sprintf(`{"handle":%d,"log":false}`, s.Handle)
			ok := false
			switch op {
			case "throw":
				if h.ToMove() == brettspiel.Chance {
					m, _ := brettspiel.SampleChance(h.Game(), Rand(seed, h.Len(), Dice))
					ok = h.Apply(m) == nil
				}
			case "apply":
				g := h.Game()
				if p := g.ToMove(); p >= 0 {
					legal := g.LegalMoves()
					m := legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "move")]
					args = fmt.Sprintf(`{"handle":%d,"notation":%q,"log":false}`, s.Handle, g.MoveString(m))
					ok = h.Apply(m) == nil
				}
			case "undo":
				ok = h.Undo()
			case "redo":
				ok = h.Redo()
			case "takeback":
				seat := rapid.IntRange(0, 1).Draw(rt, "seat")
				args = fmt.Sprintf(`{"handle":%d,"seat":%d,"log":false}`, s.Handle, seat)
				ok = h.Takeback(brettspiel.Player(seat)) > 0
			case "advance":
				// people on every seat: advance throws until a seat is to move
				for h.ToMove() == brettspiel.Chance {
					m, _ := brettspiel.SampleChance(h.Game(), Rand(seed, h.Len(), Dice))
					h.Apply(m)
				}
				ok = true
			case "bad":
				args = fmt.Sprintf(`{"handle":%d,"handle":%d}`, s.Handle, s.Handle)
				op = "throw"
			}
			out := tab.Call(op, []byte(args))
			var r struct {
				StateJSON
				Error *ErrorJSON
			}
			if err := json.Unmarshal(out, &r); err != nil {
				rt.Fatal(err)
			}
			if ok != (r.Error == nil) {
				rt.Fatalf("%s(%s): model ok %v, answer %.300s", op, args, ok, out)
			}
			var now StateJSON
			json.Unmarshal(tab.Call("state", []byte(fmt.Sprintf(`{"handle":%d,"log":false}`, s.Handle))), &now)
			var st struct{ ID string }
			json.Unmarshal(now.State, &st)
			want, _ := positionID(h.Game())
			if st.ID != want || now.Length != h.Len() {
				rt.Fatalf("after %s: %s at %d, model %s at %d", op, st.ID, now.Length, want, h.Len())
			}
		}
	})
}
