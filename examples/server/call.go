package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
	"version": noGame, "games": noGame, "rule": noGame, "verifyDice": noGame,
	"state": reads, "legal": reads, "nextSteps": reads, "hint": reads,
	"saveRecord": reads, "positionID": reads, "plan": reads,
	"apply": acts, "throw": acts, "undo": acts, "redo": acts,
	"takeback": acts, "answerTakeback": acts,
}

// Call runs a method of the protocol for a connection: on its game, with
// its seat's secret ("" for a watcher), through the game's own entry point
// (session.Game.Call), which takes the arguments as the client sent them
// and refuses a handle or a secret among them: the server edits no JSON.
// After a call that acts the server plays on until a person is to move
// (the seeded dice, the bots), and every change is stored before the
// answer returns.
func (s *Server) Call(ctx context.Context, lg *live, secret, method string, args json.RawMessage) []byte {
	kind := served[method]
	if kind == 0 {
		return errorJSON(fmt.Errorf("%w: %q", ErrNotServed, truncate(method, 40)))
	}
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	if method == "hint" {
		// the searching bots hold the game for seconds: hints by the
		// greedy bot only
		var in struct {
			Bot string `json:"bot"`
		}
		if json.Unmarshal(args, &in) == nil && in.Bot != "" && in.Bot != "greedy" {
			return errorJSON(fmt.Errorf("%w: hints by the bot %.40q; greedy only", ErrNotServed, in.Bot))
		}
	}
	release, err := s.enter(ctx)
	if err != nil {
		return errorJSON(err)
	}
	defer release()
	if kind == noGame {
		return s.table.CallContext(ctx, method, args)
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	// a call on a copy another process has overtaken fails to store
	// (ErrConflict): the copy is brought up to storage and the call made
	// once more, as if it had come after the other's
	for try := 0; ; try++ {
		if err := s.fresh(lg); err != nil {
			return errorJSON(err)
		}
		out := lg.g.Call(ctx, method, args, secret)
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
			return out
		}
		s.logf("game %.8s…: %v", lg.id, err)
		if rerr := s.reload(ctx, lg); rerr != nil || try > 0 || !errors.Is(err, ErrConflict) {
			return errorJSON(err)
		}
	}
}

func isError(out []byte) bool { return bytes.HasPrefix(out, []byte(`{"error":`)) }

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
