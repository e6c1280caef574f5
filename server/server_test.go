package server

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/limit"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/sqlite"
	"github.com/brettspiel/brettspiel/server/ws"
	"github.com/brettspiel/brettspiel/session"
)

// testServer serves a server of the SQLite file path on loopback.
func testServer(t *testing.T, path string, o Options) (*Server, string) {
	t.Helper()
	st, err := sqlite.Open(path, "normal")
	if err != nil {
		t.Fatal(err)
	}
	return serveStore(t, st, o)
}

// loose are options whose limits a test's many calls from one address
// never reach.
func loose() Options {
	var l *slog.Logger
	if os.Getenv("BRETTSPIEL_SERVER_LOG") != "" {
		l = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return Options{WS: ws.Options{ConnRate: 10000}, Log: l, Hub: hub.Options{WaitingPerNet: 1000000},
		Limits: limit.Options{Rate: 10000, Burst: 10000, Conns: 1000, Games: 1000, GamesBurst: 1000}}
}

// serveStore serves a server of st on loopback.
func serveStore(t *testing.T, st store.Store, o Options) (*Server, string) {
	t.Helper()
	s, err := New(st, o)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		hs.CloseClientConnections()
		hs.Close()
		s.Shutdown()
	})
	return s, hs.URL
}

func create(t *testing.T, base string, a hub.CreateArgs) client.Created {
	t.Helper()
	var c client.Created
	if err := client.Post(context.Background(), base, "/api/games", a, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func join(t *testing.T, base, game, invite string) client.Joined {
	t.Helper()
	var j client.Joined
	if err := client.Post(context.Background(), base, "/api/join", map[string]any{"game": game, "invite": invite}, &j); err != nil {
		t.Fatal(err)
	}
	return j
}

// player plays the seat of secret with random legal moves until the game
// is over (or stop steps of its own are played), and returns its copy of
// the log.
func player(ctx context.Context, base, game, secret string, seed uint64, stop int) (*client.Mirror, error) {
	cn, err := client.Dial(ctx, base, "")
	if err != nil {
		return nil, err
	}
	defer cn.Close()
	seat, err := cn.Hello(ctx, game, secret, 0)
	if err != nil {
		return nil, err
	}
	return playOn(ctx, cn, seat, &client.Mirror{}, rand.New(rand.NewPCG(seed, 1)), stop)
}

func playOn(ctx context.Context, cn *client.Conn, seat int, m *client.Mirror, rng *rand.Rand, stop int) (*client.Mirror, error) {
	played := 0
	for {
		select {
		case d, ok := <-cn.Deltas():
			if !ok {
				return m, client.ErrClosed
			}
			if err := m.Apply(d); err != nil {
				return m, err
			}
			if m.Over {
				return m, nil
			}
			if m.ToMove != seat || len(cn.Deltas()) > 0 {
				continue
			}
			if played == stop {
				return m, nil
			}
			// a random play, conceding only when nothing else is legal
			mv, err := cn.RandomMove(ctx, rng)
			if err != nil {
				return m, err
			}
			if _, err := cn.Call(ctx, "apply", map[string]any{"notation": mv, "log": false, "legal": false}); err != nil {
				return m, err
			}
			played++
		case <-ctx.Done():
			return m, ctx.Err()
		}
	}
}

// watcher follows a game until it is over.
func watcher(ctx context.Context, base, game string) (*client.Mirror, error) {
	cn, err := client.Dial(ctx, base, "")
	if err != nil {
		return nil, err
	}
	defer cn.Close()
	if _, err := cn.Hello(ctx, game, "", 0); err != nil {
		return nil, err
	}
	m := &client.Mirror{}
	seen := map[int]bool{}
	for {
		select {
		case d, ok := <-cn.Deltas():
			if !ok {
				return m, client.ErrClosed
			}
			if seen[d.Rev] {
				return m, errors.New("a revision told twice")
			}
			seen[d.Rev] = true
			if err := m.Apply(d); err != nil {
				return m, err
			}
			if m.Over {
				return m, nil
			}
		case <-ctx.Done():
			return m, ctx.Err()
		}
	}
}

// replayed is the notations of a record's steps, played again by the session.
func replayed(t *testing.T, record string) []string {
	t.Helper()
	g, err := session.LoadRecord(record, session.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range g.Log(0) {
		out = append(out, s.Notation)
	}
	return out
}

// Two people with their own secrets play a whole game of each variant
// through the server while a watcher follows; all three see every step in
// order, and the record stored when the game is archived is the game.
func TestTwoPeoplePlayEveryVariantWatched(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, base := testServer(t, path, loose())
	playEveryVariant(t, s, base)
}

func playEveryVariant(t *testing.T, s *Server, base string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for i, v := range catalog.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			c := create(t, base, hub.CreateArgs{Variant: v.Name, Seats: []string{"person", "person"}})
			if len(c.Invites) != 1 || len(c.Game) < 22 || len(c.Invites[0].Token) < 22 {
				t.Fatalf("created %+v: want one invitation and ids of 128 bits", c)
			}
			j := join(t, base, c.Game, c.Invites[0].Token)
			if j.Secret == c.Secret || j.Seat == c.Seat {
				t.Fatalf("the second seat %+v is the first's", j)
			}
			var wg sync.WaitGroup
			mirrors := make([]*client.Mirror, 3)
			errs := make([]error, 3)
			wg.Add(3)
			go func() { defer wg.Done(); mirrors[0], errs[0] = watcher(ctx, base, c.Game) }()
			go func() { defer wg.Done(); mirrors[1], errs[1] = player(ctx, base, c.Game, c.Secret, uint64(i), -1) }()
			go func() { defer wg.Done(); mirrors[2], errs[2] = player(ctx, base, c.Game, j.Secret, uint64(i+10), -1) }()
			wg.Wait()
			for k, err := range errs {
				if err != nil {
					t.Errorf("client %d: %v (at %d steps, to move %d, last %q)", k, err, len(mirrors[k].Log), mirrors[k].ToMove, mirrors[k].Notations()[max(0, len(mirrors[k].Log)-4):])
				}
			}
			want := mirrors[0].Notations()
			for k, m := range mirrors[1:] {
				if !slices.Equal(m.Notations(), want) || m.Rev != mirrors[0].Rev {
					t.Fatalf("player %d saw %d steps (rev %d), the watcher %d (rev %d)", k, len(m.Log), m.Rev, len(want), mirrors[0].Rev)
				}
			}
			if mirrors[0].Ending == "" {
				t.Errorf("the watcher saw no ending")
			}
			rec := archived(t, s, c.Game)
			if got := replayed(t, rec); !slices.Equal(got, want) {
				t.Fatalf("the stored record replays %d steps, the game had %d", len(got), len(want))
			}
			t.Logf("%s: %d steps, rev %d: %s %q", v.Name, len(want), mirrors[0].Rev, mirrors[0].Ending, want[max(0, len(want)-3):])
		})
	}
}

// archived archives the game of id and returns its stored record.
func archived(t *testing.T, s *Server, id string) string {
	t.Helper()
	ctx := context.Background()
	if err := s.Hub().Archive(ctx, id); err != nil {
		t.Fatalf("archiving: %v", err)
	}
	rec, err := s.Hub().Record(ctx, id)
	if err != nil || rec == "" {
		t.Fatalf("the archived game has no record: %v", err)
	}
	if _, _, err := s.Hub().Watch(id, "", 0); !errors.Is(err, hub.ErrUnknownGame) {
		t.Fatalf("the archived game is still open: %v", err)
	}
	return rec
}

// record returns the stored record of the game of id.
func (s *Server) record(ctx context.Context, id string) (string, error) {
	return s.Hub().Record(ctx, id)
}

// withStatic is loose() serving the page of static.
func withStatic(static http.Handler) Options {
	o := loose()
	o.Static = static
	return o
}
