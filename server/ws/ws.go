// Package ws is the game server's WebSocket transport: a page's connection
// to one game, read by one goroutine; its changes wait in the session's
// ring and are forwarded by a goroutine the session's watcher starts when
// one comes (Watcher.AfterReady). A client that does not take a frame
// within Options.Write is dropped, and catches up when it reconnects.
//
// The frames, JSON text:
//
//	client → server  {"id": 7, "method": "apply", "args": {…}}, the first a hello: {"game", "secret"?, "rev"?}
//	server → client  {"id": 7, "result": {…}} or {"id": 7, "error": {"name", "message", …}} (session.AppendReply)
//	                 {"delta": {"rev", "from", "log", …}}  every change, in order (session.Delta)
//	                 {"closed": {"name", "message"}}  the game was archived
package ws

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/server/api"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/limit"
	"github.com/brettspiel/brettspiel/session"
)

// MaxFrame is the longest call in bytes; a longer one is refused
// (ErrTooLarge), one beyond 4·MaxFrame closes the connection.
const MaxFrame = 16 << 10

// Options configure the transport.
type Options struct {
	// Origins are the hosts besides the server's own whose pages may connect.
	Origins []string
	// MaxConns bounds the connections at once (20,000); ConnRate is the
	// calls a second a connection may make (20; twice as many at once).
	MaxConns int
	ConnRate float64
	// Hello is the time a new connection has to say hello, Frame a frame
	// begun to arrive whole, Write a frame sent to be taken (10 s each);
	// Ping the quiet time before a ping, and the time its pong has (30 s).
	Hello, Frame, Write, Ping time.Duration
	// SendBuffer is the socket's send buffer in bytes (0: the system's).
	SendBuffer int
	// Log receives, at the level debug, each connection's hello and end
	// (its network, its game, its seat; never a secret); nil logs nothing.
	Log *slog.Logger
}

func (o *Options) defaults() {
	o.MaxConns = cmp.Or(o.MaxConns, 20000)
	o.ConnRate = cmp.Or(o.ConnRate, 20)
	o.Hello = cmp.Or(o.Hello, 10*time.Second)
	o.Frame = cmp.Or(o.Frame, 10*time.Second)
	o.Write = cmp.Or(o.Write, 10*time.Second)
	o.Ping = cmp.Or(o.Ping, 30*time.Second)
	o.Log = cmp.Or(o.Log, slog.New(slog.DiscardHandler))
}

// Methods are the calls the transport makes of its own, as its figures
// name them (package metrics): a connection accepted, and its hello.
var Methods = []string{"connect", "hello"}

// Transport serves the WebSocket of the pages.
type Transport struct {
	hub     *hub.Hub
	addrs   *limit.Addresses
	proxies limit.Proxies
	opt     Options
	slots   chan struct{} // one taken by each connection open

	mu   sync.Mutex
	open map[*websocket.Conn]struct{} // for Shutdown; an entry is 36 B, a context.AfterFunc 198 B
	wg   sync.WaitGroup
}

// New returns the transport of h's games, under the limits of addrs.
func New(h *hub.Hub, addrs *limit.Addresses, proxies limit.Proxies, o Options) *Transport {
	o.defaults()
	return &Transport{hub: h, addrs: addrs, proxies: proxies, opt: o,
		slots: make(chan struct{}, o.MaxConns), open: map[*websocket.Conn]struct{}{}}
}

// Conns returns the connections open.
func (t *Transport) Conns() int { return len(t.slots) }

// Shutdown closes every connection with "going away" (the pages
// reconnect), and waits a moment for them to end.
func (t *Transport) Shutdown(wait time.Duration) {
	t.mu.Lock()
	for c := range t.open {
		go c.Close(websocket.StatusGoingAway, "ErrStopping: the server restarts; reconnect")
	}
	t.mu.Unlock()
	done := make(chan struct{})
	go func() { t.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(wait):
	}
}

type conn struct {
	t     *Transport
	c     *websocket.Conn
	calls *rate.Limiter // the connection's bucket of calls
	addr  *rate.Limiter // its network's
	net   limit.Net
	ctx   context.Context

	game, secret string
	seat         int

	w     *hub.Follower // the game's changes, from the hello on
	quiet *time.Timer   // pings the client when nothing was sent for a while

	mu   sync.Mutex
	sent int           // the revision of the last change sent (−1 before the hello)
	told chan struct{} // made by an answer that waits for a change, closed at the next one sent
	stop func() bool   // cancels the next call of forward

	// stall drops the connection when a frame does not arrive whole within
	// Options.Frame, late when one is not taken within Options.Write.
	stall, late *time.Timer
	wmu         sync.Mutex
	writes      int // the writes under way
}

// ServeHTTP accepts a page's WebSocket and serves it on a goroutine of its
// own: the request's ends, with the stack it grew.
func (t *Transport) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m := t.hub.Metrics()
	refuse := func(code int, err error) {
		m.Call("connect", brettspiel.ErrorName(err))
		api.WriteError(w, code, err)
	}
	n := t.addrs.NetOf(r, t.proxies)
	if !t.addrs.Allow(n) {
		refuse(http.StatusTooManyRequests, hub.ErrRateLimited)
		return
	}
	if !t.addrs.Connect(n) {
		refuse(http.StatusTooManyRequests, hub.ErrTooMany)
		return
	}
	select {
	case t.slots <- struct{}{}:
	default:
		t.addrs.Disconnect(n)
		refuse(http.StatusServiceUnavailable, hub.ErrTooMany)
		return
	}
	leave := func() { <-t.slots; t.addrs.Disconnect(n) }
	if t.hub.Stopping() {
		leave()
		refuse(http.StatusServiceUnavailable, hub.ErrStopping)
		return
	}
	c, err := websocket.Accept(&smallBuffers{ResponseWriter: w, send: t.opt.SendBuffer}, r,
		&websocket.AcceptOptions{OriginPatterns: t.opt.Origins})
	if err != nil { // Accept has answered: a bad Origin is 403
		m.Call("connect", "ErrHandshake") // a bad Origin, or no upgrade
		leave()
		return
	}
	m.Call("connect", "")
	m.Connected()
	c.SetReadLimit(4 * MaxFrame)
	ctx, cancel := context.WithCancel(context.Background())
	cn := &conn{t: t, c: c, ctx: ctx, seat: -1, sent: -1, net: n,
		calls: rate.NewLimiter(rate.Limit(t.opt.ConnRate), int(2*t.opt.ConnRate)), addr: t.addrs.Calls(n)}
	cn.stall, cn.late = disarmed(c.CloseNow), disarmed(c.CloseNow)
	t.mu.Lock()
	defer t.mu.Unlock() // counted by wg before Shutdown can see it open
	t.open[c] = struct{}{}
	t.wg.Go(func() {
		cn.serve()
		cancel()
		if cn.unwatch() {
			t.opt.Log.Debug("connection closed", "net", n.String(), hub.GameAttr(cn.game), "seat", cn.seat)
		}
		c.CloseNow()
		t.mu.Lock()
		delete(t.open, c)
		t.mu.Unlock()
		leave()
	})
}

// serve reads and answers the client's frames until the connection ends.
func (cn *conn) serve() {
	hctx, cancel := context.WithTimeout(cn.ctx, cn.t.opt.Hello)
	b, err := cn.read(hctx)
	cancel()
	for err == nil {
		// a call on a goroutine of its own: the stack it grows goes with it
		var call sync.WaitGroup
		call.Go(func() { cn.handle(b) })
		call.Wait()
		b = nil // not held while the client rests
		// no context for the WebSocket to watch at rest: closing ends the read
		b, err = cn.read(context.Background())
	}
}

// read reads a frame: its head while ctx lets it wait, the rest within
// Options.Frame.
func (cn *conn) read(ctx context.Context) ([]byte, error) {
	typ, r, err := cn.c.Reader(ctx)
	if err != nil {
		return nil, err
	}
	cn.stall.Reset(cn.t.opt.Frame)
	b, err := io.ReadAll(r)
	cn.stall.Stop()
	if err != nil {
		return nil, err
	}
	if typ != websocket.MessageText {
		cn.reply("", nil, hub.ErrorJSON(fmt.Errorf("%w: a binary frame", hub.ErrBadFrame)))
		return []byte{}, nil
	}
	return b, nil
}

// frame is a call: {"id", "method", "args"}, each key once.
type frame struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Args   json.RawMessage `json:"args"`
}

// handle answers one frame.
func (cn *conn) handle(b []byte) {
	var f frame
	switch { // in order: a frame is decoded only if not too long
	case len(b) == 0: // answered by read
	case len(b) > MaxFrame:
		cn.reply("", idOf(b), hub.ErrorJSON(fmt.Errorf("%w: a frame of %d bytes; at most %d", session.ErrTooLarge, len(b), MaxFrame)))
	case kit.DecodeStrict(b, &f) != nil || f.Method == "" || !validID(f.ID):
		cn.reply("", idOf(b), hub.ErrorJSON(fmt.Errorf("%w: want {\"id\": a number or a string, \"method\", \"args\"}, each once", hub.ErrBadFrame)))
	case !cn.calls.Allow() || !cn.addr.Allow():
		cn.reply(f.Method, f.ID, hub.ErrorJSON(hub.ErrRateLimited))
	case f.Method == "hello":
		cn.hello(f.ID, f.Args)
	case cn.game == "" && hub.NeedsGame(f.Method):
		cn.reply(f.Method, f.ID, hub.ErrorJSON(hub.ErrNoHello))
	default:
		out, rev := cn.t.hub.Call(cn.ctx, cn.game, cn.secret, f.Method, f.Args)
		cn.waitSent(rev)
		cn.reply(f.Method, f.ID, out)
	}
}

// reply counts a call of method (Metrics: "" and any method not served
// are "other") by its answer, and answers it.
func (cn *conn) reply(method string, id json.RawMessage, out []byte) {
	cn.t.hub.Metrics().Answer(method, out)
	cn.answer(id, out)
}

// waitSent waits, within Options.Write, until the changes up to revision
// rev are sent: told the answer first, a client would act twice on a turn.
func (cn *conn) waitSent(rev int) {
	var timeout <-chan time.Time
	for {
		cn.mu.Lock()
		if cn.sent < 0 || cn.sent >= rev {
			cn.mu.Unlock()
			return
		}
		if cn.told == nil {
			cn.told = make(chan struct{})
		}
		told := cn.told
		cn.mu.Unlock()
		if timeout == nil {
			timeout = time.After(cn.t.opt.Write)
		}
		select {
		case <-told:
		case <-timeout:
			return
		case <-cn.ctx.Done():
			return
		}
	}
}

// answer writes the reply to a call.
func (cn *conn) answer(id json.RawMessage, out []byte) {
	b := getFrame()
	*b = session.AppendReply(*b, id, out)
	cn.write(*b)
	putFrame(b)
}

// frames are the arrays frames are made in, used again once written.
var frames = sync.Pool{New: func() any { b := make([]byte, 0, 2048); return &b }}

func getFrame() *[]byte { return frames.Get().(*[]byte) }

// putFrame gives back an array, unless a catch-up made it large.
func putFrame(b *[]byte) {
	if cap(*b) <= 16<<10 {
		*b = (*b)[:0]
		frames.Put(b)
	}
}

// write writes a frame within Options.Write, or drops the connection; a
// timer of the connection's times the writes under way, since a context
// that can end costs the WebSocket a watch of it at each frame.
func (cn *conn) write(b []byte) error {
	cn.wmu.Lock()
	cn.writes++
	cn.late.Reset(cn.t.opt.Write)
	cn.wmu.Unlock()
	err := cn.c.Write(context.Background(), websocket.MessageText, b)
	cn.wmu.Lock()
	if cn.writes--; cn.writes == 0 {
		cn.late.Stop()
	}
	cn.wmu.Unlock()
	if err != nil {
		cn.c.CloseNow()
	}
	return err
}

// disarmed is a timer that calls f once reset, until stopped.
func disarmed(f func() error) *time.Timer {
	t := time.AfterFunc(time.Hour, func() { f() })
	t.Stop()
	return t
}

// hello binds the connection to a game, and to a seat given its secret.
func (cn *conn) hello(id, args json.RawMessage) {
	if cn.game != "" {
		cn.reply("hello", id, hub.ErrorJSON(fmt.Errorf("%w: hello once a connection", session.ErrBadCall)))
		return
	}
	var h struct {
		Game   string `json:"game"`
		Secret string `json:"secret"`
		Rev    int    `json:"rev"`
	}
	if err := kit.DecodeStrict(args, &h); err != nil {
		cn.reply("hello", id, hub.ErrorJSON(fmt.Errorf("%w: hello: %v", session.ErrBadCall, err)))
		return
	}
	info, w, err := cn.t.hub.Watch(h.Game, h.Secret, h.Rev)
	if err != nil {
		cn.reply("hello", id, hub.ErrorJSON(err))
		return
	}
	cn.game, cn.secret, cn.seat = h.Game, h.Secret, info.Seat
	cn.t.opt.Log.Debug("connection follows a game", "net", cn.net.String(), hub.GameAttr(cn.game), "seat", cn.seat)
	cn.mu.Lock()
	cn.sent = w.Rev()
	cn.mu.Unlock()
	b, _ := json.Marshal(info)
	cn.reply("hello", id, b)
	cn.w, cn.quiet = w, time.AfterFunc(cn.t.opt.Ping, cn.ping)
	go cn.forward() // the catch-up, then every change
}

// forward sends the changes the watcher has, and is called again at the
// next: no goroutine of the connection waits while its game rests.
func (cn *conn) forward() {
	for {
		d, err := cn.w.Next(expired)
		switch {
		case err == nil:
			if !cn.send(d) {
				return
			}
			cn.quiet.Reset(cn.t.opt.Ping)
		case errors.Is(err, session.ErrCancelled): // nothing more now
			cn.mu.Lock()
			if cn.ctx.Err() == nil {
				cn.stop = cn.w.AfterReady(cn.forward)
			}
			cn.mu.Unlock()
			return
		case cn.ctx.Err() != nil:
			return
		default:
			cn.close(err)
			return
		}
	}
}

// expired has ended: Next with it gives what waits, or ErrCancelled.
var expired = func() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}()

// ping pings the client, dropped when no pong comes within Options.Ping;
// a seat's holder so touches the game.
func (cn *conn) ping() {
	if cn.seat >= 0 {
		cn.t.hub.Touch(cn.game)
	}
	ctx, cancel := context.WithTimeout(cn.ctx, cn.t.opt.Ping)
	err := cn.c.Ping(ctx)
	cancel()
	if err != nil {
		cn.c.CloseNow()
		return
	}
	cn.quiet.Reset(cn.t.opt.Ping)
}

// unwatch stops following the game, when the connection ends, and says
// whether it followed one.
func (cn *conn) unwatch() bool {
	if cn.w == nil {
		return false
	}
	cn.mu.Lock()
	stop := cn.stop
	cn.mu.Unlock()
	if stop != nil {
		stop()
	}
	cn.quiet.Stop()
	cn.w.Close()
	return true
}

// send sends a change, and says whether the connection goes on.
func (cn *conn) send(d *session.Delta) bool {
	b := getFrame()
	*b = append(d.AppendJSON(append(*b, `{"delta":`...)), '}')
	err := cn.write(*b)
	putFrame(b)
	if err != nil {
		return false
	}
	cn.mu.Lock()
	cn.sent = d.Rev
	if cn.told != nil {
		close(cn.told)
		cn.told = nil
	}
	cn.mu.Unlock()
	if d.Closed {
		cn.close(hub.ErrUnknownGame)
		return false
	}
	return true
}

// close tells the client why its game ended, and closes the connection.
func (cn *conn) close(why error) {
	e := hub.ErrorJSON(fmt.Errorf("%w: the game was archived", why))
	// {"error": X} → {"closed": X}
	cn.write(append([]byte(`{"closed":`), e[len(`{"error":`):]...))
	cn.c.Close(websocket.StatusNormalClosure, "the game was archived")
}
