package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
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
// its handle, with the server's id and what storage holds of it.
type live struct {
	id     string
	handle int

	// mu orders every call of the game, its write and the telling of its
	// connections: a call, the server's advance after it, the write of
	// what changed and the delta to every connection are one step, so
	// that what a connection is told is stored, in order.
	mu        sync.Mutex
	g         *session.Game
	meta      Meta
	length    int // the steps played, as stored
	rev       int // the stored revision
	ver       int // the row's version in storage
	sinceSnap int // steps stored after the snapshot
	used      time.Time
	gone      bool // archived, or taken from the table
	// stale: a write or a reload failed, so the session's game may hold
	// what storage does not; it is brought back from storage before
	// anything else is done with it.
	stale bool
	// conns are the connections following the game, each told every
	// stored change.
	conns map[*conn]struct{}
}

func newLive(id string, handle int, g *session.Game, meta Meta, rev int) *live {
	return &live{id: id, handle: handle, g: g, meta: meta, rev: rev, length: g.Len(), used: time.Now(),
		conns: map[*conn]struct{}{}}
}

// changes is what the game changed since the stored revision, as one
// delta (session.Game.Since), and how to store it: the steps played on,
// or a snapshot when anything else changed (an undo, a redo, a takeback,
// a clock run out, a change no longer remembered). redo is true after a
// redo, which the steps' notations would replay as moves and lose the
// rest of what is to redo.
func (lg *live) changes(redo bool) (d session.Delta, steps []StoredStep, snap bool) {
	d, err := lg.g.Since(lg.rev)
	if err != nil {
		return d, nil, true
	}
	if d.Rev == lg.rev {
		return d, nil, false
	}
	// every change a step played on: the changes since the stored
	// revision as many as the steps after the stored length
	if redo || d.From != lg.length || d.Rev-lg.rev != len(d.Log) {
		return d, nil, true
	}
	steps = make([]StoredStep, len(d.Log))
	for i, st := range d.Log {
		steps[i] = StoredStep{Rev: lg.rev + 1 + i, Index: st.Index, Actor: st.Actor, Notation: st.Notation}
	}
	return d, steps, false
}

// storeTimeout bounds a call of the store: a database that stops
// answering without closing its connections fails the call with
// ErrStorage instead of holding the game.
const storeTimeout = 10 * time.Second

// snapEvery is the number of steps stored after a snapshot before a new
// snapshot replaces them, which bounds the work of a restart.
const snapEvery = 64

// persist writes what the last call changed, then tells the game's
// connections. On a failure the game is stale: it is brought back from
// storage before its next call, as the last write left it.
func (s *Server) persist(ctx context.Context, lg *live, redo, force bool) error {
	d, steps, snap := lg.changes(redo)
	if !snap && !force && len(steps) == 0 {
		return nil
	}
	var c Change
	rev := d.Rev
	if snap || force || lg.sinceSnap+len(steps) > snapEvery {
		data, at, err := lg.g.Snapshot()
		if err != nil {
			lg.stale = true
			return fmt.Errorf("%w: snapshot: %v", ErrStorage, err)
		}
		rev = at
		meta, _ := json.Marshal(lg.meta)
		c = Change{Kind: Snap, Game: lg.id, Meta: meta, Snapshot: data, From: lg.ver, Rev: rev}
	} else {
		c = Change{Kind: Steps, Game: lg.id, Steps: steps, From: lg.ver, Rev: rev}
	}
	wctx, cancel := context.WithTimeout(ctx, storeTimeout)
	err := s.store.Write(wctx, c)
	cancel()
	if err != nil {
		lg.stale = true
		return err
	}
	lg.ver++
	if c.Kind == Snap {
		lg.sinceSnap = 0
	} else {
		lg.sinceSnap += len(steps)
	}
	before := lg.rev
	if rev != d.Rev { // the snapshot saw more (a clock run out meanwhile)
		d, _ = lg.g.Since(before)
	}
	lg.rev, lg.length = rev, d.Length
	if rev != before {
		lg.publish(&d)
	}
	return nil
}

// publish tells every connection of the game of a stored change (lg.mu
// held). The delta is made into a frame once for all of them.
func (lg *live) publish(d *session.Delta) {
	if len(lg.conns) == 0 {
		return
	}
	b := deltaFrame(d)
	for cn := range lg.conns {
		cn.send(b)
	}
}

// restore brings a stored game back to the table under handle: its
// snapshot, then every step stored after it.
func (s *Server) restore(st Stored, handle int) (*session.Game, Meta, error) {
	var meta Meta
	if err := json.Unmarshal(st.Meta, &meta); err != nil {
		return nil, meta, fmt.Errorf("game %.8s…: meta: %w", st.Game, err)
	}
	g, err := s.table.Restore(handle, st.Snapshot)
	if err != nil {
		return nil, meta, fmt.Errorf("game %.8s…: %w", st.Game, err)
	}
	if err := replay(g, st.Steps); err != nil {
		s.table.Close(handle)
		return nil, meta, fmt.Errorf("game %.8s…: %w", st.Game, err)
	}
	return g, meta, nil
}

// replay plays stored steps on g, each at its index.
func replay(g *session.Game, steps []StoredStep) error {
	for _, step := range steps {
		if g.Len() != step.Index {
			return fmt.Errorf("step %d stored at %d", step.Index, g.Len())
		}
		if _, err := g.Apply(step.Notation); err != nil {
			return fmt.Errorf("step %d %q: %w", step.Index, step.Notation, err)
		}
	}
	return nil
}

// restoreHeld brings a stored game back under its stored handle, or under
// one of this process's own when that is taken: the handles are a
// process's, and processes sharing a store give the same numbers to
// different games (the table counts its new games' handles up from the
// highest it holds).
func (s *Server) restoreHeld(st Stored) (*live, error) {
	lg, err := s.restoreLive(st)
	for range 1000 {
		if !errors.Is(err, session.ErrHandleInUse) {
			break
		}
		st.Handle = int(s.handles.Add(1))
		lg, err = s.restoreLive(st)
	}
	return lg, err
}

// restoreLive brings a stored game back as the server holds it.
func (s *Server) restoreLive(st Stored) (*live, error) {
	g, meta, err := s.restore(st, st.Handle)
	if err != nil {
		return nil, err
	}
	lg := newLive(st.Game, st.Handle, g, meta, st.Rev)
	lg.sinceSnap, lg.ver = len(st.Steps), st.Ver
	return lg, nil
}

// find returns the game of an id: one the server holds, or one open in
// storage that it does not hold yet (made by another process sharing the
// store, or not restored at the start), brought to the table under a
// handle of its own. The server's lock is not held while storage is read:
// a slow database holds up only those who ask for that game. In a cluster
// a game another process holds is not brought here: find answers
// *heldElsewhere.
func (s *Server) find(id string) (*live, error) { return s.findGone(id, "") }

// findGone is find, the process gone taken for gone: a game it holds is
// held here.
func (s *Server) findGone(id, gone string) (*live, error) {
	s.mu.Lock()
	if lg := s.games[id]; lg != nil {
		s.mu.Unlock()
		return lg, nil
	}
	if len(id) != 22 { // 128 bits in base64url: nothing else is looked up
		s.mu.Unlock()
		return nil, ErrUnknownGame
	}
	w, first := joinPending(s.loading, id)
	s.mu.Unlock()
	if !first {
		return w.wait()
	}
	lg, err := s.load(id, gone)
	s.mu.Lock()
	delete(s.loading, id)
	if err == nil {
		s.games[id] = lg
	}
	s.mu.Unlock()
	w.finish(lg, err)
	return lg, err
}

// pending is work under way for a key (a game read from storage, a link
// connected): the first to ask does it, the others wait for its result.
type pending[V any] struct {
	done chan struct{} // closed when v and err are set
	v    V
	err  error
}

// joinPending returns the work under way for key in m, or starts it
// there: first is true for the caller that does it, and finishes it. The
// caller holds the lock that guards m.
func joinPending[K comparable, V any](m map[K]*pending[V], key K) (p *pending[V], first bool) {
	if p := m[key]; p != nil {
		return p, false
	}
	p = &pending[V]{done: make(chan struct{})}
	m[key] = p
	return p, true
}

func (p *pending[V]) finish(v V, err error) {
	p.v, p.err = v, err
	close(p.done)
}

func (p *pending[V]) wait() (V, error) {
	<-p.done
	return p.v, p.err
}

// load reads an open game from storage and brings it to the table; in a
// cluster once it holds the game (see hold).
func (s *Server) load(id, gone string) (*live, error) {
	ctx, cancel := context.WithTimeout(s.base, storeTimeout)
	defer cancel()
	if s.cluster != nil {
		if err := s.hold(ctx, id, gone); err != nil {
			return nil, err
		}
	}
	st, ok, err := s.store.Game(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrStorage, err)
	}
	if !ok {
		return nil, ErrUnknownGame
	}
	lg, err := s.restoreHeld(st)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrStorage, err)
	}
	return lg, nil
}

// hold makes this process the holder of a game when no live process
// holds it; *heldElsewhere names the one that does. A holder taken for
// gone, or named at this process's own address (an earlier run of it),
// is passed over.
func (s *Server) hold(ctx context.Context, id, gone string) error {
	for range 2 {
		holder, addr, ok, err := s.cluster.Hold(ctx, id, s.id, gone)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrStorage, err)
		}
		if !ok {
			return ErrUnknownGame
		}
		if holder == s.id {
			return nil
		}
		if holder != gone && (addr == s.opt.Advertise || s.isGone(holder)) {
			gone = holder
			continue
		}
		return &heldElsewhere{holder: holder, addr: addr}
	}
	return ErrBusy
}

// borrow returns a game for one call: the one the server holds, or, when
// another process holds it, a copy read from storage for the call alone
// (done closes it). A call on the copy is stored under the row's version
// like any other, and the holder is told of it by the store.
func (s *Server) borrow(id string) (lg *live, done func(), err error) {
	lg, err = s.find(id)
	var far *heldElsewhere
	if !errors.As(err, &far) {
		return lg, func() {}, err
	}
	ctx, cancel := context.WithTimeout(s.base, storeTimeout)
	defer cancel()
	st, ok, err := s.store.Game(ctx, id)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrStorage, err)
	}
	if !ok {
		return nil, nil, ErrUnknownGame
	}
	st.Handle = int(s.handles.Add(1))
	lg, err = s.restoreHeld(st)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrStorage, err)
	}
	return lg, func() {
		lg.mu.Lock()
		lg.gone = true
		s.table.Close(lg.handle)
		lg.mu.Unlock()
	}, nil
}

// openGames returns the open games this process brings back at its
// start: every one; in a cluster those no live process holds, which it
// holds from then on.
func (s *Server) openGames(ctx context.Context) ([]Stored, error) {
	if s.cluster == nil {
		return s.store.Open(ctx)
	}
	ids, err := s.cluster.Adopt(ctx, s.id)
	if err != nil {
		return nil, err
	}
	var out []Stored
	for _, id := range ids {
		st, ok, err := s.store.Game(ctx, id)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, st)
		}
	}
	return out, nil
}

// changed is told of a change committed by any process sharing the
// store, with the row's version after it: a game held here that is
// behind takes the steps stored after its revision, or is brought back
// whole after anything else, and its connections are told. An empty id
// says notifications may have been lost (the store's listener was
// connected again): every game held is looked at.
func (s *Server) changed(id string, ver int) {
	ctx, cancel := context.WithTimeout(s.base, storeTimeout)
	defer cancel()
	if id == "" {
		s.mu.Lock()
		all := make([]*live, 0, len(s.games))
		for _, lg := range s.games {
			all = append(all, lg)
		}
		s.mu.Unlock()
		for _, lg := range all {
			lg.mu.Lock()
			if !lg.gone {
				s.catchUp(ctx, lg)
			}
			lg.mu.Unlock()
		}
		return
	}
	s.mu.Lock()
	lg := s.games[id]
	s.mu.Unlock()
	if lg == nil {
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if !lg.gone && !lg.stale && lg.ver < ver {
		s.catchUp(ctx, lg)
	}
}

// catchUp brings a game up to what storage holds (lg.mu held): the steps
// stored after its revision are played on it; after a new snapshot (an
// undo, a claim, 64 steps) it is brought back whole.
func (s *Server) catchUp(ctx context.Context, lg *live) error {
	st, ok, err := s.store.Since(ctx, lg.id, lg.rev, lg.ver)
	if err != nil {
		lg.stale = true
		return fmt.Errorf("%w: %v", ErrStorage, err)
	}
	if !ok || st.Snapshot != nil || st.Ver < lg.ver {
		return s.reload(ctx, lg)
	}
	if st.Ver == lg.ver {
		return nil
	}
	before := lg.rev
	if err := replay(lg.g, st.Steps); err != nil {
		s.logf("game %.8s…: the steps stored by another process: %v", lg.id, err)
		return s.reload(ctx, lg)
	}
	d, steps, snap := lg.changes(false)
	if snap || d.Rev != st.Rev || len(steps) != len(st.Steps) {
		s.logf("game %.8s…: the steps stored by another process play to revision %d, stored %d", lg.id, d.Rev, st.Rev)
		return s.reload(ctx, lg)
	}
	lg.rev, lg.length, lg.ver = st.Rev, d.Length, st.Ver
	lg.sinceSnap += len(steps)
	if lg.rev != before {
		lg.publish(&d)
	}
	return nil
}

// fresh makes sure the game (lg.mu held) is as storage holds it before
// anything is done with it: one whose write or reload failed is brought
// back; one archived is no more.
func (s *Server) fresh(lg *live) error {
	if lg.gone {
		return ErrUnknownGame
	}
	if lg.stale {
		ctx, cancel := context.WithTimeout(s.base, storeTimeout)
		defer cancel()
		if err := s.reload(ctx, lg); err != nil {
			return err
		}
	}
	return nil
}

// reload brings a game back as storage holds it, under its handle, and
// tells its connections what changed (lg.mu held): after a write that
// failed, so that nothing is shown that is not stored, or when another
// process stored more than steps. When storage cannot be read the game
// stays stale and every call on it fails with ErrStorage, until a reload
// succeeds; a game storage no longer holds (archived by another process)
// is gone.
func (s *Server) reload(ctx context.Context, lg *live) error {
	st, ok, err := s.store.Game(ctx, lg.id)
	if err != nil {
		lg.stale = true
		return fmt.Errorf("%w: %v", ErrStorage, err)
	}
	if !ok {
		s.drop(lg, fmt.Errorf("%w: the game was archived", ErrUnknownGame))
		return ErrUnknownGame
	}
	s.table.Close(lg.handle)
	g, meta, err := s.restore(st, lg.handle)
	if err != nil {
		s.logf("%v; the game is gone until a restart", err)
		lg.g = nil
		s.drop(lg, fmt.Errorf("%w: the game could not be brought back from storage", ErrStorage))
		return fmt.Errorf("%w: %v", ErrStorage, err)
	}
	before := lg.rev
	lg.g, lg.meta, lg.rev, lg.ver, lg.sinceSnap, lg.length, lg.stale = g, meta, st.Rev, st.Ver, len(st.Steps), g.Len(), false
	// what the connections were told was stored: they are at before at
	// most, and a game restored remembers its changes from its snapshot on
	if d, err := g.Since(min(before, st.Rev)); err == nil && d.Rev != before {
		lg.publish(&d)
	} else if err != nil {
		if d, err := g.Since(0); err == nil {
			lg.publish(&d)
		}
	}
	return nil
}

// drop takes a game from the server and tells its connections why (lg.mu
// held).
func (s *Server) drop(lg *live, why error) {
	lg.gone = true
	if lg.g != nil {
		s.table.Close(lg.handle)
	}
	s.mu.Lock()
	if s.games[lg.id] == lg {
		delete(s.games, lg.id)
	}
	s.mu.Unlock()
	for cn := range lg.conns {
		cn.closed(why)
	}
	lg.conns = map[*conn]struct{}{}
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
	s.drop(lg, fmt.Errorf("%w: the game was archived", ErrUnknownGame))
	return nil
}

// Sweep archives the games no call has used for longer than the idle
// time and that no connection watches, and returns how many. In a
// cluster it first holds the games whose holder is gone, so that they
// are archived in turn.
func (s *Server) Sweep(ctx context.Context, idle time.Duration) int {
	if s.cluster != nil {
		if ids, err := s.cluster.Adopt(ctx, s.id); err != nil {
			s.logf("holding the games of processes gone: %v", err)
		} else {
			for _, id := range ids {
				if _, err := s.find(id); err != nil {
					s.logf("game %.8s…: %v", id, err)
				}
			}
		}
	}
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
		if !lg.gone && !lg.stale && len(lg.conns) == 0 && now.Sub(lg.used) > idle {
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
	if lg, done, err := s.borrow(id); err == nil {
		defer done()
		lg.mu.Lock()
		defer lg.mu.Unlock()
		if err := s.fresh(lg); err == nil {
			return lg.g.Record()
		} else if !errors.Is(err, ErrUnknownGame) {
			return "", err
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
