package server

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/limit"
)

// The lobby lists the public games with a seat open, at most three of one
// address, and not a game whose seats are taken or a private one.
func TestLobbyListsAFewPublicGamesOfEachAddress(t *testing.T) {
	o := loose()
	o.Proxies, _ = limit.ParseProxies("127.0.0.1")
	_, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	ctx := context.Background()
	mk := func(from string, public bool) client.Created {
		var c client.Created
		if err := client.PostFrom(ctx, base, "/api/games", from, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}, Public: public}, &c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	for range 5 {
		mk("192.0.2.1", true)
	}
	other := mk("198.51.100.2", true)
	full := mk("198.51.100.3", true)
	join(t, base, full.Game, full.Invites[0].Token)
	mk("198.51.100.4", false)
	var lobby struct {
		Games []hub.LobbyGame `json:"games"`
	}
	text, err := client.Get(ctx, base, "/api/lobby")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(text), &lobby); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, g := range lobby.Games {
		seen[g.Game] = true
		if len(g.Open) != 1 || g.Open[0] != 1 {
			t.Errorf("game %.6s lists the open seats %v, want [1]", g.Game, g.Open)
		}
	}
	if len(lobby.Games) != 4 || !seen[other.Game] || seen[full.Game] {
		t.Fatalf("the lobby lists %d games (the other address's: %v, the full one: %v); want 3 of the flood's and the other's",
			len(lobby.Games), seen[other.Game], seen[full.Game])
	}
}
