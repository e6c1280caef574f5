package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
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
	// a call on a copy another process has overtaken fails to store
	// (ErrConflict): the copy is brought up to storage and the call made
	// once more, as if it had come after the other's
	for try := 0; ; try++ {
		if err := s.fresh(lg); err != nil {
			return errorJSON(err)
		}
		out := s.table.CallContext(ctx, method, raw)
		if kind == acts && !isError(out) {
			// the dice and the bots play until a person is to move; what
			// they play is stored with the person's step and reaches every
			// connection as one delta
			if _, err := lg.g.Advance(ctx, 0); err != nil && s.opt.Log != nil {
				s.logf("game %.8s…: advance: %v", lg.id, err)
			}
		}
		err := s.persist(ctx, lg, method == "redo", false)
		if err == nil {
			lg.used = time.Now()
			return stripHandle(out, lg.handle)
		}
		s.logf("game %.8s…: %v", lg.id, err)
		if rerr := s.reload(ctx, lg); rerr != nil || try > 0 || !errors.Is(err, ErrConflict) {
			return errorJSON(err)
		}
	}
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
