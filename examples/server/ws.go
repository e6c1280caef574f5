package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"github.com/brettspiel/brettspiel/session"
)

// The frames of a connection, JSON text:
//
//	client → server  {"id": 7, "method": "apply", "args": {"notation": "1/4 1/6"}}
//	                 the first call is hello: {"game", "secret"?, "rev"?}
//	server → client  {"id": 7, "answer": {…}}        the session's answer, or {"error": …}
//	                 {"delta": {"rev", "from", "length", "log", …}}  every change, in order
//	                 {"closed": {"name", "message"}}  the game was archived
//
// The deltas are the session's (session.Delta): the client cuts its log
// to "from" steps and appends "log". After a dropped connection the
// client says hello again with the last "rev" it has and catches up.

// MaxFrame is the longest call a connection may send, in bytes; a longer
// one is answered with ErrTooLarge, one beyond 4·MaxFrame closes the
// connection (status 1009, message too big).
const MaxFrame = 16 << 10

// sendQueue bounds the frames waiting to be written to a connection.
const sendQueue = 32

type frame struct {
	ID     *int64          `json:"id"`
	Method string          `json:"method"`
	Args   json.RawMessage `json:"args"`
}

type hello struct {
	Game   string `json:"game"`
	Secret string `json:"secret"`
	Rev    int    `json:"rev"`
}

type conn struct {
	s      *Server
	c      *websocket.Conn
	ip     string
	ctx    context.Context
	cancel context.CancelFunc
	limit  *bucket
	addr   *bucket

	// The frames waiting to be written. A writer goroutine runs only
	// while some wait (send starts it), so that a connection at rest
	// holds no goroutine but its reader.
	qmu     sync.Mutex
	queue   [][]byte
	writing bool
	bye     bool // Shutdown: write what waits, then close
	dead    bool // closing: nothing more is queued
	writers sync.WaitGroup

	lg     *live // the game, after hello
	secret string
	seat   int

	// For the wait for the client (see next): the socket, the reader
	// the WebSocket reads through, what was read before the connection,
	// and rmu, which orders the looks at the reader with a close's
	// reading. pollID names the connection to the poller (Linux).
	raw     syscall.RawConn
	br      *bufio.Reader
	pending *pendingConn
	rmu     sync.Mutex
	pollID  uint64

	// relay is the link to the process that holds the connection's game,
	// when another does (see peer.go): every frame after hello goes there
	// under the number vid, and what comes back is sent on.
	relay *peer
	// link is set for a virtual connection: one another process relays
	// to this one, which holds its game. It has no socket (c is nil):
	// what it is sent goes over the link under the number vid, its
	// frames come in through deliver and are handled in order by a
	// goroutine that runs only while some wait.
	link     *peer
	vid      uint64
	inbox    [][]byte
	handling bool
	handlers sync.WaitGroup
}

// pollIDs numbers the connections for the poller.
var pollIDs atomic.Uint64

// serveWS upgrades a request to a WebSocket connection of a page, which
// is served by a goroutine of its own: the handler's goroutine, with the
// stack the request's parsing grew and the request itself, ends.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	ip := clientIP(r)
	if !s.addrs.allow(ip) {
		httpError(w, http.StatusTooManyRequests, ErrRateLimited)
		return
	}
	if !s.addrs.connect(ip) {
		httpError(w, http.StatusTooManyRequests, ErrTooMany)
		return
	}
	select {
	case s.conns <- struct{}{}:
	default:
		s.addrs.disconnect(ip)
		httpError(w, http.StatusServiceUnavailable, ErrTooMany)
		return
	}
	sb := &smallBuffers{ResponseWriter: w}
	c, err := websocket.Accept(sb, r, &websocket.AcceptOptions{OriginPatterns: s.opt.Origins})
	if err != nil { // Accept has answered: a bad Origin is 403
		<-s.conns
		s.addrs.disconnect(ip)
		return
	}
	c.SetReadLimit(4 * MaxFrame)
	ctx, cancel := context.WithCancel(s.base)
	cn := &conn{s: s, c: c, ip: ip, ctx: ctx, cancel: cancel,
		limit: newBucket(s.opt.ConnRate, 2*s.opt.ConnRate), addr: s.addrs.bucket(ip), seat: -1,
		br: sb.br, pending: sb.pending, pollID: pollIDs.Add(1)}
	if sc, ok := sb.nc.(syscall.Conn); ok {
		cn.raw, _ = sc.SyscallConn()
	}
	s.track(cn, true)
	cn.next()
}

// finish lets a connection go once its client has left or it was
// closed: it leaves its game, and its calls and writes end.
func (cn *conn) finish() {
	s := cn.s
	if cn.relay != nil {
		cn.relay.remove(cn.vid)
	}
	if lg := cn.lg; lg != nil {
		lg.mu.Lock()
		delete(lg.conns, cn)
		lg.mu.Unlock()
	}
	cn.qmu.Lock()
	cn.dead = true
	cn.qmu.Unlock()
	cn.cancel()
	cn.writers.Wait()
	cn.c.CloseNow()
	s.track(cn, false)
	<-s.conns
	s.addrs.disconnect(cn.ip)
}

// The buffers of a connection: its calls are small, and what it is sent
// (answers, deltas) is written through when longer, in two writes where
// net/http's buffer of 4 KB would make one. net/http's own, of 4 KB each,
// would be half of what a connection at rest costs.
const (
	readBuffer  = 512
	writeBuffer = 512
)

// smallBuffers hands the WebSocket a hijacked connection with buffers of
// readBuffer and writeBuffer bytes instead of net/http's, and keeps the
// socket, the reader and what was read before for the connection's idle
// wait.
type smallBuffers struct {
	http.ResponseWriter
	nc      net.Conn
	br      *bufio.Reader
	pending *pendingConn
}

func (w *smallBuffers) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := brw.Writer.Flush(); err != nil { // the handshake's answer, if any waits
		c.Close()
		return nil, nil, err
	}
	// what the client sent after its request (its first frames) is read
	// before the connection
	w.nc = c
	b, _ := brw.Reader.Peek(brw.Reader.Buffered())
	if len(b) > 0 {
		w.pending = &pendingConn{Conn: c, pending: bytes.Clone(b)}
		c = w.pending
	}
	w.br = bufio.NewReaderSize(c, readBuffer)
	return c, bufio.NewReadWriter(w.br, bufio.NewWriterSize(c, writeBuffer)), nil
}

// pendingConn is a connection whose first bytes were read already.
type pendingConn struct {
	net.Conn
	pending []byte
}

func (c *pendingConn) Read(p []byte) (int, error) {
	if len(c.pending) > 0 {
		n := copy(p, c.pending)
		c.pending = c.pending[n:]
		return n, nil
	}
	return c.Conn.Read(p)
}

// send queues a frame. A connection that lets sendQueue frames wait reads
// too slowly or not at all: it is closed, which holds up nobody (the game
// and its other connections never wait for it), and the page reconnects
// and catches up from the last revision it has.
func (cn *conn) send(b []byte) {
	cn.qmu.Lock()
	if cn.dead {
		cn.qmu.Unlock()
		return
	}
	if cn.link != nil {
		cn.qmu.Unlock()
		cn.link.send(recFrame, cn.vid, b)
		return
	}
	if len(cn.queue) >= sendQueue {
		cn.dead = true
		cn.qmu.Unlock()
		cn.cancel()
		go cn.closeNow() // a sender may hold its game's lock: never wait here
		return
	}
	cn.queue = append(cn.queue, b)
	if !cn.writing {
		cn.writing = true
		cn.writers.Add(1)
		go cn.write()
	}
	cn.qmu.Unlock()
}

// write writes the frames waiting, in order, and ends when none wait.
func (cn *conn) write() {
	defer cn.writers.Done()
	for {
		cn.qmu.Lock()
		if len(cn.queue) == 0 {
			cn.writing = false
			bye := cn.bye && !cn.dead
			if bye {
				cn.dead = true
			}
			cn.queue = nil // a connection at rest keeps no array
			cn.qmu.Unlock()
			if bye {
				cn.closeWith(websocket.StatusGoingAway, "ErrStopping: the server restarts; reconnect")
				cn.cancel()
			}
			return
		}
		b := cn.queue[0]
		cn.queue[0] = nil
		cn.queue = cn.queue[1:]
		bye := cn.bye
		cn.qmu.Unlock()
		timeout := 10 * time.Second
		if bye {
			timeout = 2 * time.Second
		}
		ctx, cancel := context.WithTimeout(cn.ctx, timeout)
		err := cn.c.Write(ctx, websocket.MessageText, b)
		cancel()
		if err != nil {
			cn.qmu.Lock()
			cn.dead, cn.writing, cn.queue = true, false, nil
			cn.qmu.Unlock()
			cn.cancel()
			cn.closeNow()
			return
		}
	}
}

// goAway asks the connection to write what waits and close with "going
// away"; the answers of the calls under way are queued first, since
// Shutdown lets them finish before it asks.
func (cn *conn) goAway() {
	cn.qmu.Lock()
	defer cn.qmu.Unlock()
	if cn.bye || cn.dead {
		return
	}
	cn.bye = true
	if !cn.writing {
		cn.writing = true
		cn.writers.Add(1)
		go cn.write()
	}
}

// A connection has no goroutine of its own while it waits for its
// client: most of its life. next, at the start and after each frame,
// reads at once what the client sent already, or else waits for the
// socket (wait: on Linux one goroutine for all connections, elsewhere a
// goroutine parked shallow). What the client sends next is read and
// handled by frames, on a goroutine that ends when nothing more waits:
// its stack (the WebSocket's reading, the JSON, the session's call, a
// bot's search) goes with it. At most one runs for a connection at a
// time, so its calls are answered in order.
func (cn *conn) next() {
	if cn.ready() {
		go cn.frames()
		return
	}
	cn.wait()
}

// frames reads and handles the client's frames while they come, then
// waits for more; a connection that has closed is let go.
func (cn *conn) frames() {
	for {
		typ, b, err := cn.c.Read(cn.ctx)
		if err != nil {
			cn.finish()
			return
		}
		cn.handle(typ, b)
		if !cn.ready() {
			cn.wait()
			return
		}
	}
}

// ready is true when what the client sent waits in the reader already,
// or when the socket cannot be waited for (the WebSocket's Read then
// waits).
func (cn *conn) ready() bool {
	if cn.raw == nil {
		return true
	}
	cn.rmu.Lock()
	defer cn.rmu.Unlock()
	return cn.br.Buffered() > 0 || (cn.pending != nil && len(cn.pending.pending) > 0)
}

// waitParked waits for the client on a goroutine of its own, parked on
// the socket a few calls deep, where the collector shrinks its stack to
// the least (a wait in the WebSocket's Read is deep enough to keep twice
// as much). The connection's end (its socket closed) ends the wait too.
func (cn *conn) waitParked() {
	go func() {
		if cn.raw != nil {
			cn.raw.Read(readable)
		}
		cn.frames()
	}()
}

// closeNow closes the connection at once.
func (cn *conn) closeNow() {
	cn.c.CloseNow()
	cn.wake()
}

// closeWith closes the connection with a code and a reason, a close
// handshake: under rmu, since the handshake reads what the client sends
// and ready looks at the reader.
func (cn *conn) closeWith(code websocket.StatusCode, reason string) {
	cn.rmu.Lock()
	cn.c.Close(code, reason)
	cn.rmu.Unlock()
	cn.wake()
}

// handle answers one frame.
func (cn *conn) handle(typ websocket.MessageType, b []byte) {
	if typ != websocket.MessageText {
		cn.answer(nil, errorJSON(fmt.Errorf("%w: a binary frame", ErrBadFrame)))
		return
	}
	if len(b) > MaxFrame {
		cn.answer(nil, errorJSON(fmt.Errorf("%w: a frame of %d bytes; at most %d", session.ErrTooLarge, len(b), MaxFrame)))
		return
	}
	var f frame
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil || f.ID == nil || f.Method == "" || d.More() {
		cn.answer(nil, errorJSON(fmt.Errorf("%w: want {\"id\": a number, \"method\", \"args\"}", ErrBadFrame)))
		return
	}
	if !cn.limit.allow() || !cn.addr.allow() {
		cn.answer(f.ID, errorJSON(ErrRateLimited))
		return
	}
	if cn.relay != nil {
		cn.relay.send(recFrame, cn.vid, b)
		return
	}
	if f.Method == "hello" {
		cn.hello(f.ID, f.Args, b)
		return
	}
	if cn.lg == nil && served[f.Method] != noGame {
		cn.answer(f.ID, errorJSON(ErrNoHello))
		return
	}
	cn.answer(f.ID, cn.s.Call(cn.ctx, cn.lg, cn.secret, f.Method, f.Args))
}

func (cn *conn) answer(id *int64, out []byte) {
	b := make([]byte, 0, len(out)+32)
	b = append(b, `{"id":`...)
	if id == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, *id, 10)
	}
	b = append(append(append(b, `,"answer":`...), out...), '}')
	cn.send(b)
}

// hello binds the connection to a game, and to a seat when it gives the
// seat's secret: it answers, sends the change since the revision the
// client has (none: the whole log) and from then on every change of the
// game once it is stored (live.publish).
func (cn *conn) hello(id *int64, args json.RawMessage, raw []byte) {
	if cn.lg != nil {
		cn.answer(id, errorJSON(fmt.Errorf("%w: hello once a connection", session.ErrBadCall)))
		return
	}
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	var h hello
	d := json.NewDecoder(bytes.NewReader(args))
	d.DisallowUnknownFields()
	if err := d.Decode(&h); err != nil {
		cn.answer(id, errorJSON(fmt.Errorf("%w: hello: %v", session.ErrBadCall, err)))
		return
	}
	lg, err := cn.s.find(h.Game)
	var far *heldElsewhere
	if errors.As(err, &far) && cn.link == nil {
		// another process holds the game: the connection is relayed
		// there, the hello first (a virtual connection, relayed here by
		// another process, is never relayed on)
		if lg, err = cn.relayTo(h.Game, far, raw); lg == nil && err == nil {
			return
		}
	}
	if errors.As(err, &far) && cn.link != nil {
		// the relaying process took this one for the holder: its client
		// connects anew and is sent to the one that holds the game now
		cn.link.closeVirtual(cn.vid, "the game moved to another server; reconnect")
		return
	}
	if err != nil {
		cn.answer(id, errorJSON(err))
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if err := cn.s.fresh(lg); err != nil {
		cn.answer(id, errorJSON(err))
		return
	}
	seat := -1
	if h.Secret != "" {
		k, ok := lg.g.SeatOf(h.Secret)
		if _, shared := cn.s.store.(Notifier); !ok && shared {
			// the seat may have been claimed through another process a
			// moment ago, its notification still on its way
			ctx, cancel := context.WithTimeout(cn.ctx, storeTimeout)
			err := cn.s.catchUp(ctx, lg)
			cancel()
			if err == nil {
				k, ok = lg.g.SeatOf(h.Secret)
			}
		}
		if !ok {
			cn.answer(id, errorJSON(session.ErrBadSecret))
			return
		}
		seat = k
	}
	// a revision the game does not have (a client of a game restored
	// from an older store, say) catches up from the start
	rev := max(h.Rev, 0)
	first, err := lg.g.Since(rev)
	if err != nil {
		if first, err = lg.g.Since(0); err != nil {
			cn.answer(id, errorJSON(err))
			return
		}
	}
	cn.lg, cn.secret, cn.seat = lg, h.Secret, seat
	b, _ := json.Marshal(map[string]any{"seat": seat, "variant": lg.meta.Variant, "preset": lg.meta.Preset,
		"players": lg.meta.Players, "seats": lg.meta.Seats})
	cn.answer(id, b)
	// under the game's lock: no change comes between the catch-up and
	// the first change published
	cn.send(deltaFrame(&first))
	lg.conns[cn] = struct{}{}
}

// relayTo relays the connection to the process that holds its game, its
// hello first. A holder that cannot be reached is taken for gone and the
// game held anew: by this process (lg is then the game), or by another,
// which is tried in turn.
func (cn *conn) relayTo(game string, far *heldElsewhere, hello []byte) (*live, error) {
	s := cn.s
	for range 3 {
		p, err := s.link(far.holder, far.addr)
		if err == nil {
			if vid, ok := p.add(cn); ok {
				cn.relay, cn.vid = p, vid
				p.send(recOpen, vid, []byte(cn.ip))
				p.send(recFrame, vid, hello)
				return nil, nil
			}
			err = errors.New("its link closed")
		}
		s.logf("game %.8s…: the server that holds it does not answer (%v); holding it here", game, err)
		s.markGone(far.holder)
		lg, err := s.findGone(game, far.holder)
		if !errors.As(err, &far) {
			return lg, err
		}
	}
	return nil, ErrBusy
}

// deliver takes a frame of a virtual connection, to be handled after
// those before it.
func (cn *conn) deliver(b []byte) {
	cn.qmu.Lock()
	if cn.dead {
		cn.qmu.Unlock()
		return
	}
	if len(cn.inbox) >= sendQueue { // the relaying process limits the calls: never so many
		cn.qmu.Unlock()
		cn.link.closeVirtual(cn.vid, ErrRateLimited.Error())
		return
	}
	cn.inbox = append(cn.inbox, b)
	if !cn.handling {
		cn.handling = true
		cn.handlers.Add(1)
		go cn.drain()
	}
	cn.qmu.Unlock()
}

// drain handles the frames of a virtual connection, in order, and ends
// when none wait.
func (cn *conn) drain() {
	defer cn.handlers.Done()
	for {
		cn.qmu.Lock()
		if len(cn.inbox) == 0 || cn.dead {
			cn.handling, cn.inbox = false, nil
			cn.qmu.Unlock()
			return
		}
		b := cn.inbox[0]
		cn.inbox[0] = nil
		cn.inbox = cn.inbox[1:]
		cn.qmu.Unlock()
		cn.handle(websocket.MessageText, b)
	}
}

// end ends a virtual connection: its calls under way are stopped, and
// once they have returned it leaves its game.
func (cn *conn) end() {
	cn.qmu.Lock()
	if cn.dead {
		cn.qmu.Unlock()
		return
	}
	cn.dead = true
	cn.qmu.Unlock()
	cn.cancel()
	go func() {
		cn.handlers.Wait()
		if lg := cn.lg; lg != nil {
			lg.mu.Lock()
			delete(lg.conns, cn)
			lg.mu.Unlock()
		}
	}()
}

// hangUp closes a relayed client's connection with a code and a reason:
// the holder of its game is gone or sent it away, and the page connects
// anew.
func (cn *conn) hangUp(code websocket.StatusCode, reason string) {
	cn.qmu.Lock()
	cn.dead = true
	cn.qmu.Unlock()
	cn.cancel()
	go cn.closeWith(code, truncate(reason, 100))
}

// deltaFrame is the frame {"delta": …} of a change.
func deltaFrame(d *session.Delta) []byte {
	b, _ := d.MarshalJSON()
	return append(append(append(make([]byte, 0, len(b)+10), `{"delta":`...), b...), '}')
}

func (cn *conn) closed(err error) {
	e := errorJSON(err)
	// {"error": X} → {"closed": X}
	cn.send(append([]byte(`{"closed":`), e[len(`{"error":`):]...))
}
