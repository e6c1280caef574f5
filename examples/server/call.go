package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// How the server offers each method of the session's protocol to a
// connection. The methods not listed are not served: a game is made and
// its seats claimed through the server (newGame, loadRecord, loadID,
// claim, close), the server throws for people and lets the bots play
// (botMove, advance; the dice are seeded), and the server follows the
// game for its connections (watch). analyze is left out: it judges the
// whole game at a connection's asking.
const (
	noGame = iota + 1 // names no game: the catalogue, the rules
	reads             // reads the connection's game
	acts              // acts for the connection's seat: its secret goes with it
)

var served = map[string]int{
	"version": noGame, "games": noGame, "rule": noGame,
	"state": reads, "legal": reads, "nextSteps": reads, "hint": reads,
	"saveRecord": reads, "positionID": reads, "plan": reads,
	"apply": acts, "throw": acts, "undo": acts, "redo": acts,
	"takeback": acts, "answerTakeback": acts,
}

// Call runs a method of the protocol for a connection: on its game, with
// its seat's secret ("" for a watcher). The server puts in the handle and
// the secret; arguments that name either are refused. After a call that
// acts the server plays on until a person is to move (the seeded dice,
// the bots), and every change is stored before the answer returns.
func (s *Server) Call(ctx context.Context, lg *live, secret, method string, args map[string]json.RawMessage) []byte {
	kind := served[method]
	if kind == 0 {
		return errorJSON(fmt.Errorf("%w: %q", ErrNotServed, truncate(method, 40)))
	}
	if _, ok := args["handle"]; ok {
		return errorJSON(ErrForged)
	}
	if _, ok := args["secret"]; ok {
		return errorJSON(ErrForged)
	}
	if b, ok := args["bot"]; ok && method == "hint" && string(b) != `"greedy"` && string(b) != `""` {
		// the searching bots hold the game for seconds: hints by the
		// greedy bot only
		return errorJSON(fmt.Errorf("%w: hints by the bot %.40s; greedy only", ErrNotServed, b))
	}
	release, err := s.enter(ctx)
	if err != nil {
		return errorJSON(err)
	}
	defer release()
	if kind == noGame {
		raw, _ := json.Marshal(args)
		return s.table.CallContext(ctx, method, raw)
	}
	args["handle"] = json.RawMessage(strconv.Itoa(lg.handle))
	if kind == acts && secret != "" {
		q, _ := json.Marshal(secret)
		args["secret"] = q
	}
	raw, _ := json.Marshal(args)
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.gone {
		return errorJSON(ErrUnknownGame)
	}
	out := s.table.CallContext(ctx, method, raw)
	if kind == acts && !isError(out) {
		// the dice and the bots play until a person is to move; what they
		// play is stored with the person's step and reaches every
		// connection as deltas
		if _, err := lg.g.Advance(ctx, 0); err != nil && s.opt.Log != nil {
			s.logf("game %.8s…: advance: %v", lg.id, err)
		}
	}
	if err := s.persist(ctx, lg, method == "redo", false); err != nil {
		s.logf("game %.8s…: %v", lg.id, err)
		s.reload(lg)
		return errorJSON(err)
	}
	lg.used = time.Now()
	return stripHandle(out, lg.handle)
}

func isError(out []byte) bool { return bytes.HasPrefix(out, []byte(`{"error":`)) }

// stripHandle takes the handle out of an answer: the session's handles
// never leave the server. A STATE has it after its "state", a watch's
// answer first.
func stripHandle(out []byte, h int) []byte {
	first := []byte(`{"handle":` + strconv.Itoa(h) + `,`)
	if bytes.HasPrefix(out, first) {
		return append([]byte{'{'}, out[len(first):]...)
	}
	key := []byte(`,"handle":` + strconv.Itoa(h) + `,"variant":`)
	if i := bytes.LastIndex(out, key); i >= 0 {
		n := len(`,"handle":` + strconv.Itoa(h))
		return append(out[:i:i], out[i+n:]...)
	}
	return out
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// enter takes one of the places of concurrent calls, waiting a moment for
// one; release gives it back. While the server stops, calls are refused.
func (s *Server) enter(ctx context.Context) (release func(), err error) {
	s.running.RLock()
	if s.stopping.Load() {
		s.running.RUnlock()
		return nil, ErrStopping
	}
	t := time.NewTimer(2 * time.Second)
	defer t.Stop()
	select {
	case s.calls <- struct{}{}:
	case <-t.C:
		s.running.RUnlock()
		return nil, ErrBusy
	case <-ctx.Done():
		s.running.RUnlock()
		return nil, ErrBusy
	}
	return func() { <-s.calls; s.running.RUnlock() }, nil
}

// subscribe starts a connection's watcher of a game: from revision rev
// (the last the connection has; 0 for none), the first delta catching up.
// The caller sends first before every delta of the watcher.
func (s *Server) subscribe(lg *live, rev int) (w *session.Watcher, first []byte, epoch int, err error) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.gone {
		return nil, nil, 0, ErrUnknownGame
	}
	lg.cmu.Lock()
	epoch = lg.epoch
	lg.cmu.Unlock()
	if rev > 0 {
		out := s.table.Call("watch", []byte(`{"handle":`+strconv.Itoa(lg.handle)+`,"rev":`+strconv.Itoa(rev)+`}`))
		if !isError(out) {
			first = stripHandle(out, lg.handle)
		}
	}
	since := 0
	if first != nil {
		since = lg.g.Len()
	}
	w, err = lg.g.Watch(since)
	if err != nil {
		return nil, nil, 0, err
	}
	if first != nil {
		<-w.Deltas() // its own catch-up, empty: first has it
	}
	return w, first, epoch, nil
}
