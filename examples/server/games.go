package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// The server's own errors, named as the session names its own (the "name"
// of an error object).
var (
	ErrUnknownGame = errors.New("no game of that id")
	ErrBadInvite   = errors.New("no open seat of the game has that invitation")
	ErrNotServed   = errors.New("the server does not offer that method")
	ErrForged      = errors.New("the server names the game and the seat; a call may not")
	ErrBadFrame    = errors.New("a frame that is no call")
	ErrRateLimited = errors.New("too many calls; wait a moment")
	ErrBusy        = errors.New("the server is busy; try again")
	ErrTooMany     = errors.New("too many connections")
	ErrNoHello     = errors.New("say hello with the game first")
	ErrStopping    = errors.New("the server is stopping; reconnect in a moment")
)

// errorNames are the stable names of the server's errors.
var errorNames = map[error]string{
	ErrUnknownGame: "ErrUnknownGame", ErrBadInvite: "ErrBadInvite", ErrNotServed: "ErrNotServed",
	ErrForged: "ErrForged", ErrBadFrame: "ErrBadFrame", ErrRateLimited: "ErrRateLimited",
	ErrBusy: "ErrBusy", ErrTooMany: "ErrTooMany", ErrNoHello: "ErrNoHello", ErrStopping: "ErrStopping",
	ErrStorage: "ErrStorage", ErrConflict: "ErrConflict",
}

// errorJSON is the answer {"error": {"name", "message"}} for an error of
// the server (the session's own errors come with their answers).
func errorJSON(err error) []byte {
	name := "Error"
	for e, n := range errorNames {
		if errors.Is(err, e) {
			name = n
			break
		}
	}
	if name == "Error" {
		var ej session.ErrorJSON = session.NewErrorJSON(err)
		b, _ := json.Marshal(map[string]any{"error": ej})
		return b
	}
	b, _ := json.Marshal(map[string]any{"error": map[string]string{"name": name, "message": err.Error()}})
	return b
}

// newToken returns 128 bits from crypto/rand in base64url: a game's id or
// an invitation.
func newToken() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// Meta is what the server keeps of a game beside the session's snapshot.
type Meta struct {
	Variant string   `json:"variant"`
	Preset  string   `json:"preset"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"`
	// Public games are listed in the lobby while a seat is open.
	Public bool `json:"public"`
	// Invites are per seat the SHA-256 (hex) of the invitation to the
	// seat, "" for a seat not open (a bot's, or claimed).
	Invites []string  `json:"invites"`
	Created time.Time `json:"created"`
}

// live is a game the server holds: the session's game at the table under
// its handle, with the server's id and the revision stored.
type live struct {
	id     string
	handle int
	g      *session.Game

	// mu orders every call of the game and its write: a call, the
	// server's advance after it, and the write of what changed are one
	// step, so that what a watcher is told is stored.
	mu        sync.Mutex
	meta      Meta
	rec       *session.Watcher // the server's own watcher: what each call changed
	length    int              // the steps played, as the recorder saw them
	rev       int              // the stored revision
	ver       int              // the row's version in storage
	sinceSnap int              // steps stored after the snapshot
	used      time.Time
	gone      bool // archived, or taken from the table

	// the stored revision, for the connections' watchers: a delta is sent
	// once its revision is stored
	cmu       sync.Mutex
	cond      *sync.Cond
	committed int
	epoch     int // rises when the game is reloaded from storage
	conns     int
}

func newLive(id string, handle int, g *session.Game, meta Meta, rev int) (*live, error) {
	lg := &live{id: id, handle: handle, g: g, meta: meta, rev: rev, committed: rev, used: time.Now()}
	lg.cond = sync.NewCond(&lg.cmu)
	if err := lg.watch(); err != nil {
		return nil, err
	}
	return lg, nil
}

// watch starts the server's own watcher, from the position now.
func (lg *live) watch() error {
	if lg.rec != nil {
		lg.rec.Close()
	}
	n := lg.g.Len()
	w, err := lg.g.Watch(n)
	if err != nil {
		return err
	}
	<-w.Deltas() // the catch-up, empty
	lg.rec, lg.length = w, n
	return nil
}

// stored raises the stored revision and wakes the connections waiting for it.
func (lg *live) stored(rev int) {
	lg.cmu.Lock()
	lg.committed = rev
	lg.cmu.Unlock()
	lg.cond.Broadcast()
}

// waitStored waits until rev is stored; false when the game was reloaded
// (epoch changed) meanwhile, so that the delta is not to be sent.
func (lg *live) waitStored(ctx context.Context, rev, epoch int) bool {
	lg.cmu.Lock()
	defer lg.cmu.Unlock()
	for lg.committed < rev && lg.epoch == epoch && ctx.Err() == nil {
		lg.cond.Wait()
	}
	return lg.epoch == epoch && ctx.Err() == nil
}

// wake wakes the goroutines waiting in waitStored, to look at their
// contexts.
func (lg *live) wake() {
	lg.cmu.Lock()
	lg.cmu.Unlock()
	lg.cond.Broadcast()
}

// snapRev reads the revision from a snapshot's head.
func snapRev(snap []byte) (int, error) {
	_, rest, _ := bytes.Cut(snap, []byte("\n"))
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	var head struct {
		Rev int `json:"rev"`
	}
	if err := json.Unmarshal(line, &head); err != nil {
		return 0, fmt.Errorf("snapshot head: %w", err)
	}
	return head.Rev, nil
}

// changes collects what the calls since the last write changed, from the
// server's own watcher: the steps played on, or a snapshot when anything
// else changed (an undo, a redo, a takeback, a clock run out) or the
// watcher fell behind. redo is true after a redo, which the steps'
// notations would replay as moves and lose the rest of what is to redo.
func (lg *live) changes(redo bool) (steps []StoredStep, rev int, snap bool) {
	rev = lg.rev
	for {
		select {
		case d, ok := <-lg.rec.Deltas():
			if !ok {
				// fell behind (an advance of hundreds of steps): watch
				// afresh, and store the whole
				if err := lg.watch(); err != nil {
					return nil, rev, true
				}
				return nil, rev, true
			}
			if redo || d.From != lg.length || len(d.Log) != 1 || d.Rev != rev+1 {
				snap = true
			} else {
				s := d.Log[0]
				steps = append(steps, StoredStep{Rev: d.Rev, Index: s.Index, Actor: s.Actor, Notation: s.Notation})
			}
			lg.length, rev = d.Length, d.Rev
		default:
			return steps, rev, snap
		}
	}
}

// snapEvery is the number of steps stored after a snapshot before a new
// snapshot replaces them, which bounds the work of a restart.
const snapEvery = 64

// persist writes what the last call changed. On a failure the caller
// reloads the game from storage: it is then as the last write left it.
func (s *Server) persist(ctx context.Context, lg *live, redo, force bool) error {
	steps, rev, snap := lg.changes(redo)
	if !snap && !force && len(steps) == 0 {
		return nil
	}
	var c Change
	if snap || force || lg.sinceSnap+len(steps) > snapEvery {
		data, err := lg.g.Snapshot()
		if err != nil {
			return fmt.Errorf("%w: snapshot: %v", ErrStorage, err)
		}
		r, err := snapRev(data)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrStorage, err)
		}
		meta, _ := json.Marshal(lg.meta)
		c = Change{Kind: Snap, Game: lg.id, Meta: meta, Snapshot: data, From: lg.ver, Rev: r}
		rev = r
	} else {
		c = Change{Kind: Steps, Game: lg.id, Steps: steps, From: lg.ver, Rev: rev}
	}
	if err := s.store.Write(ctx, c); err != nil {
		return err
	}
	lg.rev = rev
	lg.ver++
	if c.Kind == Snap {
		lg.sinceSnap = 0
	} else {
		lg.sinceSnap += len(steps)
	}
	lg.stored(rev)
	return nil
}

// restoreLive brings a stored game back to the table under its handle:
// its snapshot, then every step stored after it.
func (s *Server) restoreLive(st Stored) (*live, error) {
	var meta Meta
	if err := json.Unmarshal(st.Meta, &meta); err != nil {
		return nil, fmt.Errorf("game %.8s…: meta: %w", st.Game, err)
	}
	g, err := s.table.Restore(st.Handle, st.Snapshot)
	if err != nil {
		return nil, fmt.Errorf("game %.8s…: %w", st.Game, err)
	}
	for _, step := range st.Steps {
		if g.Len() != step.Index {
			s.table.Close(st.Handle)
			return nil, fmt.Errorf("game %.8s…: step %d stored at %d", st.Game, step.Index, g.Len())
		}
		if _, err := g.Apply(step.Notation); err != nil {
			s.table.Close(st.Handle)
			return nil, fmt.Errorf("game %.8s…: step %d %q: %w", st.Game, step.Index, step.Notation, err)
		}
	}
	lg, err := newLive(st.Game, st.Handle, g, meta, st.Rev)
	if err != nil {
		s.table.Close(st.Handle)
		return nil, err
	}
	lg.sinceSnap, lg.ver = len(st.Steps), st.Ver
	return lg, nil
}

// CreateArgs are the arguments of a new game.
type CreateArgs struct {
	Variant string   `json:"variant"`
	Preset  string   `json:"preset"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"`
	Public  bool     `json:"public"`
	Lang    string   `json:"lang"`
}

// Invite is an invitation to a seat.
type Invite struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// Created answers a new game: its id (which lets anyone who has it
// watch), the creator's seat and its secret, and the invitations to the
// other people's seats.
type Created struct {
	Game    string   `json:"game"`
	Seat    int      `json:"seat"`
	Secret  string   `json:"secret"`
	Invites []Invite `json:"invites"`
}

// Create starts a game of people and bots: the creator holds the first
// person's seat, every other person's seat gets an invitation.
func (s *Server) Create(ctx context.Context, a CreateArgs) (*Created, error) {
	if s.stopping.Load() {
		return nil, ErrStopping
	}
	seed := make([]byte, 8)
	rand.Read(seed)
	var sd uint64
	for _, b := range seed {
		sd = sd<<8 | uint64(b)
	}
	g, err := session.New(session.Config{Variant: a.Variant, Preset: a.Preset, Players: a.Players,
		Seed: session.Seed(sd), Seats: a.Seats, Lang: a.Lang, Owned: true})
	if err != nil {
		return nil, err
	}
	info := g.Info()
	mine := -1
	for i, k := range info.Seats {
		if k == session.Person {
			mine = i
			break
		}
	}
	if mine < 0 {
		return nil, fmt.Errorf("%w: a game of the server has a person's seat at least", session.ErrBadCall)
	}
	secret, err := g.Claim(mine)
	if err != nil {
		return nil, err
	}
	meta := Meta{Variant: info.Variant, Preset: info.Preset, Players: info.Players, Seats: info.Seats,
		Public: a.Public, Invites: make([]string, len(info.Seats)), Created: time.Now().UTC()}
	out := &Created{Game: newToken(), Seat: mine, Secret: secret}
	for i, k := range info.Seats {
		if k == session.Person && i != mine {
			t := newToken()
			meta.Invites[i] = hashToken(t)
			out.Invites = append(out.Invites, Invite{Seat: i, Token: t})
		}
	}
	// the bots and the dice play until a person is to move
	if _, err := g.Advance(ctx, 0); err != nil {
		return nil, err
	}
	handle, err := s.table.Add(g)
	if err != nil {
		return nil, err
	}
	data, err := g.Snapshot()
	if err == nil {
		var rev int
		if rev, err = snapRev(data); err == nil {
			metaJSON, _ := json.Marshal(meta)
			err = s.store.Write(ctx, Change{Kind: Create, Game: out.Game, Handle: handle, Meta: metaJSON, Snapshot: data, Rev: rev})
			if err == nil {
				var lg *live
				if lg, err = newLive(out.Game, handle, g, meta, rev); err == nil {
					s.mu.Lock()
					s.games[out.Game] = lg
					s.mu.Unlock()
					return out, nil
				}
			}
		}
	}
	s.table.Close(handle)
	return nil, err
}

// Joined answers a claim of a seat: the seat and its secret.
type Joined struct {
	Seat   int    `json:"seat"`
	Secret string `json:"secret"`
}

// Join claims the seat of an invitation; in a public game a seat open to
// all (seat ≥ 0, no invitation).
func (s *Server) Join(ctx context.Context, id, invite string, seat int) (*Joined, error) {
	lg, err := s.find(id)
	if err != nil {
		return nil, err
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.gone {
		return nil, ErrUnknownGame
	}
	if invite != "" {
		h := hashToken(invite)
		seat = -1
		for i, x := range lg.meta.Invites {
			if x != "" && subtle.ConstantTimeCompare([]byte(x), []byte(h)) == 1 {
				seat = i
			}
		}
		if seat < 0 {
			return nil, ErrBadInvite
		}
	} else if !lg.meta.Public || seat < 0 || seat >= len(lg.meta.Invites) || lg.meta.Invites[seat] == "" {
		return nil, ErrBadInvite
	}
	secret, err := lg.g.Claim(seat)
	if err != nil {
		return nil, err
	}
	was := lg.meta.Invites[seat]
	lg.meta.Invites[seat] = ""
	lg.used = time.Now()
	if err := s.persist(ctx, lg, false, true); err != nil {
		lg.meta.Invites[seat] = was
		s.reload(lg)
		return nil, err
	}
	return &Joined{Seat: seat, Secret: secret}, nil
}

// LobbyGame is an open public game.
type LobbyGame struct {
	Game    string   `json:"game"`
	Variant string   `json:"variant"`
	Preset  string   `json:"preset"`
	Seats   []string `json:"seats"`
	Open    []int    `json:"open"`
}

// Lobby lists the public games with a seat open, at most max.
func (s *Server) Lobby(max int) []LobbyGame {
	s.mu.Lock()
	all := make([]*live, 0, len(s.games))
	for _, lg := range s.games {
		all = append(all, lg)
	}
	s.mu.Unlock()
	var out []LobbyGame
	for _, lg := range all {
		if len(out) >= max {
			break
		}
		lg.mu.Lock()
		if lg.meta.Public && !lg.gone {
			var open []int
			for i, x := range lg.meta.Invites {
				if x != "" {
					open = append(open, i)
				}
			}
			if len(open) > 0 {
				out = append(out, LobbyGame{Game: lg.id, Variant: lg.meta.Variant, Preset: lg.meta.Preset, Seats: lg.meta.Seats, Open: open})
			}
		}
		lg.mu.Unlock()
	}
	return out
}

// find returns the game of an id: one the server holds, or one open in
// storage that it does not hold yet (made by another process sharing the
// store, or not restored at the start), brought to the table under a
// handle of its own.
func (s *Server) find(id string) (*live, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if lg := s.games[id]; lg != nil {
		return lg, nil
	}
	if len(id) != 22 { // 128 bits in base64url: nothing else is looked up
		return nil, ErrUnknownGame
	}
	st, ok, err := s.store.Game(context.Background(), id)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrStorage, err)
	}
	if !ok {
		return nil, ErrUnknownGame
	}
	// a handle of this process's own: the table counts its new games'
	// handles up from the highest restored, so a handle may be taken
	var lg *live
	for range 1000 {
		st.Handle = int(s.handles.Add(1))
		if lg, err = s.restoreLive(st); !errors.Is(err, session.ErrHandleInUse) {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrStorage, err)
	}
	s.games[id] = lg
	return lg, nil
}

// changed is told of a change committed by any process sharing the
// store: a game held here that is behind is brought back as stored, and
// its connections catch up.
func (s *Server) changed(id string, ver int) {
	s.mu.Lock()
	lg := s.games[id]
	s.mu.Unlock()
	if lg == nil {
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if !lg.gone && lg.ver < ver {
		s.reload(lg)
	}
}

// reload takes a game whose write failed from the table and brings it
// back as storage holds it, so that nothing is shown that is not stored.
// The caller holds lg.mu.
func (s *Server) reload(lg *live) {
	s.table.Close(lg.handle)
	lg.cmu.Lock()
	lg.epoch++
	lg.cmu.Unlock()
	lg.cond.Broadcast()
	st, ok, err := s.store.Game(context.Background(), lg.id)
	if err == nil && ok {
		st.Handle = lg.handle
		var fresh *live
		if fresh, err = s.restoreLive(st); err == nil {
			lg.g, lg.rec, lg.length, lg.rev, lg.ver, lg.sinceSnap, lg.meta = fresh.g, fresh.rec, fresh.length, fresh.rev, fresh.ver, fresh.sinceSnap, fresh.meta
			lg.stored(lg.rev)
			return
		}
	}
	s.logf("game %.8s…: not reloaded from storage (%v); it is gone until a restart", lg.id, err)
	lg.gone = true
	s.mu.Lock()
	delete(s.games, lg.id)
	s.mu.Unlock()
}

// archive ends a game: its record goes to storage, the game leaves the
// table and its watchers are told. The caller holds lg.mu.
func (s *Server) archive(ctx context.Context, lg *live) error {
	rec, err := lg.g.Record()
	if err != nil {
		return err
	}
	if err := s.persist(ctx, lg, false, false); err != nil {
		return err
	}
	if err := s.store.Write(ctx, Change{Kind: Archive, Game: lg.id, From: lg.ver, Record: rec}); err != nil {
		return err
	}
	lg.gone = true
	lg.rec.Close()
	s.table.Close(lg.handle)
	s.mu.Lock()
	delete(s.games, lg.id)
	s.mu.Unlock()
	return nil
}

// Sweep archives the games no call has used for longer than the idle
// time and that no connection watches, and returns how many.
func (s *Server) Sweep(ctx context.Context, idle time.Duration) int {
	s.mu.Lock()
	all := make([]*live, 0, len(s.games))
	for _, lg := range s.games {
		all = append(all, lg)
	}
	s.mu.Unlock()
	n := 0
	now := time.Now()
	for _, lg := range all {
		lg.mu.Lock()
		lg.cmu.Lock()
		watched := lg.conns > 0
		lg.cmu.Unlock()
		if !lg.gone && !watched && now.Sub(lg.used) > idle {
			if err := s.archive(ctx, lg); err != nil {
				s.logf("game %.8s…: not archived: %v", lg.id, err)
			} else {
				n++
			}
		}
		lg.mu.Unlock()
	}
	return n
}

// record returns a game's record: of the game when it is open, else as
// archived.
func (s *Server) record(ctx context.Context, id string) (string, error) {
	if lg, err := s.find(id); err == nil {
		lg.mu.Lock()
		defer lg.mu.Unlock()
		if !lg.gone {
			return lg.g.Record()
		}
	}
	rec, ok, err := s.store.Record(ctx, id)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrStorage, err)
	}
	if !ok || rec == "" {
		return "", ErrUnknownGame
	}
	return rec, nil
}
