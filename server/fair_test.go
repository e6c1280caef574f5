package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/session"
)

// The maker of a game gets the commitment to its dice in the answer that
// makes it, before any throw: a watcher then sees a game of no steps, and
// the first throws come once a seat's holder is at the table, under the
// same commitment; a joiner gets it too.
func TestTheCommitmentPrecedesEveryThrow(t *testing.T) {
	_, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), loose())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, variant := range []string{"toccateglio", "verkehren", "festung"} {
		var c client.Created
		if err := client.Post(ctx, base, "/api/games", hub.CreateArgs{Variant: variant, Seats: []string{"person", "person"}}, &c); err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(c.Commitment) {
			t.Fatalf("%s: the creation's answer carries the commitment %q", variant, c.Commitment)
		}
		w, err := client.Dial(ctx, base, "")
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		if _, err := w.Hello(ctx, c.Game, "", 0); err != nil {
			t.Fatal(err)
		}
		if d := <-w.Deltas(); d.Length != 0 || d.Commitment != c.Commitment {
			t.Fatalf("%s: before any seat came, the game has %d steps, commitment %q", variant, d.Length, d.Commitment)
		}
		me, err := client.Dial(ctx, base, "")
		if err != nil {
			t.Fatal(err)
		}
		defer me.Close()
		if _, err := me.Hello(ctx, c.Game, c.Secret, 0); err != nil {
			t.Fatal(err)
		}
		if d := <-w.Deltas(); d.Length == 0 || d.Log[0].Actor != -1 || d.Commitment != c.Commitment {
			t.Errorf("%s: the first throws told: %d steps, %+v, commitment %q", variant, d.Length, d.Log, d.Commitment)
		}
		var j client.Joined
		if err := client.Post(ctx, base, "/api/join", map[string]any{"game": c.Game, "invite": c.Invites[0].Token}, &j); err != nil || j.Commitment != c.Commitment {
			t.Errorf("%s: the joiner's commitment %q (%v)", variant, j.Commitment, err)
		}
	}
}

// Alone against a bot, an undo of the throw the person is to play is
// answered with the game as it stands once the dice have thrown again,
// not with the throw still due.
func TestAnUndoIsAnsweredAsTheGameStands(t *testing.T) {
	_, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), loose())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, me := againstABot(t, ctx, base)
	raw, err := me.Call(ctx, "undo", map[string]any{"log": false})
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		State struct {
			Turn   string `json:"turn"`
			Player int    `json:"player"`
		} `json:"state"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	if s.State.Turn != "player" || s.State.Player != c.Seat {
		t.Errorf("the undo's answer: turn %q, player %d; want the person to move again", s.State.Turn, s.State.Player)
	}
}

// A game archived before its end keeps the proof of its dice in its
// record, as comment lines that every reader of records skips: the
// commitment given at the start, the seed and the salt, which check.
func TestAnArchivedGameKeepsItsProof(t *testing.T) {
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), loose())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, me := againstABot(t, ctx, base)
	for range 3 {
		mv, err := me.RandomMove(ctx, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := me.Call(ctx, "apply", map[string]any{"notation": mv, "log": false}); err != nil {
			t.Fatal(err)
		}
	}
	me.Close()
	rec := archived(t, s, c.Game)
	kept := map[string]string{}
	for _, line := range strings.Split(rec, "\n") {
		if k, v, ok := strings.Cut(strings.TrimPrefix(line, "# dice "), ": "); ok && strings.HasPrefix(line, "# dice ") {
			kept[k] = v
		}
	}
	if kept["commitment"] != c.Commitment || kept["seed"] == "" || kept["salt"] == "" {
		t.Fatalf("the archived record keeps %v; want the commitment %s, the seed and the salt:\n%s", kept, c.Commitment, rec)
	}
	seed, err := strconv.ParseUint(kept["seed"], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	check, err := session.VerifyDice(rec, session.DiceProof{Commitment: kept["commitment"], Seed: session.Seed(seed), Salt: kept["salt"]})
	if err != nil || !check.OK || check.Throws == 0 {
		t.Errorf("the kept proof: %+v, %v", check, err)
	}
	if python, err := exec.LookPath("python3"); err == nil {
		file := filepath.Join(t.TempDir(), "record.txt")
		os.WriteFile(file, []byte(rec), 0o600)
		cmd := exec.Command(python, filepath.Join("..", "doc", "verify_dice.py"), file)
		cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("the standalone verifier on the archived record alone: %v\n%s", err, out)
		}
	}
}

// againstABot makes a game of Verkehren of a person against a bot and
// seats its person on a connection of his own, closed with the test.
func againstABot(t *testing.T, ctx context.Context, base string) (client.Created, *client.Conn) {
	t.Helper()
	var c client.Created
	if err := client.Post(ctx, base, "/api/games", hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "greedy"}}, &c); err != nil {
		t.Fatal(err)
	}
	me, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { me.Close() })
	if _, err := me.Hello(ctx, c.Game, c.Secret, 0); err != nil {
		t.Fatal(err)
	}
	return c, me
}
