package hub

import (
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/session"
)

// Game is a game held: the session's game at the table, and what is stored.
type Game struct {
	id     string
	handle int

	// mu orders the calls of the game: a call, the server's play after
	// it and the write of what changed are one step.
	mu        sync.Mutex
	g         *session.Game
	meta      Meta
	length    int // the steps played, as stored
	rev       int // the stored revision
	ver       int // the row's version in storage
	sinceSnap int // steps stored after the snapshot
	gone      bool
	moved     bool        // let go for another process, which serves it: find reads it anew
	stale     bool        // a write or a read failed: reload it before anything else
	following int         // the connections of this process that follow it (Hub.Watch)
	clock     *time.Timer // fires at the deadline of a game with a time control

	// a person's presence as the processes share it (store.Presence):
	// when this process last wrote it, and until when the sweep need not
	// read it again, having read a recent one
	touchWritten, presentUntil time.Time

	// its place among the waiting games (Hub.account), under waiting.mu
	waitEl     *list.Element
	waitOrigin string
}

// snapEvery bounds the steps stored after a snapshot, and so a restart's work.
const snapEvery = 64

// restore brings a stored game to the table under its handle, gated: its
// watchers are told only what is stored.
func (h *Hub) restore(st store.Stored) (*Game, error) {
	meta, err := metaOf(st.Meta)
	if err != nil {
		return nil, err
	}
	g, err := h.table.Restore(st.Handle, st.Snapshot)
	// processes sharing a store give the same handles to different games
	for i := 0; errors.Is(err, session.ErrHandleInUse) && i < 1000; i++ {
		st.Handle = int(h.handles.Add(1))
		g, err = h.table.Restore(st.Handle, st.Snapshot)
	}
	if err != nil {
		return nil, err
	}
	g.Gate()
	if err := replay(g, st.Steps); err != nil {
		h.table.Close(st.Handle)
		return nil, err
	}
	g.Release(g.Rev())
	return &Game{id: st.Game, handle: st.Handle, g: g, meta: meta, rev: st.Rev, ver: st.Ver,
		length: g.Len(), sinceSnap: len(st.Steps)}, nil
}

// replay plays stored steps on g, each at its index.
func replay(g *session.Game, steps []store.StoredStep) error {
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

// changes is what the game changed since the stored revision: the steps
// played on, or a snapshot after anything else (an undo, a claim…) or a
// redo, which steps would replay as moves, losing what is to redo.
func (lg *Game) changes(redo bool) (rev int, steps []store.StoredStep, snap bool) {
	d, err := lg.g.SinceSteps(lg.rev)
	if err != nil {
		return lg.g.Rev(), nil, true
	}
	if redo || d.From != lg.length || d.Rev-lg.rev != len(d.Log) {
		return d.Rev, nil, true
	}
	steps = make([]store.StoredStep, len(d.Log))
	for i, st := range d.Log {
		steps[i] = store.StoredStep{Rev: lg.rev + 1 + i, Index: st.Index, Actor: st.Actor, Notation: st.Notation}
	}
	return d.Rev, steps, false
}

// persist writes what the game changed since it was last stored (lg.mu
// held), then releases it to the watchers; on a failure the game is stale.
func (h *Hub) persist(ctx context.Context, lg *Game, redo, force bool) error {
	if lg.g.Rev() == lg.rev && !force {
		return nil
	}
	rev, steps, snap := lg.changes(redo)
	c := store.Change{Kind: store.Steps, Game: lg.id, Steps: steps, From: lg.ver, Rev: rev}
	if snap || force || lg.sinceSnap+len(steps) > snapEvery {
		data, at, err := lg.g.Snapshot()
		if err != nil {
			lg.stale = true
			return h.storageErr("a snapshot", lg.id, err)
		}
		meta, _ := json.Marshal(lg.meta)
		c = store.Change{Kind: store.Snap, Game: lg.id, Meta: meta, Snapshot: data, From: lg.ver, Rev: at,
			Public: lg.meta.Public, Open: len(lg.meta.open())}
	}
	wctx, cancel := context.WithTimeout(ctx, storeTimeout)
	err := h.write(wctx, c)
	cancel()
	if err != nil {
		lg.stale = true
		if errors.Is(err, store.ErrConflict) {
			return err
		}
		return h.storageErr("writing a game", lg.id, err)
	}
	if c.Kind == store.Snap {
		lg.sinceSnap = 0
	}
	lg.ver, lg.rev, lg.length, lg.sinceSnap = lg.ver+1, c.Rev, lg.g.Len(), lg.sinceSnap+len(c.Steps)
	lg.g.Release(c.Rev)
	return nil
}

// errMoved: a game was let go for another process while it was asked for.
var errMoved = errors.New("the game was let go")

// fresh reloads a stale game (lg.mu held); one archived is no more.
func (h *Hub) fresh(lg *Game) error {
	if lg.moved {
		return errMoved
	}
	if lg.gone {
		return ErrUnknownGame
	}
	if lg.stale {
		ctx, cancel := context.WithTimeout(h.base, storeTimeout)
		defer cancel()
		return h.reload(ctx, lg)
	}
	return nil
}

// catchUp brings a game up to a note of a change (lg.mu held): it plays
// the steps the note brought, or reads the game anew.
func (h *Hub) catchUp(ctx context.Context, lg *Game, note store.Note) error {
	if note.Reload || note.Ver != lg.ver+1 {
		return h.reload(ctx, lg)
	}
	err := replay(lg.g, note.Steps)
	if err == nil && lg.g.Rev() != note.Rev {
		err = fmt.Errorf("they play to revision %d, stored %d", lg.g.Rev(), note.Rev)
	}
	if err != nil {
		h.opt.Log.Warn("the steps another process stored do not replay; reading the game anew", GameAttr(lg.id), "err", err)
		lg.stale = true
		return h.reload(ctx, lg)
	}
	lg.rev, lg.length, lg.ver = note.Rev, lg.g.Len(), note.Ver
	lg.sinceSnap += len(note.Steps)
	lg.g.Release(lg.rev)
	return nil
}

// reload brings a game back from storage in place, its watchers going on
// (lg.mu held), unless stored as held; while storage fails it stays stale.
func (h *Hub) reload(ctx context.Context, lg *Game) error {
	st, ok, err := h.read(ctx, lg.id)
	if err != nil {
		lg.stale = true
		return h.storageErr("reading a game", lg.id, err)
	}
	if !ok {
		h.drop(lg)
		return ErrUnknownGame
	}
	if st.Ver == lg.ver && !lg.stale {
		return nil
	}
	meta, err := metaOf(st.Meta)
	var g *session.Game
	if err == nil {
		g, err = h.table.Reload(lg.handle, st.Snapshot)
	}
	if err == nil {
		err = replay(g, st.Steps)
	}
	if err != nil {
		h.opt.Log.Error("a stored game does not load: gone until a restart", GameAttr(lg.id), "err", err)
		h.drop(lg)
		return ErrStorage
	}
	g.Release(g.Rev())
	lg.g, lg.meta, lg.rev, lg.ver, lg.sinceSnap, lg.length, lg.stale = g, meta, st.Rev, st.Ver, len(st.Steps), g.Len(), false
	h.account(lg)
	return nil
}

// drop takes a game from the hub (lg.mu held); its watchers are told.
func (h *Hub) drop(lg *Game) {
	lg.gone = true
	if lg.clock != nil {
		lg.clock.Stop()
	}
	h.table.Close(lg.handle)
	h.account(lg)
	h.mu.Lock()
	if h.games[lg.id] == lg {
		delete(h.games, lg.id)
	}
	h.mu.Unlock()
}

// archive stores a game's record and drops it (lg.mu held); why says
// what archived it in the log and the metrics: idle, waiting, room, asked.
func (h *Hub) archive(ctx context.Context, lg *Game, why string) error {
	if err := h.persist(ctx, lg, false, false); err != nil {
		return err
	}
	// an archived game plays no more: its dice are revealed, and its
	// record keeps their proof for anyone who reads it later
	lg.g.Reveal()
	rec, err := lg.g.Record()
	if err != nil {
		return err
	}
	rec += proofLines(lg.g.Info())
	if err := h.write(ctx, store.Change{Kind: store.Archive, Game: lg.id, From: lg.ver, Record: rec}); err != nil {
		lg.stale = true
		return err
	}
	h.drop(lg)
	h.opt.Log.Debug("game archived", GameAttr(lg.id), "why", why)
	h.opt.Metrics.Archived(why)
	return nil
}

// proofLines are the proof of a revealed game's dice as comment lines of
// its record, which every reader of records skips: the commitment, the
// seed, the salt and the redraws, read by doc/verify_dice.py when no
// values are given to it.
func proofLines(in session.Info) string {
	if in.Commitment == "" || in.Seed == nil {
		return ""
	}
	s := "# dice commitment: " + in.Commitment + "\n# dice seed: " + strconv.FormatUint(uint64(*in.Seed), 10) + "\n# dice salt: " + in.Salt + "\n"
	if len(in.Redraws) > 0 {
		r := make([]string, len(in.Redraws))
		for i, m := range in.Redraws {
			r[i] = strconv.Itoa(m)
		}
		s += "# dice redraws: " + strings.Join(r, ",") + "\n"
	}
	return s
}

// schedule sets the game's timer for its clock's deadline (lg.mu held):
// a seat's time running out is stored and told at the moment.
func (h *Hub) schedule(lg *Game) {
	at, ok := lg.g.Deadline()
	if !ok {
		if lg.clock != nil {
			lg.clock.Stop()
		}
		return
	}
	d := time.Until(at) + 5*time.Millisecond
	if lg.clock != nil {
		lg.clock.Reset(d)
		return
	}
	lg.clock = time.AfterFunc(d, func() {
		lg.mu.Lock()
		defer lg.mu.Unlock()
		if h.base.Err() != nil || h.fresh(lg) != nil { // the hub closed, or the game is gone
			return
		}
		lg.g.TimeUp()
		if err := h.persist(h.base, lg, false, false); err != nil {
			h.opt.Log.Warn("a clock run out, not stored", GameAttr(lg.id), "err", err)
		}
		h.schedule(lg)
	})
}
