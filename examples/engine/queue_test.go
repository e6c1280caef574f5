package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// While 100 advance requests wait on one game whose every advance is slow
// (two bots of the strongest level, a long match), the engine answers
// version, and another game's requests, at once: a request holds a place
// among the MaxRunning only when its game's turn comes. The engine runs as
// a subprocess, killed at the end, so that the match it plays stops there.
func TestVersionAnsweredWhileAGameQueues(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "BRETTSPIEL_ENGINE_MAIN=1")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	answers := make(chan answer, 256)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			var a answer
			if json.Unmarshal(sc.Bytes(), &a) == nil {
				answers <- a
			}
		}
		close(answers)
	}()
	send := func(line string) time.Time {
		t.Helper()
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatal(err)
		}
		return time.Now()
	}
	// await waits for the answer of id; an answer to an advance before it
	// fails the test (they wait on the slow game).
	await := func(id string) (answer, time.Time) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case a, ok := <-answers:
				if !ok {
					t.Fatalf("the engine ended before answering %s", id)
				}
				if strings.HasPrefix(string(a.ID), `"adv`) {
					t.Fatalf("advance %s answered while the match is played", a.ID)
				}
				if string(a.ID) == id {
					return a, time.Now()
				}
			case <-timeout:
				t.Fatalf("no answer to %s within 10 s", id)
			}
		}
	}
	// A match of 1,000 Partien: its first advance plays MaxAdvance steps,
	// a minute or more.
	send(`{"id":"new","method":"loadRecord","args":{"text":"# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=1000\n\n","seats":["net-strongest","net-strongest"],"log":false,"legal":false}}`)
	if a, _ := await(`"new"`); a.Result == nil {
		t.Fatalf("newGame: %+v", a.Error)
	}
	for i := range 100 {
		send(fmt.Sprintf(`{"id":"adv%d","method":"advance","args":{"handle":1,"log":false,"legal":false}}`, i))
	}
	// The fastest of a few round trips, so that a moment's load on the
	// machine does not decide; before per-game queues no answer came at all.
	best := time.Hour
	for i := range 5 {
		id := fmt.Sprintf(`"v%d"`, i)
		sent := send(fmt.Sprintf(`{"id":%s,"method":"version"}`, id))
		a, got := await(id)
		var v session.VersionJSON
		if err := json.Unmarshal(a.Result, &v); err != nil || v.Protocol != session.Protocol {
			t.Fatalf("version: %s %v", a.Result, err)
		}
		best = min(best, got.Sub(sent))
	}
	t.Logf("version answered in %v (the fastest of 5) while 100 advances wait on one game", best)
	if best > 100*time.Millisecond {
		t.Errorf("version took %v, want within 100 ms", best)
	}
	// another game is made and played on meanwhile
	send(`{"id":"other","method":"newGame","args":{"variant":"verkehren","seats":["person","greedy"],"log":false}}`)
	if a, _ := await(`"other"`); a.Result == nil {
		t.Fatalf("another newGame: %+v", a.Error)
	}
	send(`{"id":"otherState","method":"advance","args":{"handle":2,"log":false}}`)
	if a, _ := await(`"otherState"`); a.Result == nil {
		t.Fatalf("another game's advance: %+v", a.Error)
	}
}

// An id over MaxID bytes is refused (its answer's id null), one of MaxID
// bytes is repeated.
func TestLongIDIsRefused(t *testing.T) {
	okID := `"` + strings.Repeat("i", MaxID-2) + `"`
	longID := `"` + strings.Repeat("i", MaxID-1) + `"`
	huge := `"` + strings.Repeat("i", 1<<19) + `"`
	as := serve(t, `{"id":`+okID+`,"method":"version"}
{"id":`+longID+`,"method":"version"}
{"id":`+huge+`,"method":"version"}
{"id":`+huge+`,"method":7}
{"id":`+strings.Repeat("9", MaxID+1)+`,"method":"version"}
`)
	if len(as) != 5 {
		t.Fatalf("%d answers to 5 requests", len(as))
	}
	refused := 0
	for _, a := range as {
		switch string(a.ID) {
		case okID:
			if a.Result == nil {
				t.Errorf("an id of %d bytes: %+v", len(okID), a.Error)
			}
		case "null":
			if a.Error == nil || a.Error.Name != "ErrBadCall" {
				t.Errorf("a long id: %+v", a)
			}
			refused++
		default:
			t.Errorf("an answer with the id %.80s… (%d bytes)", a.ID, len(a.ID))
		}
	}
	if refused != 4 {
		t.Errorf("%d long ids refused, want 4", refused)
	}
}

// When the engine stops (its context cancelled: a signal, or an output
// that failed), the requests that have not begun are answered with
// ErrStopped without running, and ServeContext returns.
func TestStopAnswersTheWaitingRequests(t *testing.T) {
	queued := make(chan string, 8)
	testHookQueued = func(id json.RawMessage) { queued <- string(id) }
	defer func() { testHookQueued = func(json.RawMessage) {} }()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &holdingWriter{hold: `"id":"s1"`, held: make(chan struct{}), release: make(chan struct{})}
	inR, inW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- ServeContext(ctx, inR, out, session.NewTable(session.Options{})) }()
	io.WriteString(inW, `{"id":"new","method":"newGame","args":{"variant":"verkehren","log":false}}`+"\n")
	for _, id := range []string{"s1", "s2", "s3"} {
		io.WriteString(inW, `{"id":"`+id+`","method":"state","args":{"handle":1,"log":false}}`+"\n")
	}
	for range 3 {
		<-queued
	}
	<-out.held // s1 ran; its answer waits for the client, s2 and s3 for s1
	cancel()
	close(out.release)
	if err := <-done; err != nil {
		t.Fatalf("ServeContext = %v", err)
	}
	inW.Close()
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.buf.String()), "\n") {
		var a answer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("%.200s: %v", line, err)
		}
		got[string(a.ID)] = "result"
		if a.Error != nil {
			got[string(a.ID)] = a.Error.Name
		}
	}
	want := map[string]string{`"new"`: "result", `"s1"`: "result", `"s2"`: "ErrStopped", `"s3"`: "ErrStopped"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("answers %v, want %v", got, want)
	}
}

// holdingWriter keeps what is written; the write holding hold waits, once
// held is closed, until release is closed.
type holdingWriter struct {
	mu            sync.Mutex
	buf           bytes.Buffer
	hold          string
	held, release chan struct{}
}

func (w *holdingWriter) Write(p []byte) (int, error) {
	if w.hold != "" && bytes.Contains(p, []byte(w.hold)) {
		w.hold = ""
		close(w.held)
		<-w.release
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}
