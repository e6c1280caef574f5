package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
)

// process is the server binary running as a process of its own.
type process struct {
	cmd  *exec.Cmd
	base string
}

// startServer starts the server binary on a free port of loopback with
// the storage of store (its flags), its log to stderr, and returns once it
// serves.
func startServer(t *testing.T, bin string, stderr io.Writer, store ...string) *process {
	t.Helper()
	args := append([]string{"-addr", "127.0.0.1:0", "-idle", "0",
		"-conn-rate", "10000", "-addr-rate", "100000", "-games-per-hour", "1000000", "-waiting-per-net", "1000000", "-no-page"}, store...)
	cmd := exec.Command(bin, args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the server did not start: %v", err)
	}
	scheme, rest, _ := strings.Cut(line, "://")
	scheme = scheme[strings.LastIndex(scheme, " ")+1:]
	host, _, _ := strings.Cut(rest, "/")
	go func() { // keep reading, so that the server never blocks on its output
		buf := make([]byte, 4096)
		for {
			if _, err := out.Read(buf); err != nil {
				return
			}
		}
	}()
	return &process{cmd: cmd, base: scheme + "://" + host}
}

// buildServer builds the server binary into a temporary folder.
func buildServer(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "server")
	build := exec.Command("go", "build", "-o", bin, "./cmd/brettspiel-server")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatal(err)
	}
	return bin
}

// acked is a move the server answered: it is stored.
type acked struct {
	index    int
	notation string
}

// resilient plays a seat (or watches, secret "") through connections to
// the server wherever it is now (base), reconnecting after each drop and
// catching up from the last revision it has, until the game is over.
func resilient(ctx context.Context, base func() string, game, secret string, seed uint64, ack *[]acked) (*client.Mirror, error) {
	m := &client.Mirror{}
	rng := rand.New(rand.NewPCG(seed, 3))
	for ctx.Err() == nil {
		cn, err := client.Dial(ctx, base(), "")
		if err != nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		seat, err := cn.Hello(ctx, game, secret, m.Rev)
		if err != nil {
			cn.Close()
			var e *client.Error
			if errors.As(err, &e) {
				return m, err
			}
			continue
		}
		err = playAcked(ctx, cn, seat, m, rng, ack)
		cn.Close()
		if testing.Verbose() {
			fmt.Fprintf(os.Stderr, "game %.6s seat %d: %v at %d steps rev %d\n", game, seat, err, len(m.Log), m.Rev)
		}
		if m.Over {
			return m, nil
		}
		var e *client.Error
		if errors.As(err, &e) && e.Name != "ErrStopping" && e.Name != "ErrStorage" {
			return m, err
		}
	}
	return m, ctx.Err()
}

// playAcked is playOn keeping the moves answered.
func playAcked(ctx context.Context, cn *client.Conn, seat int, m *client.Mirror, rng *rand.Rand, ack *[]acked) error {
	for {
		select {
		case d, ok := <-cn.Deltas():
			if !ok {
				return client.ErrClosed
			}
			if err := m.Apply(d); err != nil {
				return fmt.Errorf("%w: %v", errGap, err)
			}
			if m.Over {
				return nil
			}
			if seat < 0 || m.ToMove != seat || len(cn.Deltas()) > 0 {
				continue
			}
			mv, err := cn.RandomMove(ctx, rng)
			if err != nil {
				return err
			}
			a, err := cn.Call(ctx, "apply", map[string]any{"notation": mv, "log": false, "legal": false})
			if err != nil {
				return err
			}
			var st struct {
				Length int `json:"length"`
			}
			json.Unmarshal(a, &st)
			*ack = append(*ack, acked{st.Length - 1, mv})
			answered.Add(1)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

var errGap = errors.New("a gap in the deltas")

// playResilient makes a game of each variant through makeOn, its second
// person's seat claimed through joinOn, and plays it with a resilient
// client for each of seats (−1 watches, 0 the maker's seat, 1 the
// other's), client k connecting through bases[k]. wg is done when every
// client has ended; runs[i][k] is then what client k of game i saw.
func playResilient(t *testing.T, ctx context.Context, wg *sync.WaitGroup, makeOn, joinOn string, seats []int, bases []func() string) (games []string, runs [][]seatRun) {
	t.Helper()
	for i, v := range catalog.Variants() {
		c := create(t, makeOn, hub.CreateArgs{Variant: v.Name, Seats: []string{"person", "person"}})
		j := join(t, joinOn, c.Game, c.Invites[0].Token)
		games = append(games, c.Game)
		runs = append(runs, make([]seatRun, len(seats)))
		for k, seat := range seats {
			secret := [...]string{"", c.Secret, j.Secret}[seat+1]
			r := &runs[i][k]
			wg.Add(1)
			go func() {
				defer wg.Done()
				r.m, r.err = resilient(ctx, bases[k], c.Game, secret, uint64(10*i+k), &r.ack)
			}()
		}
	}
	return games, runs
}

// seatRun is what a resilient client of a game played and saw.
type seatRun struct {
	m   *client.Mirror
	ack []acked
	err error
}

// checkRuns checks the clients of a game against each other and against
// its stored record, fetched from base: each ended without an error and
// saw the game the first saw, every move answered is in it at its index,
// and the record replays it. It returns the first's mirror.
func checkRuns(t *testing.T, ctx context.Context, name string, runs []seatRun, base, game string) *client.Mirror {
	t.Helper()
	want := runs[0].m
	for k, r := range runs {
		if r.err != nil {
			t.Fatalf("%s, client %d: %v", name, k, r.err)
		}
		if strings.Join(r.m.Notations(), " ") != strings.Join(want.Notations(), " ") {
			t.Fatalf("%s: client %d saw another game than client 0", name, k)
		}
		for _, a := range r.ack {
			if a.index >= len(want.Log) || want.Log[a.index].Notation != a.notation {
				t.Fatalf("%s: the move %q answered at step %d is not in the game", name, a.notation, a.index)
			}
		}
	}
	rec, err := fetchRecord(ctx, base, game)
	if err != nil {
		t.Fatal(err)
	}
	if got := replayed(t, rec); strings.Join(got, " ") != strings.Join(want.Notations(), " ") {
		t.Fatalf("%s: the stored record replays %d steps, the game had %d", name, len(got), len(want.Log))
	}
	return want
}

// answered counts the moves answered, for the restart test to kill the
// server once the games are under way.
var answered atomic.Int64

// The restart test: the server process is killed with SIGKILL in the
// middle of three games (one of each variant, two people and a watcher
// each), started again on the same file, and the clients reconnect by
// themselves and finish; every move the server answered is in the game,
// and each stored record is what the players saw.
func TestKilledServerLosesNothing(t *testing.T) { restartUnderPlay(t, syscall.SIGKILL, nil) }

// The same with SIGTERM: the server stops cleanly (exit status 0), the
// calls under way answered and stored, and the pages carry on.
func TestStoppedServerLosesNothing(t *testing.T) { restartUnderPlay(t, syscall.SIGTERM, nil) }

// The same with the games in PostgreSQL: a server killed with SIGKILL in
// the middle of three games, started again on the database.
func TestKilledServerLosesNothingOnPostgres(t *testing.T) {
	_, dsn := pgDatabase(t)
	restartUnderPlay(t, syscall.SIGKILL, []string{"-postgres", dsn})
}

// restartUnderPlay is the test of a restart: with the store of the flags
// given, a SQLite file of its own for none.
func restartUnderPlay(t *testing.T, sig syscall.Signal, store []string) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	answered.Store(0)
	bin := buildServer(t)
	if store == nil {
		store = []string{"-db", filepath.Join(t.TempDir(), "games.db"), "-sync", "full"}
	}
	start := func() *process { return startServer(t, bin, os.Stderr, store...) }
	var mu sync.Mutex
	p := start()
	defer func() {
		mu.Lock()
		p.cmd.Process.Kill()
		p.cmd.Wait()
		mu.Unlock()
	}()
	base := func() string { mu.Lock(); defer mu.Unlock(); return p.base }
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	variants := catalog.Variants()
	var wg sync.WaitGroup
	games, runs := playResilient(t, ctx, &wg, p.base, p.base, []int{-1, 0, 1}, []func() string{base, base, base})
	// kill -9 once the games are under way
	for answered.Load() < 24 && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	mu.Lock()
	p.cmd.Process.Signal(sig)
	err := p.cmd.Wait()
	mu.Unlock()
	if sig == syscall.SIGTERM && err != nil {
		t.Fatalf("the server stopped by SIGTERM: %v, want exit status 0", err)
	}
	time.Sleep(100 * time.Millisecond)
	q := start()
	mu.Lock()
	p = q
	mu.Unlock()
	wg.Wait()
	for i, v := range variants {
		want := checkRuns(t, ctx, v.Name, runs[i], base(), games[i])
		t.Logf("%s: %d steps, %d and %d moves answered", v.Name, len(want.Log), len(runs[i][1].ack), len(runs[i][2].ack))
	}
}
