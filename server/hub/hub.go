package hub

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/session"
)

// Options configure a Hub.
type Options struct {
	// MaxGames bounds the games held at once (the session's table).
	MaxGames int
	// MaxCalls bounds the calls running at once; a call waits a moment
	// for a place, then is refused with ErrBusy.
	MaxCalls int
	// Idle archives the games in which nobody acted for longer (0: a
	// day); Waiting, sooner, those in which a person's seat still waits
	// for its player (0: ten minutes).
	Idle, Waiting time.Duration
	// Log receives what the hub logs (never a secret); nil logs nothing.
	Log *log.Logger
	// Joined is told, once per game, when the last person's seat of a game
	// made by this process is claimed or the game ends before: the
	// address that made it may make another (limit.Addresses.Joined).
	Joined func(creator string)
}

func (o *Options) defaults() {
	if o.MaxGames == 0 {
		o.MaxGames = 20000
	}
	if o.MaxCalls == 0 {
		o.MaxCalls = 256
	}
	if o.Idle == 0 {
		o.Idle = 24 * time.Hour
	}
	if o.Waiting == 0 {
		o.Waiting = 10 * time.Minute
	}
	o.Waiting = min(o.Waiting, o.Idle) // Sweep takes the idle games among the waiting
}

// storeTimeout bounds a call of the store: a database that stops
// answering without closing its connections fails the call with
// ErrStorage instead of holding the game.
const storeTimeout = 10 * time.Second

// Hub holds the games of a server.
type Hub struct {
	opt   Options
	table *session.Table
	store store.Store

	mu    sync.Mutex
	games map[string]*Game
	// loads reads each game from storage once however many ask for it
	// meanwhile
	loads singleflight.Group
	// handles counts the handles of the games brought from storage on
	// demand, above those restored at the start
	handles atomic.Int64

	calls    chan struct{}
	running  sync.RWMutex // each call holds it to read; Shutdown to write
	stopping atomic.Bool
	base     context.Context
	stop     context.CancelFunc
}

// New makes a hub of the games in st, every open game brought back. With a
// store.Notifier it follows the changes of the other processes sharing the
// store from the moment it returns.
func New(st store.Store, o Options) (*Hub, error) {
	o.defaults()
	h := &Hub{opt: o, store: st, table: session.NewTable(session.Options{MaxGames: o.MaxGames}),
		games: map[string]*Game{}, calls: make(chan struct{}, o.MaxCalls)}
	h.base, h.stop = context.WithCancel(context.Background())
	stored, err := st.Open(h.base)
	if err != nil {
		h.stop()
		return nil, fmt.Errorf("reading the games: %w", err)
	}
	h.handles.Store(1 << 24)
	for _, s := range stored {
		lg, err := h.restore(s)
		if err != nil {
			// one game that does not load keeps the others from nothing
			h.logf("%v", err)
			continue
		}
		h.games[lg.id] = lg
		lg.mu.Lock()
		h.schedule(lg)
		lg.mu.Unlock()
	}
	h.logf("%d games restored", len(h.games))
	if n, ok := st.(store.Notifier); ok {
		if err := h.listen(n); err != nil {
			h.stop()
			return nil, err
		}
	}
	return h, nil
}

func (h *Hub) logf(format string, args ...any) {
	if h.opt.Log != nil {
		h.opt.Log.Printf(format, args...)
	}
}

// Games returns the number of games held.
func (h *Hub) Games() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.games)
}

// Stopping says whether Shutdown has begun.
func (h *Hub) Stopping() bool { return h.stopping.Load() }

// enter takes one of the places of concurrent calls, waiting a moment for
// one; release gives it back. While the hub stops, calls are refused.
func (h *Hub) enter(ctx context.Context) (release func(), err error) {
	h.running.RLock()
	if h.stopping.Load() {
		h.running.RUnlock()
		return nil, ErrStopping
	}
	t := time.NewTimer(2 * time.Second)
	defer t.Stop()
	select {
	case h.calls <- struct{}{}:
	case <-t.C:
		h.running.RUnlock()
		return nil, ErrBusy
	case <-ctx.Done():
		h.running.RUnlock()
		return nil, ErrBusy
	}
	return func() { <-h.calls; h.running.RUnlock() }, nil
}

// find returns the game of an id: one held, or one open in storage (made
// by another process sharing the store, or archived meanwhile: then
// ErrUnknownGame), read once however many ask for it at once. The hub's
// lock is not held while storage is read: a slow database holds up only
// those who ask for that game.
func (h *Hub) find(id string) (*Game, error) {
	h.mu.Lock()
	lg := h.games[id]
	h.mu.Unlock()
	if lg != nil {
		return lg, nil
	}
	if len(id) != 22 { // 128 bits in base64url: nothing else is looked up
		return nil, ErrUnknownGame
	}
	v, err, _ := h.loads.Do(id, func() (any, error) {
		h.mu.Lock()
		lg := h.games[id]
		h.mu.Unlock()
		if lg != nil {
			return lg, nil
		}
		ctx, cancel := context.WithTimeout(h.base, storeTimeout)
		defer cancel()
		st, ok, err := h.store.Game(ctx, id)
		if err != nil {
			return nil, h.storageErr("game %.8s…: reading it: %v", id, err)
		}
		if !ok {
			return nil, ErrUnknownGame
		}
		st.Handle = int(h.handles.Add(1)) // the stored handle is another process's
		lg, err = h.restore(st)
		if err != nil {
			return nil, h.storageErr("%v", err)
		}
		lg.mu.Lock()
		h.schedule(lg)
		lg.mu.Unlock()
		h.mu.Lock()
		h.games[id] = lg
		h.mu.Unlock()
		return lg, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Game), nil
}

// storageErr logs a failure of the storage and returns ErrStorage, which
// tells the client no more.
func (h *Hub) storageErr(format string, args ...any) error {
	h.logf(format, args...)
	return ErrStorage
}

// listen follows the changes the processes sharing the store commit. The
// hub answers once it listens: a change another process commits from
// then on reaches it.
func (h *Hub) listen(n store.Notifier) error {
	ready := make(chan struct{})
	var once sync.Once
	// the changes of different games are caught up with at once, a few at
	// a time; those of one game wait for each other on the game's lock,
	// and each finds what is stored then, so their order does not matter
	busy := make(chan struct{}, 8)
	go n.Listen(h.base, func(note store.Note) {
		if note.Game == "" {
			h.changedAll()
			once.Do(func() { close(ready) })
			return
		}
		busy <- struct{}{}
		go func() {
			defer func() { <-busy }()
			h.changed(note)
		}()
	})
	select {
	case <-ready:
		return nil
	case <-time.After(30 * time.Second):
		return errors.New("listening for the changes of other processes: the store does not answer")
	}
}

// changedAll looks at every game held: notifications may have been lost
// (the store's listener was connected again).
func (h *Hub) changedAll() {
	h.mu.Lock()
	all := make([]*Game, 0, len(h.games))
	for _, lg := range h.games {
		all = append(all, lg)
	}
	h.mu.Unlock()
	ctx, cancel := context.WithTimeout(h.base, storeTimeout)
	defer cancel()
	for _, lg := range all {
		lg.mu.Lock()
		if !lg.gone {
			h.catchUp(ctx, lg, nil)
		}
		lg.mu.Unlock()
	}
}

// changed takes a change committed by any process: a game held here that
// is behind plays the steps the notification brings, or reads what is
// stored.
func (h *Hub) changed(note store.Note) {
	h.mu.Lock()
	lg := h.games[note.Game]
	h.mu.Unlock()
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
	if note.Ver == lg.ver+1 && !note.Reload {
		h.catchUp(ctx, lg, &note)
		return
	}
	h.catchUp(ctx, lg, nil)
}

// meta reads a game's meta from its stored JSON.
func metaOf(id string, b []byte) (Meta, error) {
	var m Meta
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("game %.8s…: meta: %w", id, err)
	}
	return m, nil
}
