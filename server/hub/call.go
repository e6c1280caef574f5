package hub

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/session"
)

// How the hub offers each method of the session's protocol. Not served:
// what the hub does itself (newGame, loadRecord, loadID, claim, close,
// botMove, advance, watch), and analyze and rollout, which would play
// thousands of games at a connection's asking.
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
	"takeback": acts, "answerTakeback": acts, "name": acts,
	"giveUp": acts, "answerGiveUp": acts,
}

// NeedsGame says whether a method is served, and on a game.
func NeedsGame(method string) bool { return served[method] > noGame }

// Call runs a method of the protocol on the game of id with a seat's
// secret ("" for a watcher). After a call that acts the dice and the bots
// play until a person is to move; every change is stored before the
// answer returns, then told to the watchers. rev is the revision the
// answer knows (0 on no game), whose changes a transport sends first.
func (h *Hub) Call(ctx context.Context, id, secret, method string, args json.RawMessage) (answer []byte, rev int) {
	kind := served[method]
	if kind == 0 {
		return ErrorJSON(fmt.Errorf("%w: %q", ErrNotServed, quote.Cut(method, 40))), 0
	}
	if method == "hint" { // the searching bots would hold the game for seconds
		var in struct{ Bot string }
		if json.Unmarshal(args, &in) == nil && in.Bot != "" && in.Bot != "greedy" {
			return ErrorJSON(fmt.Errorf("%w: hints by the bot %q; greedy only", ErrNotServed, quote.Cut(in.Bot, 40))), 0
		}
	}
	release, err := h.enter(ctx)
	if err != nil {
		return ErrorJSON(err), 0
	}
	defer release()
	if kind == noGame {
		return h.table.CallContext(ctx, method, args), 0
	}
	lg, err := h.held(id)
	if err != nil {
		return ErrorJSON(err), 0
	}
	defer lg.mu.Unlock()
	// a call on a copy another process overtook is refused or fails to
	// store (ErrConflict): the copy catches up and the call is made again
	if kind == acts {
		h.advance(ctx, lg) // a game made and not yet begun
	}
	for try := 0; ; try++ {
		out := lg.g.Call(ctx, method, args, secret)
		if kind == acts && IsError(out) && try == 0 && h.behind(ctx, lg) {
			try++
			out = lg.g.Call(ctx, method, args, secret)
		}
		if kind == acts && !IsError(out) {
			n, err := lg.g.AdvanceCount(ctx, 0)
			if err != nil {
				h.opt.Log.Warn("the dice and the bots after a call", GameAttr(lg.id), "err", err)
			}
			if n > 0 && restated[method] {
				out = restate(ctx, lg, args, secret, out)
			}
		}
		err := h.persist(ctx, lg, method == "redo", false)
		if err == nil {
			h.schedule(lg)
			return out, lg.rev
		}
		if rerr := h.fresh(lg); rerr != nil || try > 0 || !errors.Is(err, store.ErrConflict) {
			return ErrorJSON(err), lg.rev
		}
	}
}

// Hello is what a connection learns of its game: its seat (−1 for a
// watcher), the game's kind, and the game this one follows, if any.
type Hello struct {
	Seat    int      `json:"seat"`
	Variant string   `json:"variant"`
	Preset  string   `json:"preset"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"`
	Rematch string   `json:"rematch,omitempty"`
}

// A Follower is a connection's watcher of a game, counted by the hub,
// which lets go of a copy no connection of its process follows.
type Follower struct {
	*session.Watcher
	lg *Game
}

// Close stops following the game.
func (f *Follower) Close() {
	f.lg.mu.Lock()
	f.lg.following--
	f.lg.mu.Unlock()
	f.Watcher.Close()
}

// Watch follows the game of id from revision rev on for the holder of secret
// ("" for a watcher): each change once stored, until a delta says Closed.
func (h *Hub) Watch(id, secret string, rev int) (Hello, *Follower, error) {
	lg, err := h.held(id)
	if err != nil {
		return Hello{}, nil, err
	}
	defer lg.mu.Unlock()
	seat := -1
	if secret != "" {
		k, ok := lg.g.SeatOf(secret)
		if !ok && h.behind(h.base, lg) { // claimed through another process
			k, ok = lg.g.SeatOf(secret)
		}
		if !ok {
			return Hello{}, nil, session.ErrBadSecret
		}
		seat = k
	}
	if rev > lg.g.Rev() { // the client was served by another process
		h.behind(h.base, lg)
	}
	w, err := lg.g.Watch(max(rev, 0))
	if err != nil {
		return Hello{}, nil, err
	}
	if seat >= 0 {
		h.advance(h.base, lg) // a game made and not yet begun: its first throws
	}
	lg.following++
	return Hello{Seat: seat, Variant: lg.meta.Variant, Preset: lg.meta.Preset, Players: lg.meta.Players,
		Seats: lg.meta.Seats, Rematch: lg.meta.Rematch}, &Follower{w, lg}, nil
}

// restated are the calls that answer with the game's state and play no
// step of their own: when the dice and the bots played after one, its
// answer is the game as it stands then, not as the call left it (an undo
// alone against a bot said "chance" where the game had thrown again).
var restated = map[string]bool{"undo": true, "redo": true, "takeback": true, "answerTakeback": true, "answerGiveUp": true}

// viewKeys are the keys of a call's arguments that say how its state is
// shown (session.View), which the state that answers it keeps.
var viewKeys = []string{"since", "log", "legal", "chance", "rules", "events", "static", "lang"}

// restate answers a call of args with the game's state now, shown as its
// arguments asked; out, the call's own answer, where they cannot be read.
func restate(ctx context.Context, lg *Game, args json.RawMessage, secret string, out []byte) []byte {
	var in map[string]json.RawMessage
	if len(args) > 0 && json.Unmarshal(args, &in) != nil {
		return out
	}
	view := map[string]json.RawMessage{}
	for _, k := range viewKeys {
		if v, ok := in[k]; ok {
			view[k] = v
		}
	}
	a, err := json.Marshal(view)
	if err != nil {
		return out
	}
	if s := lg.g.Call(ctx, "state", a, secret); !IsError(s) {
		return s
	}
	return out
}

// advance lets the dice and the bots play until a person is to move, and
// stores what they played (lg.mu held): a game is made without a throw, so
// that its maker holds the commitment before the first, and begins once a
// seat's holder comes to it. Only a game not yet begun is advanced here
// (after a call that acts the call does it); on a shared store the copy is
// brought up to date first, and a copy another process overtook meanwhile
// is read anew, its own throws dropped unreleased.
func (h *Hub) advance(ctx context.Context, lg *Game) {
	if lg.g.Len() > 0 || h.behind(ctx, lg) && lg.g.Len() > 0 {
		return
	}
	n, err := lg.g.AdvanceCount(ctx, 0)
	if err != nil {
		h.opt.Log.Warn("advance", GameAttr(lg.id), "err", err)
	}
	if n == 0 {
		return
	}
	if err := h.persist(ctx, lg, false, false); err != nil {
		if ferr := h.fresh(lg); ferr != nil || !errors.Is(err, store.ErrConflict) {
			h.opt.Log.Warn("storing the first throws", GameAttr(lg.id), "err", err)
		}
		return
	}
	h.schedule(lg)
}

// Record returns a game's record, open or archived.
func (h *Hub) Record(ctx context.Context, id string) (string, error) {
	if lg, err := h.held(id); err == nil {
		defer lg.mu.Unlock()
		return lg.g.Record()
	} else if !errors.Is(err, ErrUnknownGame) {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	var rec string
	var ok bool
	err := h.timed("record", func() (err error) { rec, ok, err = h.store.Record(ctx, id); return err })
	if err != nil {
		return "", h.storageErr("reading a record", id, err)
	}
	if !ok || rec == "" {
		return "", ErrUnknownGame
	}
	return rec, nil
}

// Snapshot returns the session's snapshot of the game of id as stored.
func (h *Hub) Snapshot(id string) ([]byte, error) {
	lg, err := h.held(id)
	if err != nil {
		return nil, err
	}
	defer lg.mu.Unlock()
	b, _, err := lg.g.Snapshot()
	return b, err
}

// behind brings a game up to what storage holds (lg.mu held) when other
// processes share the store, and says whether it changed.
func (h *Hub) behind(ctx context.Context, lg *Game) bool {
	if _, shared := h.store.(store.Notifier); !shared {
		return false
	}
	before := lg.ver
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	return h.reload(ctx, lg) == nil && lg.ver != before
}
