package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/examples/server/client"
)

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
// milliseconds later). Exactly one is applied; the other is refused, with
// ErrConflict when its process's copy was behind (its write did not
// follow the stored version), or by the session (ErrNotYourSeat) when the
// copy had caught up first. The game holds the move once, and its stored
// record, read by a third process, is the game. A game that ends before
// the 60 rounds are played is followed by another.
func TestTwoProcessesApplyTheSameStepOnPostgres(t *testing.T) {
	p1, dsn := pgDatabase(t)
	p2, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	p3, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{ConnRate: 10000, AddrRate: 10000}
	_, base1 := serveStore(t, p1, o)
	_, base2 := serveStore(t, p2, o)
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
		c := create(t, base1, CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
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
				case errors.As(err, &e) && (e.Name == "ErrConflict" || e.Name == "ErrNotYourSeat"):
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
	s3, _ := serveStore(t, p3, o) // a third process: the games as stored
	for i, id := range played {
		rec, err := s3.record(ctx, id)
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
// at that version has nothing to bring back).
func TestPostgresNotifiesTheVersion(t *testing.T) {
	p := pgStore(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	type note struct {
		game string
		ver  int
	}
	notes := make(chan note, 100)
	lctx, lstop := context.WithCancel(ctx)
	listening := make(chan struct{})
	go func() {
		defer close(listening)
		p.Listen(lctx, func(id string, ver int) { notes <- note{id, ver} })
	}()
	defer func() { lstop(); <-listening }()
	// LISTEN is made in the background: new games until one is told
	for i := 0; ; i++ {
		id := fmt.Sprintf("probe%d", i)
		if err := p.Write(ctx, Change{Kind: Create, Game: id, Meta: []byte(`{}`), Snapshot: []byte("s"), Rev: 1}); err != nil {
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
	want := []note{{"g", 0}, {"g", 1}, {"g", 2}}
	if err := p.Write(ctx, Change{Kind: Create, Game: "g", Meta: []byte(`{}`), Snapshot: []byte("s"), Rev: 1}); err != nil {
		t.Fatal(err)
	}
	if err := p.Write(ctx, Change{Kind: Steps, Game: "g", From: 0, Rev: 2, Steps: []StoredStep{{Rev: 2, Index: 1, Notation: "x"}}}); err != nil {
		t.Fatal(err)
	}
	if err := p.Write(ctx, Change{Kind: Snap, Game: "g", Meta: []byte(`{}`), Snapshot: []byte("s2"), From: 1, Rev: 2}); err != nil {
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
	r, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := w.Write(ctx, Change{Kind: Create, Game: "g", Meta: []byte(`{}`), Snapshot: []byte("s"), Rev: 0}); err != nil {
		t.Fatal(err)
	}
	check := func(g Stored) error {
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
			c := Change{Kind: Steps, Game: "g", From: ver, Rev: rev + 1, Steps: []StoredStep{{Rev: rev + 1, Index: rev, Notation: "x"}}}
			if i%4 == 3 {
				c = Change{Kind: Snap, Game: "g", Meta: []byte(`{}`), Snapshot: []byte("s"), From: ver, Rev: rev}
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
