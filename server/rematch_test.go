package server

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
)

// Two people named at their seats play a game; each sees both names.
// After it, both ask for a rematch: the first makes it, the second joins
// it, the seats are swapped, the watchers of the old game learn of the new
// one, and a rematch before the end is refused.
func TestNamesAndARematchWithTheSeatsSwapped(t *testing.T) {
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), loose())
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var c client.Created
	if err := client.Post(ctx, base, "/api/games", hub.CreateArgs{Variant: "toccateglio", Seats: []string{"person", "person"}, Name: "Anna"}, &c); err != nil {
		t.Fatal(err)
	}
	var j client.Joined
	if err := client.Post(ctx, base, "/api/join", map[string]any{"game": c.Game, "invite": c.Invites[0].Token, "name": "Bernd"}, &j); err != nil {
		t.Fatal(err)
	}
	var r client.Created
	if err := client.Post(ctx, base, "/api/rematch", map[string]any{"game": c.Game, "secret": c.Secret}, &r); errName(err) != "ErrNotOver" {
		t.Fatalf("a rematch before the end: %v", err)
	}
	w, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Hello(ctx, c.Game, "", 0); err != nil {
		t.Fatal(err)
	}
	first := <-w.Deltas()
	names := map[int]string{c.Seat: "Anna", j.Seat: "Bernd"}
	for seat, name := range names {
		if seat >= len(first.Names) || first.Names[seat] != name {
			t.Fatalf("the watcher's names %q, want %q at seat %d", first.Names, name, seat)
		}
	}
	errs := make(chan error, 2)
	for k, secret := range []string{c.Secret, j.Secret} {
		go func() {
			_, err := player(ctx, base, c.Game, secret, uint64(k+3), -1)
			errs <- err
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if err := client.Post(ctx, base, "/api/rematch", map[string]any{"game": c.Game, "secret": c.Secret}, &r); err != nil {
		t.Fatal(err)
	}
	var r2 client.Created
	if err := client.Post(ctx, base, "/api/rematch", map[string]any{"game": c.Game, "secret": j.Secret}, &r2); err != nil {
		t.Fatal(err)
	}
	if r2.Game != r.Game || r.Seat != j.Seat || r2.Seat != c.Seat || r.Secret == r2.Secret {
		t.Fatalf("the rematch: %+v and %+v; want one game, seats %d and %d swapped", r, r2, c.Seat, j.Seat)
	}
	// both hold the rematch's commitment from its answer: its maker and the
	// other, who joins it
	if len(r.Commitment) != 64 || r2.Commitment != r.Commitment {
		t.Fatalf("the rematch's commitments %q and %q: want one, in both answers", r.Commitment, r2.Commitment)
	}
	for d := range w.Deltas() {
		if d.Next != "" {
			if d.Next != r.Game {
				t.Fatalf("the old game names %q as its next, want %q", d.Next, r.Game)
			}
			break
		}
	}
	if err := client.Post(ctx, base, "/api/rematch", map[string]any{"game": c.Game, "secret": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}, &r); errName(err) != "ErrBadSecret" {
		t.Fatalf("a rematch by a stranger: %v", err)
	}
	// the new game plays, each person at his new seat
	for k, secret := range []string{r.Secret, r2.Secret} {
		go func() {
			_, err := player(ctx, base, r.Game, secret, uint64(k+7), -1)
			errs <- err
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if n := s.Hub().Games(); n != 2 {
		t.Fatalf("%d games held, want 2", n)
	}
}
