package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/postgres"
)

// pgOutage returns the shell commands that stop and start the PostgreSQL
// server of $BRETTSPIEL_PG ($BRETTSPIEL_PG_STOP, $BRETTSPIEL_PG_START);
// without all three the test is skipped.
func pgOutage(t *testing.T) (stop, start string) {
	t.Helper()
	stop, start = os.Getenv("BRETTSPIEL_PG_STOP"), os.Getenv("BRETTSPIEL_PG_START")
	if os.Getenv("BRETTSPIEL_PG") == "" || stop == "" || start == "" {
		t.Skip("no PostgreSQL to stop: BRETTSPIEL_PG=postgres://… with BRETTSPIEL_PG_STOP and BRETTSPIEL_PG_START, " +
			"shell commands that stop and start its server, run the test (.ci/run sets them for the server it starts)")
	}
	return stop, start
}

// pgFresh makes a database of its own in the server of $BRETTSPIEL_PG and
// returns its URL. It is dropped after the test by a connection made
// then: the server may have been restarted meanwhile.
func pgFresh(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv("BRETTSPIEL_PG")
	admin := func(q string) error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, dsn)
		if err != nil {
			return err
		}
		defer c.Close(ctx)
		_, err = c.Exec(ctx, q)
		return err
	}
	var b [6]byte
	rand.Read(b[:])
	name := "brettspiel_test_" + hex.EncodeToString(b[:])
	if err := admin("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin("DROP DATABASE " + name + " WITH (FORCE)") })
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// shell runs a command with sh -c and returns how long it took.
func shell(t *testing.T, command string) time.Duration {
	t.Helper()
	start := time.Now()
	if out, err := exec.Command("sh", "-c", command).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", command, err, out)
	}
	return time.Since(start)
}

// callBound is the longest a call may take, the storage down or not: the
// server answers with an error rather than hang.
const callBound = 5 * time.Second

// tolerated are the refusals a call may meet while the storage is down
// and just after: the storage failed (ErrStorage), the places of calls
// were all taken by calls waiting on it (ErrBusy), or the process's copy
// of the game was behind the stored one (ErrConflict).
var tolerated = map[string]bool{"ErrStorage": true, "ErrBusy": true, "ErrConflict": true}

// seatClient plays a seat of a game (or watches it, secret "") through
// one process, reconnecting after every drop and catching up from the
// last revision it has; it keeps what it was told and what was answered.
type seatClient struct {
	base, game, secret string
	rng                *mrand.Rand
	pace               [2]time.Duration // between a move answered and the next

	// turn is held through a move (asking the legal moves, applying
	// one); done, under it, says to move no more
	turn sync.Mutex
	done bool

	mu      sync.Mutex
	m       client.Mirror
	ack     []acked
	ackAt   []time.Time
	refused map[string]int // the refusals and drops, by call and name
	slowest time.Duration  // the longest call
	err     error          // what ended it before its context
	trace   []string       // its last deltas and calls, for a failure
}

// note keeps one line of what the client did or was told (c.mu held).
func (c *seatClient) note(format string, args ...any) {
	if len(c.trace) >= 16 {
		c.trace = c.trace[1:]
	}
	c.trace = append(c.trace, time.Now().Format("15:04:05.000 ")+fmt.Sprintf(format, args...))
}

func (c *seatClient) count(what string) {
	c.mu.Lock()
	c.refused[what]++
	c.mu.Unlock()
}

// run plays until ctx ends, or until something a client must not see.
func (c *seatClient) run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := c.connect(ctx); err != nil && ctx.Err() == nil {
			c.mu.Lock()
			c.err = fmt.Errorf("%w; its last deltas and calls:\n%s", err, strings.Join(c.trace, "\n"))
			c.mu.Unlock()
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// timed runs one call within callBound and keeps the longest.
func (c *seatClient) timed(ctx context.Context, call func(ctx context.Context) error) error {
	cctx, cancel := context.WithTimeout(ctx, callBound)
	defer cancel()
	start := time.Now()
	err := call(cctx)
	d := time.Since(start)
	c.mu.Lock()
	c.slowest = max(c.slowest, d)
	c.mu.Unlock()
	if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("no answer within %v", callBound)
	}
	return err
}

// refusal judges a failed call: nil for a refusal tolerated (counted),
// errClosed for a connection that dropped, else the error.
func (c *seatClient) refusal(ctx context.Context, call string, err error) error {
	var e *client.Error
	switch {
	case ctx.Err() != nil:
		return errClosed
	case errors.As(err, &e):
		c.count(call + " " + e.Name)
		if tolerated[e.Name] {
			return nil
		}
		return fmt.Errorf("%s: %w", call, err)
	case errors.Is(err, client.ErrClosed):
		c.count(call + " dropped")
		return errClosed
	}
	return fmt.Errorf("%s: %w", call, err)
}

var errClosed = errors.New("the connection closed")

// connect makes one connection and plays through it; nil: connect again.
func (c *seatClient) connect(ctx context.Context) error {
	dctx, cancel := context.WithTimeout(ctx, callBound)
	cn, err := client.Dial(dctx, c.base, "")
	cancel()
	if err != nil {
		return fmt.Errorf("dial: %w", err) // the processes stay up
	}
	defer cn.Close()
	c.mu.Lock()
	rev := c.m.Rev
	c.mu.Unlock()
	seat := -1
	if err := c.timed(ctx, func(ctx context.Context) (err error) {
		seat, err = cn.Hello(ctx, c.game, c.secret, rev)
		c.mu.Lock()
		c.note("hello from rev %d: seat %d, %v", rev, seat, err)
		c.mu.Unlock()
		return err
	}); err != nil {
		if err := c.refusal(ctx, "hello", err); err != errClosed {
			return err
		}
		return nil
	}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	next := time.Now()
	for {
		select {
		case d, ok := <-cn.Deltas():
			if !ok {
				c.count("deltas dropped")
				return nil
			}
			if err := c.apply(d); err != nil {
				return err
			}
		case <-tick.C:
			if e := cn.ClosedBy(); e != nil {
				c.count("closed " + e.Name)
				if !tolerated[e.Name] {
					return fmt.Errorf("the game was closed: %w", e)
				}
				return nil
			}
		case <-ctx.Done():
			return nil
		}
		c.mu.Lock()
		mine := seat >= 0 && c.m.Rev > 0 && !c.m.Over && c.m.ToMove == seat // told the game first
		c.mu.Unlock()
		if !mine || len(cn.Deltas()) > 0 || time.Now().Before(next) {
			continue
		}
		if err := c.move(ctx, cn, &next); err != nil {
			return ignoreClosed(err)
		}
	}
}

// move plays one random legal move unless the client is done; a refusal
// tolerated is counted, and the next try waits a moment.
func (c *seatClient) move(ctx context.Context, cn *client.Conn, next *time.Time) error {
	c.turn.Lock()
	defer c.turn.Unlock()
	if c.done {
		return nil
	}
	*next = time.Now().Add(50 * time.Millisecond) // after a refusal
	var mv string
	if err := c.timed(ctx, func(ctx context.Context) (err error) {
		mv, err = cn.RandomMove(ctx, c.rng)
		return err
	}); err != nil {
		c.mu.Lock()
		c.note("legal: %v", err)
		c.mu.Unlock()
		return c.refusal(ctx, "legal", err)
	}
	var a json.RawMessage
	if err := c.timed(ctx, func(ctx context.Context) (err error) {
		a, err = cn.Call(ctx, "apply", map[string]any{"notation": mv, "log": false, "legal": false})
		return err
	}); err != nil {
		c.mu.Lock()
		c.note("apply %q: %v", mv, err)
		c.mu.Unlock()
		return c.refusal(ctx, "apply", err)
	}
	var st struct {
		Length int `json:"length"`
	}
	json.Unmarshal(a, &st)
	c.mu.Lock()
	c.note("apply %q: answered, length %d", mv, st.Length)
	c.ack = append(c.ack, acked{st.Length - 1, mv})
	c.ackAt = append(c.ackAt, time.Now())
	c.mu.Unlock()
	*next = time.Now().Add(c.pace[0] + time.Duration(c.rng.Int64N(int64(c.pace[1]-c.pace[0]))))
	return nil
}

// stop ends the client's moves, once the one under way is answered.
func (c *seatClient) stop() {
	c.turn.Lock()
	c.done = true
	c.turn.Unlock()
}

func ignoreClosed(err error) error {
	if err == errClosed {
		return nil
	}
	return err
}

// apply applies a delta to the client's copy; a step told before and now
// cut away or told otherwise is an error: what was told was stored.
func (c *seatClient) apply(d client.Delta) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d.Rev <= c.m.Rev && c.m.Rev != 0 && d.Rev != 0 {
		return nil // seen: a catch-up repeats it
	}
	for i := d.From; i < len(c.m.Log); i++ {
		if k := i - d.From; k >= len(d.Log) || d.Log[k] != c.m.Log[i] {
			return fmt.Errorf("step %d %q was told and then taken back (a delta from %d, rev %d)", i, c.m.Log[i].Notation, d.From, d.Rev)
		}
	}
	if err := c.m.Apply(d); err != nil {
		return fmt.Errorf("%w: %v", errGap, err)
	}
	c.note("delta rev %d from %d length %d, to move %d", d.Rev, d.From, d.Length, d.ToMove)
	return nil
}

// mirror returns a copy of what the client was told.
func (c *seatClient) mirror() client.Mirror {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.m
	m.Log = slices.Clone(m.Log)
	return m
}

// fetchRecord asks a process for a game's record.
func fetchRecord(ctx context.Context, base, id string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/games/"+id+"/record", nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s: %s", resp.Status, b)
	}
	return string(b), nil
}

// storedRevs reads the stored revision of every open game of the database.
func storedRevs(ctx context.Context, dsn string) (map[string]int, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer c.Close(ctx)
	rows, err := c.Query(ctx, `SELECT id, rev FROM games WHERE NOT archived`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var id string
		var rev int
		if err := rows.Scan(&id, &rev); err != nil {
			return nil, err
		}
		out[id] = rev
	}
	return out, rows.Err()
}

// PostgreSQL stopped under play: two server processes share 20 games of
// two people (each person on another process) and a watcher, played at a
// brisk pace, while the database server is stopped for 3 s and started
// again. Every call meanwhile is answered within callBound with a named
// refusal (ErrStorage, or ErrBusy or ErrConflict), none panics, and after
// the start the games play on; every stored record, asked of both
// processes and of two new ones, replays what the watchers saw, with
// every move answered in it once.
func TestPostgresStoppedUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary, and stops PostgreSQL")
	}
	stopPG, startPG := pgOutage(t)
	began := time.Now()
	dsn := pgFresh(t)
	bin := buildServer(t)
	dir := t.TempDir()
	procs := make([]*process, 2)
	logs := []string{filepath.Join(dir, "server0.log"), filepath.Join(dir, "server1.log")}
	startBoth := func() {
		for i := range procs {
			f, err := os.OpenFile(logs[i], os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
			if err != nil {
				t.Fatal(err)
			}
			procs[i] = startServer(t, bin, f, "-postgres", dsn)
			f.Close()
		}
	}
	startBoth()
	defer func() {
		for _, p := range procs {
			if p != nil {
				p.cmd.Process.Kill()
				p.cmd.Wait()
			}
		}
		for _, l := range logs {
			if b, _ := os.ReadFile(l); strings.Contains(string(b), "panic") {
				t.Errorf("%s: a panic", filepath.Base(l))
			}
		}
		if t.Failed() {
			for _, l := range logs {
				b, _ := os.ReadFile(l)
				lines := strings.Split(strings.TrimSpace(string(b)), "\n")
				t.Logf("%s, its last lines of %d:\n%s", filepath.Base(l), len(lines), strings.Join(lines[max(0, len(lines)-30):], "\n"))
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()

	// a listener of the test's own: it is told, when it begins to listen
	// and again once PostgreSQL is back, that notifications may have been
	// missed
	ls, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	var missed atomic.Int32
	lctx, lstop := context.WithCancel(ctx)
	listening := make(chan struct{})
	go func() {
		defer close(listening)
		ls.Listen(lctx, func(n store.Note) {
			if n.Game == "" {
				missed.Add(1)
			}
		})
	}()
	defer func() { lstop(); <-listening; ls.Close() }()

	const nGames = 20
	type game struct {
		id      string
		clients [3]*seatClient // the watcher, the creator, the invited
	}
	games := make([]game, nGames)
	var all []*seatClient
	for i := range games {
		p, q := procs[i%2], procs[1-i%2]
		c := create(t, p.base, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
		j := join(t, q.base, c.Game, c.Invites[0].Token)
		games[i].id = c.Game
		for k, at := range []struct {
			base, secret string
		}{{procs[(i/2)%2].base, ""}, {p.base, c.Secret}, {q.base, j.Secret}} {
			sc := &seatClient{base: at.base, game: c.Game, secret: at.secret, refused: map[string]int{},
				rng: mrand.New(mrand.NewPCG(uint64(i), uint64(k))), pace: [2]time.Duration{30 * time.Millisecond, 90 * time.Millisecond}}
			games[i].clients[k] = sc
			all = append(all, sc)
		}
	}
	pctx, stopClients := context.WithCancel(ctx)
	defer stopClients()
	var wg sync.WaitGroup
	for _, sc := range all {
		wg.Add(1)
		go func() { defer wg.Done(); sc.run(pctx) }()
	}
	answeredBy := func(until time.Time) int {
		n := 0
		for _, sc := range all {
			sc.mu.Lock()
			for _, at := range sc.ackAt {
				if at.Before(until) {
					n++
				}
			}
			sc.mu.Unlock()
		}
		return n
	}
	refusals := func() map[string]int {
		out := map[string]int{}
		for _, sc := range all {
			sc.mu.Lock()
			for k, v := range sc.refused {
				out[k] += v
			}
			sc.mu.Unlock()
		}
		return out
	}
	failed := func() bool {
		bad := false
		for i, g := range games {
			for k, sc := range g.clients {
				sc.mu.Lock()
				if sc.err != nil {
					t.Errorf("game %d (%.6s), client %d: %v", i, g.id, k, sc.err)
					bad = true
				}
				sc.mu.Unlock()
			}
		}
		return bad
	}

	// PostgreSQL stopped for 3 s once the games are under way
	time.Sleep(2 * time.Second)
	missedBefore := missed.Load() // once, when it began to listen
	down := time.Now()
	tookStop := shell(t, stopPG)
	pgDown := true
	defer func() {
		if pgDown {
			shell(t, startPG)
		}
	}()
	// a new game meanwhile is refused with ErrStorage, at once
	time.Sleep(time.Second)
	for k, p := range procs {
		cctx, cancel := context.WithTimeout(ctx, callBound)
		start := time.Now()
		var c client.Created
		err := client.Post(cctx, p.base, "/api/games", hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}}, &c)
		cancel()
		if errName(err) != "ErrStorage" {
			t.Errorf("a new game on process %d while PostgreSQL is down: %v, want ErrStorage", k, err)
		}
		t.Logf("a new game on process %d while PostgreSQL is down: %s in %v", k, errName(err), time.Since(start).Round(time.Millisecond))
	}
	time.Sleep(3*time.Second - time.Since(down))
	tookStart := shell(t, startPG)
	pgDown = false
	up := time.Now()
	duringOutage := refusals()
	before := answeredBy(down)
	atUp := make([]int, nGames)
	for i, g := range games {
		atUp[i] = g.clients[0].mirror().Rev
	}

	// the games play on for 2 s at least: each over, or 20 revisions
	// further
	deadline := time.Now().Add(20 * time.Second)
	for {
		behind := 0
		for i, g := range games {
			if m := g.clients[0].mirror(); !m.Over && m.Rev < atUp[i]+20 {
				behind++
			}
		}
		if behind == 0 && missed.Load() > missedBefore && time.Since(up) > 2*time.Second {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			for i, g := range games {
				if m := g.clients[0].mirror(); !m.Over && m.Rev < atUp[i]+20 {
					t.Errorf("game %d (%.6s) does not play on: its watcher at revision %d, %d at the restart; the seats at %d and %d",
						i, g.id, m.Rev, atUp[i], g.clients[1].mirror().Rev, g.clients[2].mirror().Rev)
				}
			}
			if missed.Load() == missedBefore {
				t.Errorf("Listen did not say, after PostgreSQL was back, that notifications may have been missed")
			}
			failed()
			t.FailNow()
		}
		if failed() {
			t.FailNow()
		}
		time.Sleep(50 * time.Millisecond)
	}
	playedOn := time.Since(up)
	for k, p := range procs { // and new games are made again
		c := create(t, p.base, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
		join(t, procs[1-k].base, c.Game, c.Invites[0].Token)
	}
	var recovered time.Duration = -1
	for _, sc := range all {
		sc.mu.Lock()
		for _, at := range sc.ackAt {
			if at.After(up) && (recovered < 0 || at.Sub(up) < recovered) {
				recovered = at.Sub(up)
			}
		}
		sc.mu.Unlock()
	}

	// the moves stop; every client comes to the stored revision
	for _, sc := range all {
		sc.stop() // its move under way answered
	}
	deadline = time.Now().Add(10 * time.Second)
	for {
		revs, err := storedRevs(ctx, dsn)
		apart := 0
		if err == nil {
			for _, g := range games {
				for _, sc := range g.clients {
					if sc.mirror().Rev != revs[g.id] {
						apart++
					}
				}
			}
		}
		if err == nil && apart == 0 {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			if err != nil {
				t.Fatalf("the stored revisions: %v", err)
			}
			for i, g := range games {
				t.Errorf("game %d (%.6s): stored at revision %d; the watcher at %d, the seats at %d and %d", i, g.id, revs[g.id],
					g.clients[0].mirror().Rev, g.clients[1].mirror().Rev, g.clients[2].mirror().Rev)
			}
			failed()
			t.FailNow()
		}
		time.Sleep(50 * time.Millisecond)
	}
	stopClients()
	wg.Wait()
	if failed() {
		t.FailNow()
	}

	// what the watchers saw, against what the seats saw and were answered
	seen := make([][]string, nGames)
	steps, over := 0, 0
	for i, g := range games {
		w := g.clients[0].mirror()
		seen[i] = w.Notations()
		steps += len(w.Log)
		if w.Over {
			over++
		}
		for k, sc := range g.clients[1:] {
			m := sc.mirror()
			if !slices.Equal(m.Notations(), seen[i]) {
				t.Errorf("game %d: seat client %d saw %d steps, the watcher %d", i, k, len(m.Log), len(w.Log))
			}
			for _, a := range sc.ack {
				if a.index < 0 || a.index >= len(w.Log) || w.Log[a.index].Notation != a.notation {
					t.Errorf("game %d: the move %q answered at step %d is not in the game", i, a.notation, a.index)
				}
			}
		}
	}
	checkRecords := func(when string) {
		t.Helper()
		for i, g := range games {
			for k, p := range procs {
				rec, err := fetchRecord(ctx, p.base, g.id)
				if err != nil {
					t.Fatalf("%s: game %d from process %d: %v", when, i, k, err)
				}
				if got := replayed(t, rec); !slices.Equal(got, seen[i]) {
					t.Errorf("%s: game %d (%.6s): the record of process %d replays %d steps, the watcher saw %d", when, i, g.id, k, len(got), len(seen[i]))
				}
			}
		}
	}
	checkRecords("after play")
	for i, p := range procs {
		p.cmd.Process.Signal(syscall.SIGTERM)
		if err := p.cmd.Wait(); err != nil {
			t.Errorf("process %d stopped by SIGTERM: %v, want exit status 0", i, err)
		}
	}
	startBoth()
	checkRecords("after a restart of both processes")
	if revs, err := storedRevs(ctx, dsn); err == nil {
		// each process brings every open game back at its start (any
		// serves any game), whatever its handle in the other
		total := 0
		for k, l := range logs {
			b, _ := os.ReadFile(l)
			lines := strings.Split(strings.TrimSpace(string(b)), "\n")
			restored := 0
			for _, line := range lines { // msg="games restored" games=N
				if _, n, ok := strings.Cut(line, `msg="games restored" games=`); ok {
					n, _, _ = strings.Cut(n, " ")
					restored, _ = strconv.Atoi(n)
				}
			}
			t.Logf("process %d, started again: %d of the %d open games restored at its start", k, restored, len(revs))
			total += restored
		}
		if total != 2*len(revs) {
			// the processes number their games alike: a handle taken
			// is no reason to leave a game in storage
			t.Errorf("the two processes restored %d games in all of the %d open, want each all of them", total, len(revs))
		}
	}

	names := make([]string, 0, len(duringOutage))
	for k, v := range refusals() {
		names = append(names, fmt.Sprintf("%s %d (%d by the start)", k, v, duringOutage[k]))
	}
	sort.Strings(names)
	var slowest time.Duration
	moves := 0
	for _, sc := range all {
		slowest = max(slowest, sc.slowest)
		moves += len(sc.ack)
	}
	t.Logf("%d games, %d steps (%d over); %d moves answered, %d before the stop, %d after the start",
		nGames, steps, over, moves, before, moves-answeredBy(up))
	t.Logf("PostgreSQL stopped in %v, down for %v, started in %v; the first move answered %v after the start; the games played on for %v",
		tookStop.Round(time.Millisecond), up.Sub(down).Round(time.Millisecond), tookStart.Round(time.Millisecond),
		recovered.Round(time.Millisecond), playedOn.Round(time.Millisecond))
	t.Logf("refusals and drops: %s; the longest call %v; Listen's calls of f(\"\", 0) (notifications may have been missed) after the start: %d",
		strings.Join(names, ", "), slowest.Round(time.Millisecond), missed.Load()-missedBefore)
	t.Logf("the whole test: %v", time.Since(began).Round(time.Millisecond))
	if duringOutage["apply ErrStorage"]+duringOutage["hello ErrStorage"]+duringOutage["legal ErrStorage"] == 0 {
		t.Errorf("no call was refused with ErrStorage while PostgreSQL was down: the outage was not felt")
	}
}

// follower is a connection bound to a game whose deltas keep a copy of
// the game's log, read by the test while it calls.
type follower struct {
	cn   *client.Conn
	seat int
	mu   sync.Mutex
	m    client.Mirror
	err  error
}

func follow(ctx context.Context, t *testing.T, base, game, secret string) *follower {
	t.Helper()
	cn, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cn.Close() })
	seat, err := cn.Hello(ctx, game, secret, 0)
	if err != nil {
		t.Fatal(err)
	}
	f := &follower{cn: cn, seat: seat}
	go func() {
		for d := range cn.Deltas() {
			f.mu.Lock()
			if f.err == nil {
				f.err = f.m.Apply(d)
			}
			f.mu.Unlock()
		}
	}()
	return f
}

func (f *follower) mirror() (client.Mirror, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m := f.m
	m.Log = slices.Clone(m.Log)
	return m, f.err
}

// settle waits until every follower was told the same revision, after
// the revision after, with a seat to move or the game over, and returns
// that copy of the game.
func settle(t *testing.T, after int, fs ...*follower) client.Mirror {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		first, err := fs[0].mirror()
		if err != nil {
			t.Fatal(err)
		}
		same := first.Rev > after && (first.ToMove >= 0 || first.Over)
		for _, f := range fs[1:] {
			m, err := f.mirror()
			if err != nil {
				t.Fatal(err)
			}
			same = same && m.Rev == first.Rev
		}
		if same {
			return first
		}
		if time.Now().After(deadline) {
			revs := make([]int, len(fs))
			for i, f := range fs {
				m, _ := f.mirror()
				revs[i] = m.Rev
			}
			t.Fatalf("the connections do not come to the same revision: %v", revs)
		}
		time.Sleep(time.Millisecond)
	}
}

// The same seat through both processes: its secret is connected to each,
// and in each round both connections send the same move at the same
// instant (released together; in every fourth round the second a few
// milliseconds later). Exactly one is applied; the other is refused: by
// the session on the caught-up copy (ErrNotYourSeat, or ErrGameOver after
// a move that ended the game), whether the copy had caught up before the
// call or the call was made again on it after its write was refused, or
// with ErrConflict (the write did not follow the stored version) by a
// server that does not make it again. The game holds the move once, and
// its stored record, read by a third process, is the game. A game that
// ends before the 60 rounds are played is followed by another.
func TestTwoProcessesApplyTheSameStepOnPostgres(t *testing.T) {
	_, dsn := pgDatabase(t)
	_, base1 := pgProcess(t, dsn)
	_, base2 := pgProcess(t, dsn)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	began := time.Now()
	rng := mrand.New(mrand.NewPCG(7, 7))
	move := func(cn *client.Conn) string {
		t.Helper()
		mv, err := cn.RandomMove(ctx, rng)
		if err != nil {
			t.Fatal(err)
		}
		return mv
	}
	refused := map[string]int{}
	rounds, steps := 0, 0
	var played []string // the games
	var logs [][]string // and their steps, as the connections were told
	for rounds < 60 {
		c := create(t, base1, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
		j := join(t, base2, c.Game, c.Invites[0].Token)
		a := follow(ctx, t, base1, c.Game, c.Secret)
		b := follow(ctx, t, base2, c.Game, c.Secret)
		other := follow(ctx, t, base2, c.Game, j.Secret)
		rev := 0 // the revision the last move was made at
		for rounds < 60 {
			m := settle(t, rev, a, b, other)
			if m.Over {
				break
			}
			rev = m.Rev
			if m.ToMove != c.Seat {
				if _, err := other.cn.Call(ctx, "apply", map[string]any{"notation": move(other.cn), "log": false, "legal": false}); err != nil {
					t.Fatalf("the other seat's move: %v", err)
				}
				continue
			}
			rounds++
			mv, at := move(a.cn), len(m.Log)
			// every fourth round the second process is a little later:
			// its copy may have caught up by then
			var late time.Duration
			if rounds%4 == 0 {
				late = time.Duration(rounds%20) * time.Millisecond
			}
			var ready, done sync.WaitGroup
			release := make(chan struct{})
			answers := make([]json.RawMessage, 2)
			errs := make([]error, 2)
			for k, f := range []*follower{a, b} {
				ready.Add(1)
				done.Add(1)
				go func() {
					defer done.Done()
					ready.Done()
					<-release
					if k == 1 {
						time.Sleep(late)
					}
					answers[k], errs[k] = f.cn.Call(ctx, "apply", map[string]any{"notation": mv, "log": false, "legal": false})
				}()
			}
			ready.Wait()
			close(release)
			done.Wait()
			won := -1
			for k, err := range errs {
				var e *client.Error
				switch {
				case err == nil && won < 0:
					won = k
				case err == nil:
					t.Fatalf("round %d: %q applied through both processes", rounds, mv)
				case errors.As(err, &e) && (e.Name == "ErrConflict" || e.Name == "ErrNotYourSeat" || e.Name == "ErrGameOver"):
					refused[e.Name]++
				default:
					t.Fatalf("round %d, process %d: %v", rounds, k+1, err)
				}
			}
			if won < 0 {
				t.Fatalf("round %d: %q refused by both processes: %v, %v", rounds, mv, errs[0], errs[1])
			}
			var st struct {
				Length int `json:"length"`
			}
			json.Unmarshal(answers[won], &st)
			if st.Length != at+1 {
				t.Fatalf("round %d: the move answered at step %d, played at %d", rounds, st.Length-1, at)
			}
			m = settle(t, rev, a, b, other)
			if len(m.Log) <= at || m.Log[at].Notation != mv || m.Log[at].Actor != c.Seat {
				t.Fatalf("round %d: step %d is not %q", rounds, at, mv)
			}
			for _, s := range m.Log[at+1:] {
				if s.Actor == c.Seat {
					t.Fatalf("round %d: after %q at step %d, the seat played again at %d (%q)", rounds, mv, at, s.Index, s.Notation)
				}
			}
		}
		m := settle(t, rev, a, b, other)
		played = append(played, c.Game)
		logs = append(logs, m.Notations())
		steps += len(m.Log)
	}
	s3, _ := pgProcess(t, dsn) // a third process: the games as stored
	for i, id := range played {
		rec, err := s3.Hub().Record(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got := replayed(t, rec); !slices.Equal(got, logs[i]) {
			t.Fatalf("game %d: the stored record has %d steps, the game %d", i, len(got), len(logs[i]))
		}
	}
	names := make([]string, 0, len(refused))
	for k, v := range refused {
		names = append(names, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(names)
	t.Logf("%d rounds (games: %d), each move applied once; the other refused: %s; %d steps stored; %v",
		rounds, len(played), strings.Join(names, ", "), steps, time.Since(began).Round(time.Millisecond))
}

// The notification of a change names the row's version after it: 0 for a
// new game, one more for each change after it (a process holding the game
// at that version has nothing to bring back); the steps appended travel
// with it, anything else says "reload", as does a change whose steps are
// too long for a notification.
func TestPostgresNotifiesTheVersion(t *testing.T) {
	p := pgStore(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	type note struct {
		game   string
		ver    int
		steps  string
		reload bool
	}
	notes := make(chan note, 100)
	lctx, lstop := context.WithCancel(ctx)
	listening := make(chan struct{})
	go func() {
		defer close(listening)
		p.Listen(lctx, func(n store.Note) {
			var steps []string
			for _, st := range n.Steps {
				steps = append(steps, fmt.Sprintf("%d:%d:%d:%s", st.Rev, st.Index, st.Actor, st.Notation))
			}
			notes <- note{n.Game, n.Ver, strings.Join(steps, " "), n.Reload}
		})
	}()
	defer func() { lstop(); <-listening }()
	// LISTEN is made in the background: new games until one is told
	for i := 0; ; i++ {
		id := fmt.Sprintf("probe%d", i)
		if err := p.Write(ctx, store.Change{Kind: store.Create, Game: id, Meta: []byte(`{}`), Snapshot: []byte("s"), Rev: 1}); err != nil {
			t.Fatal(err)
		}
		select {
		case n := <-notes:
			if n.ver != 0 {
				t.Fatalf("a new game told at version %d, want 0", n.ver)
			}
		case <-time.After(50 * time.Millisecond):
			continue
		case <-ctx.Done():
			t.Fatal("no notification")
		}
		break
	}
	for len(notes) > 0 {
		<-notes
	}
	long := strings.Repeat("x", 8000)
	want := []note{{"g", 0, "", true}, {"g", 1, "2:1:1:x", false}, {"g", 2, "", true}, {"g", 3, "", true}}
	if err := p.Write(ctx, store.Change{Kind: store.Create, Game: "g", Meta: []byte(`{}`), Snapshot: []byte("s"), Rev: 1}); err != nil {
		t.Fatal(err)
	}
	if err := p.Write(ctx, store.Change{Kind: store.Steps, Game: "g", From: 0, Rev: 2, Steps: []store.StoredStep{{Rev: 2, Index: 1, Actor: 1, Notation: "x"}}}); err != nil {
		t.Fatal(err)
	}
	if err := p.Write(ctx, store.Change{Kind: store.Snap, Game: "g", Meta: []byte(`{}`), Snapshot: []byte("s2"), From: 1, Rev: 2}); err != nil {
		t.Fatal(err)
	}
	if err := p.Write(ctx, store.Change{Kind: store.Steps, Game: "g", From: 2, Rev: 3, Steps: []store.StoredStep{{Rev: 3, Index: 2, Notation: long}}}); err != nil {
		t.Fatal(err)
	}
	for _, w := range want {
		for {
			var n note
			select {
			case n = <-notes:
			case <-ctx.Done():
				t.Fatalf("no notification of %v", w)
			}
			if strings.HasPrefix(n.game, "probe") {
				continue // a late one of the probes
			}
			if n != w {
				t.Fatalf("told %v, want %v", n, w)
			}
			break
		}
	}
}

// A game is read as one commit left it: while another store appends steps
// and replaces the snapshot, every read of Game and Open holds exactly the
// steps from its snapshot's revision to its row's revision.
func TestPostgresReadsOneCommit(t *testing.T) {
	w, dsn := pgDatabase(t)
	r, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := w.Write(ctx, store.Change{Kind: store.Create, Game: "g", Meta: []byte(`{}`), Snapshot: []byte("s"), Rev: 0}); err != nil {
		t.Fatal(err)
	}
	check := func(g store.Stored) error {
		if len(g.Steps) != g.Rev-g.SnapRev {
			return fmt.Errorf("version %d: %d steps after the snapshot of revision %d, the row at revision %d", g.Ver, len(g.Steps), g.SnapRev, g.Rev)
		}
		for k, st := range g.Steps {
			if st.Rev != g.SnapRev+k+1 {
				return fmt.Errorf("version %d: step %d at revision %d after the snapshot of revision %d", g.Ver, k, st.Rev, g.SnapRev)
			}
		}
		return nil
	}
	done := make(chan error, 1)
	go func() { // the writer: three steps, then a snapshot, over and over
		ver, rev := 0, 0
		for i := 0; i < 400; i++ {
			c := store.Change{Kind: store.Steps, Game: "g", From: ver, Rev: rev + 1, Steps: []store.StoredStep{{Rev: rev + 1, Index: rev, Notation: "x"}}}
			if i%4 == 3 {
				c = store.Change{Kind: store.Snap, Game: "g", Meta: []byte(`{}`), Snapshot: []byte("s"), From: ver, Rev: rev}
			} else {
				rev++
			}
			if err := w.Write(ctx, c); err != nil {
				done <- err
				return
			}
			ver++
		}
		done <- nil
	}()
	reads := 0
	for {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d reads while 400 changes were written", reads)
			return
		default:
		}
		g, ok, err := r.Game(ctx, "g")
		if err != nil || !ok {
			t.Fatalf("game: %v %v", ok, err)
		}
		if err := check(g); err != nil {
			t.Fatalf("Game: %v", err)
		}
		open, err := r.Open(ctx)
		if err != nil || len(open) != 1 {
			t.Fatalf("open: %d games, %v", len(open), err)
		}
		if err := check(open[0]); err != nil {
			t.Fatalf("Open: %v", err)
		}
		reads++
	}
}
