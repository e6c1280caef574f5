package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
)

// logBuffer keeps the lines of a logger, written from any goroutine.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// records returns the records logged, each a JSON object's keys.
func (b *logBuffer) records(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for line := range strings.Lines(b.String()) {
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("a line of the log that is no JSON record: %q", line)
		}
		out = append(out, r)
	}
	return out
}

// jsonLog returns a logger of every level, as -log-level debug
// -log-format json makes it, and what it wrote.
func jsonLog(t *testing.T) (*slog.Logger, *logBuffer) {
	t.Helper()
	var b logBuffer
	l, err := NewLogger(&b, "debug", "json")
	if err != nil {
		t.Fatal(err)
	}
	return l, &b
}

// The server logs records of log/slog, with a level and fields: a game
// made names the game and the network that made it; a network refused
// for its games made is a warning that names the network.
func TestTheLogIsRecordsWithFields(t *testing.T) {
	o := loose()
	l, buf := jsonLog(t)
	o.Log = l
	o.Limits.Games, o.Limits.GamesBurst = 0.001, 1
	_, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	c := create(t, base, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	var refused client.Created
	if err := client.Post(context.Background(), base, "/api/games", hub.CreateArgs{Variant: "verkehren"}, &refused); errName(err) != "ErrTooManyGames" {
		t.Fatalf("the second game: %v, want ErrTooManyGames", err)
	}
	var made, bound map[string]any
	for _, r := range buf.records(t) {
		switch r["msg"] {
		case "game made":
			made = r
		case "a network at its bound":
			bound = r
		}
	}
	if made == nil || made["level"] != "DEBUG" || made["game"] != c.Game[:8] || made["net"] != "127.0.0.1/32" || made["variant"] != "verkehren" {
		t.Errorf("the record of the game made: %v", made)
	}
	if bound == nil || bound["level"] != "WARN" || bound["net"] != "127.0.0.1/32" || bound["bound"] != "games made" {
		t.Errorf("the record of the refusal: %v", bound)
	}
	for _, bad := range [][2]string{{"loud", "text"}, {"info", "xml"}} {
		if _, err := NewLogger(&bytes.Buffer{}, bad[0], bad[1]); err == nil {
			t.Errorf("the level %q, format %q taken", bad[0], bad[1])
		}
	}
}

// No record of the log, at any level, carries a seat's secret, an
// invitation, a game's whole id, or its dice's seed or salt, through a
// game of owned seats made, joined, watched, played to its end (the seed
// revealed), rematched and archived.
func TestNoSecretInTheLog(t *testing.T) {
	o := loose()
	l, buf := jsonLog(t)
	o.Log = l
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := create(t, base, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}, Name: "Anna"})
	j := join(t, base, c.Game, c.Invites[0].Token)
	w, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Hello(ctx, c.Game, "", 0); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 2)
	for k, secret := range []string{c.Secret, j.Secret} {
		go func() {
			_, err := player(ctx, base, c.Game, secret, uint64(k+21), -1)
			errs <- err
		}()
	}
	var seed, salt string
	for d := range w.Deltas() {
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
	var r client.Created
	if err := client.Post(ctx, base, "/api/rematch", map[string]any{"game": c.Game, "secret": c.Secret}, &r); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{c.Game, r.Game} {
		if err := s.Hub().Archive(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	secrets := map[string]string{"the creator's secret": c.Secret, "the invitation": c.Invites[0].Token,
		"the joiner's secret": j.Secret, "the game's id": c.Game, "the seed": seed, "the salt": salt,
		"the rematch's id": r.Game, "the rematch's secret": r.Secret}
	log := buf.String()
	for what, secret := range secrets {
		if strings.Contains(log, secret) {
			t.Errorf("the log carries %s", what)
		}
	}
	// the log said what happened, by the game's first characters
	games := map[string]int{}
	for _, rec := range buf.records(t) {
		if g, ok := rec["game"].(string); ok {
			games[g]++
		}
	}
	if games[c.Game[:8]] < 4 || games[r.Game[:8]] < 2 {
		t.Errorf("the records of the games: %v; want the game's making, claim, connections and archiving", games)
	}
}
