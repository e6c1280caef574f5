package server

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
)

// Nobody at the table can foresee the dice through the server: while the
// game runs no delta and no answer a player or a watcher gets carries the
// seed or the salt, only the commitment; the change that ends the game
// reveals them, and verifyDice finds the stored record true to the
// commitment.
func TestNobodyForeseesTheDiceThroughTheServer(t *testing.T) {
	_, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), loose())
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := create(t, base, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	j := join(t, base, c.Game, c.Invites[0].Token)
	w, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Hello(ctx, c.Game, "", 0); err != nil {
		t.Fatal(err)
	}
	p, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Hello(ctx, c.Game, c.Secret, 0); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"state", "legal", "hint", "saveRecord", "plan", "positionID"} {
		ans, err := p.Call(ctx, m, nil)
		if err != nil && m != "plan" {
			t.Fatalf("%s: %v", m, err)
		}
		if s := string(ans); strings.Contains(s, `"seed"`) || strings.Contains(s, `"salt"`) || strings.Contains(s, "# seed") {
			t.Fatalf("the answer of %s names the seed or the salt: %.300s", m, s)
		}
	}
	errs := make(chan error, 2)
	for k, secret := range []string{c.Secret, j.Secret} {
		go func() {
			_, err := player(ctx, base, c.Game, secret, uint64(k+11), -1)
			errs <- err
		}()
	}
	var commitment, seed, salt string
	for d := range w.Deltas() {
		if d.Commitment == "" {
			t.Fatalf("a delta without the commitment: %+v", d)
		}
		commitment = d.Commitment
		if d.Ending == "" && (d.Seed != "" || d.Salt != "") {
			t.Fatalf("a delta before the end reveals the dice: %+v", d)
		}
		if d.Ending != "" {
			seed, salt = d.Seed, d.Salt
			break
		}
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if seed == "" || salt == "" {
		t.Fatal("the end revealed no seed or salt")
	}
	rec, err := client.Get(ctx, base, "/api/games/"+c.Game+"/record")
	if err != nil {
		t.Fatal(err)
	}
	ans, err := w.Call(ctx, "verifyDice", map[string]any{"text": rec, "commitment": commitment, "seed": seed, "salt": salt})
	if err != nil {
		t.Fatal(err)
	}
	var check struct {
		OK     bool `json:"ok"`
		Throws int  `json:"throws"`
	}
	if json.Unmarshal(ans, &check); !check.OK || check.Throws == 0 {
		t.Fatalf("verifyDice: %s", ans)
	}
}
