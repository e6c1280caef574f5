package hub

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"
	"golang.org/x/sync/singleflight"

	"github.com/brettspiel/brettspiel/server/metrics"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/session"
)

// Options configure a Hub.
type Options struct {
	// MaxGames bounds the games held at once (20,000); MaxCalls the calls
	// running at once (256; a call waits 2 s for a place, then ErrBusy).
	MaxGames, MaxCalls int
	// Idle archives the games in which nobody acted for longer (0: a day);
	// Waiting, those in which a person's seat waits (0: ten minutes).
	Idle, Waiting time.Duration
	// WaitingPerNet bounds the games of one network (Create's from) that
	// wait for a player at once (0: 5), beyond which its new games are
	// refused (ErrTooManyGames): a person waits for a friend or two and
	// lists a public game, a household behind one address a few more.
	// MaxWaiting bounds the waiting games of all networks (0: half of
	// MaxGames): the other half of the table is never held by games
	// nobody joined, so that the games played, and those read on demand,
	// find room there without archiving any, and a waiting game lives
	// through a flood until half a table of newer ones was made. Beyond
	// MaxWaiting, or when the table is full, the oldest waiting game is
	// archived to make room: a new game is refused (session.ErrTableFull)
	// only when the games with all their players fill the table.
	WaitingPerNet, MaxWaiting int
	// Metrics counts the store's calls, the games archived and the lag of
	// the store's notifications; nil counts nothing.
	Metrics *metrics.Metrics
	// Log receives what the hub logs (never a secret, seed or invitation;
	// a game by the attribute "game", its id's first characters); nil logs
	// nothing.
	Log *slog.Logger
}

func (o *Options) defaults() error {
	if o.MaxGames < 0 || o.MaxCalls < 0 || o.WaitingPerNet < 0 || o.MaxWaiting < 0 || o.Idle < 0 || o.Waiting < 0 {
		return errors.New("hub: a negative bound or duration")
	}
	o.MaxGames = cmp.Or(o.MaxGames, 20000)
	o.MaxCalls = cmp.Or(o.MaxCalls, 256)
	o.WaitingPerNet = cmp.Or(o.WaitingPerNet, 5)
	o.MaxWaiting = min(cmp.Or(o.MaxWaiting, max(1, o.MaxGames/2)), o.MaxGames)
	o.Log = cmp.Or(o.Log, slog.New(slog.DiscardHandler))
	o.Idle = cmp.Or(o.Idle, 24*time.Hour)
	o.Waiting = min(cmp.Or(o.Waiting, 10*time.Minute), o.Idle) // Sweep takes the idle among the waiting
	return nil
}

// storeTimeout bounds a call of the store: a database that stops
// answering fails the call instead of holding the game.
const storeTimeout = 10 * time.Second

// Hub holds the games of a server.
type Hub struct {
	opt   Options
	table *session.Table
	store store.Store

	mu      sync.Mutex
	games   map[string]*Game
	loads   singleflight.Group // reads each game from storage once at a time
	handles atomic.Int64       // the handles of the games read on demand
	waiting waiting            // the games that wait for a player
	seating sync.Mutex         // held to make room at a full table (roomy)
	evicted atomic.Int64       // waiting games archived to make room, since Sweep told

	calls    *semaphore.Weighted
	running  sync.RWMutex // each call holds it to read; Shutdown to write
	stopping atomic.Bool
	base     context.Context
	stop     context.CancelFunc
}

// New makes a hub of the games in st, every open game brought back; with
// a store.Notifier it follows the changes of the other processes.
func New(st store.Store, o Options) (*Hub, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	h := &Hub{opt: o, store: st, table: session.NewTable(session.Options{MaxGames: o.MaxGames}),
		games: map[string]*Game{}, calls: semaphore.NewWeighted(int64(o.MaxCalls))}
	h.waiting.by = map[string]int{}
	h.base, h.stop = context.WithCancel(context.Background())
	var stored []store.Stored
	err := h.timed("open", func() (err error) { stored, err = st.Open(h.base); return err })
	if err != nil {
		h.stop()
		return nil, fmt.Errorf("reading the games: %w", err)
	}
	h.handles.Store(1 << 24)
	for _, s := range stored {
		if lg, err := h.restore(s); err != nil {
			// one game that does not load keeps the others from nothing
			h.opt.Log.Error("a stored game does not load", GameAttr(s.Game), "err", err)
		} else {
			h.hold(lg)
		}
	}
	h.opt.Log.Info("games restored", "games", len(h.games))
	if n, ok := st.(store.Notifier); ok {
		if err := h.listen(n); err != nil {
			h.stop()
			return nil, err
		}
	}
	return h, nil
}

// Games returns the number of games held.
func (h *Hub) Games() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.games)
}

// Stopping says whether Shutdown has begun.
func (h *Hub) Stopping() bool { return h.stopping.Load() }

// Stop refuses new calls and waits for those under way, each stored.
func (h *Hub) Stop() {
	h.running.Lock()
	h.stopping.Store(true)
	h.running.Unlock()
}

// Close ends the hub's clocks and its listening, and closes the store.
func (h *Hub) Close() error {
	h.Stop()
	h.stop()
	return h.store.Close()
}

// enter takes a place of the calls running, none while the hub stops.
func (h *Hub) enter(ctx context.Context) (release func(), err error) {
	h.running.RLock()
	if h.stopping.Load() {
		h.running.RUnlock()
		return nil, ErrStopping
	}
	if !h.calls.TryAcquire(1) { // none free: one is awaited a moment
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		if h.calls.Acquire(ctx, 1) != nil {
			h.running.RUnlock()
			return nil, ErrBusy
		}
	}
	return func() { h.calls.Release(1); h.running.RUnlock() }, nil
}

// find returns the game of an id: one held, or one open in storage, read
// once however many ask, without the hub's lock (a slow database holds up
// only those who ask for that game).
func (h *Hub) find(id string) (*Game, error) {
	if lg := h.lookup(id); lg != nil {
		return lg, nil
	}
	if len(id) != 22 { // 128 bits in base64url: nothing else is looked up
		return nil, ErrUnknownGame
	}
	v, err, _ := h.loads.Do(id, func() (any, error) {
		if lg := h.lookup(id); lg != nil {
			return lg, nil
		}
		ctx, cancel := context.WithTimeout(h.base, storeTimeout)
		defer cancel()
		st, ok, err := h.read(ctx, id)
		if err != nil {
			return nil, h.storageErr("reading a game", id, err)
		}
		if !ok {
			return nil, ErrUnknownGame
		}
		st.Handle = int(h.handles.Add(1)) // the stored handle is another process's
		var lg *Game
		err = h.roomy(func() (err error) { lg, err = h.restore(st); return err })
		if err != nil {
			return nil, h.storageErr("restoring a game", id, err)
		}
		h.hold(lg)
		// a change committed while the game was read passed it by
		lg.mu.Lock()
		h.behind(ctx, lg)
		lg.mu.Unlock()
		return lg, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Game), nil
}

// lookup returns the game of id held, or nil.
func (h *Hub) lookup(id string) *Game {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.games[id]
}

// hold puts lg among the games held, its clock set.
func (h *Hub) hold(lg *Game) {
	lg.mu.Lock()
	h.schedule(lg)
	h.account(lg)
	lg.mu.Unlock()
	h.mu.Lock()
	h.games[lg.id] = lg
	h.mu.Unlock()
}

// held returns the game of id locked (lg.mu) and as storage holds it;
// one let go for another process meanwhile is read anew.
func (h *Hub) held(id string) (*Game, error) {
	for {
		lg, err := h.find(id)
		if err != nil {
			return nil, err
		}
		lg.mu.Lock()
		if err = h.fresh(lg); err == nil {
			return lg, nil
		}
		lg.mu.Unlock()
		if err != errMoved {
			return nil, err
		}
	}
}

// listen follows the other processes' changes, and returns once it listens.
func (h *Hub) listen(n store.Notifier) error {
	ready := make(chan struct{})
	listening := sync.OnceFunc(func() { close(ready) })
	// a few games catch up at once; one game's changes wait on its lock
	busy := make(chan struct{}, 8)
	go n.Listen(h.base, func(note store.Note) {
		if note.At > 0 {
			h.opt.Metrics.NotifyLag(time.Since(time.UnixMilli(note.At)))
		}
		if note.Game == "" {
			h.changedAll()
			listening()
			return
		}
		busy <- struct{}{}
		go func() { h.changed(note); <-busy }()
	})
	select {
	case <-ready:
		return nil
	case <-time.After(30 * time.Second):
		return errors.New("listening for the changes of other processes: the store does not answer")
	}
}

// all returns the games held, to be locked each after h.mu is let go
// (drop takes h.mu with a game's lock held).
func (h *Hub) all() []*Game {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Collect(maps.Values(h.games))
}

// changedAll looks at every game held: notifications may have been lost.
func (h *Hub) changedAll() {
	ctx, cancel := context.WithTimeout(h.base, storeTimeout)
	defer cancel()
	for _, lg := range h.all() {
		lg.mu.Lock()
		if !lg.gone {
			h.reload(ctx, lg)
		}
		lg.mu.Unlock()
	}
}

// changed brings a game held here up to a change any process committed.
func (h *Hub) changed(note store.Note) {
	lg := h.lookup(note.Game)
	if lg == nil {
		return
	}
	ctx, cancel := context.WithTimeout(h.base, storeTimeout)
	defer cancel()
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.gone || lg.stale || lg.ver >= note.Ver {
		return
	}
	if lg.following == 0 {
		// nobody here follows it, and the process that wrote holds it:
		// this copy goes, and is read anew should it be asked for
		lg.moved = true
		h.drop(lg)
		return
	}
	h.catchUp(ctx, lg, note)
}

// metaOf reads a game's meta from its stored JSON.
func metaOf(b []byte) (Meta, error) {
	var m Meta
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("meta: %w", err)
	}
	return m, nil
}
