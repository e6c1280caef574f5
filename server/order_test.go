package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"
)

// An answer never comes before the changes it knows: a client told "your
// move is made" before the change that shows it would act on the old
// position. After each answer the client holds every change up to the
// answer's revision.
func TestAnAnswerFollowsItsChanges(t *testing.T) {
	_, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), loose())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, me := againstABot(t, ctx, base)
	seen := 0
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 30; i++ {
		mv, err := me.RandomMove(ctx, rng)
		if err != nil {
			break // the game is over
		}
		raw, err := me.Call(ctx, "apply", map[string]any{"notation": mv, "log": false, "legal": false})
		if err != nil {
			break
		}
		var a struct{ Rev int }
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatal(err)
		}
		for drained := false; !drained; {
			select {
			case d := <-me.Deltas():
				seen = max(seen, d.Rev)
			default:
				drained = true
			}
		}
		if seen < a.Rev {
			t.Fatalf("move %d: the answer of revision %d came before its changes (the last told: %d)", i, a.Rev, seen)
		}
	}
}
