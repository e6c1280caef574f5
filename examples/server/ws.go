package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
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
	ID     *int64                     `json:"id"`
	Method string                     `json:"method"`
	Args   map[string]json.RawMessage `json:"args"`
}

type hello struct {
	Game   string `json:"game"`
	Secret string `json:"secret"`
	Rev    int    `json:"rev"`
}

type conn struct {
	s       *Server
	c       *websocket.Conn
	ip      string
	out     chan []byte
	ctx     context.Context
	cancel  context.CancelFunc
	limit   *bucket
	addr    *bucket
	bye     chan struct{} // closed by Shutdown: write what waits, then close
	byeOnce sync.Once

	lg     *live
	secret string
	seat   int
}

// serveWS upgrades a request to a WebSocket connection of a page.
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
	defer s.addrs.disconnect(ip)
	select {
	case s.conns <- struct{}{}:
		defer func() { <-s.conns }()
	default:
		httpError(w, http.StatusServiceUnavailable, ErrTooMany)
		return
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.opt.Origins})
	if err != nil {
		return // Accept has answered: a bad Origin is 403
	}
	c.SetReadLimit(4 * MaxFrame)
	ctx, cancel := context.WithCancel(s.base)
	cn := &conn{s: s, c: c, ip: ip, out: make(chan []byte, sendQueue), ctx: ctx, cancel: cancel,
		limit: newBucket(s.opt.ConnRate, 2*s.opt.ConnRate), addr: s.addrs.bucket(ip), seat: -1, bye: make(chan struct{})}
	s.track(cn, true)
	defer s.track(cn, false)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); cn.writer() }()
	cn.reader()
	cancel()
	wg.Wait()
	if cn.lg != nil {
		cn.lg.cmu.Lock()
		cn.lg.conns--
		cn.lg.cmu.Unlock()
	}
}

// send queues a frame, waiting while the queue is full: a connection
// that reads slowly slows only its own goroutines (its calls, and its
// watcher, which the session drops and which then catches up), and one
// that does not read at all is closed by its writer's timeout.
func (cn *conn) send(b []byte) {
	select {
	case cn.out <- b:
	case <-cn.ctx.Done():
	}
}

func (cn *conn) writer() {
	for {
		select {
		case b := <-cn.out:
			ctx, cancel := context.WithTimeout(cn.ctx, 10*time.Second)
			err := cn.c.Write(ctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				cn.cancel()
				cn.c.CloseNow()
				return
			}
		case <-cn.bye:
			// the answers under way are queued: write them, then go
			for {
				select {
				case b := <-cn.out:
					ctx, cancel := context.WithTimeout(cn.ctx, 2*time.Second)
					cn.c.Write(ctx, websocket.MessageText, b)
					cancel()
					continue
				default:
				}
				break
			}
			cn.c.Close(websocket.StatusGoingAway, "ErrStopping: the server restarts; reconnect")
			cn.cancel()
			return
		case <-cn.ctx.Done():
			return
		}
	}
}

// goAway asks the writer to write what waits and close the connection.
func (cn *conn) goAway() { cn.byeOnce.Do(func() { close(cn.bye) }) }

func (cn *conn) reader() {
	for {
		typ, b, err := cn.c.Read(cn.ctx)
		if err != nil {
			return
		}
		if typ != websocket.MessageText {
			cn.answer(nil, errorJSON(fmt.Errorf("%w: a binary frame", ErrBadFrame)))
			continue
		}
		if len(b) > MaxFrame {
			cn.answer(nil, errorJSON(fmt.Errorf("%w: a frame of %d bytes; at most %d", session.ErrTooLarge, len(b), MaxFrame)))
			continue
		}
		var f frame
		d := json.NewDecoder(bytes.NewReader(b))
		d.DisallowUnknownFields()
		if err := d.Decode(&f); err != nil || f.ID == nil || f.Method == "" || d.More() {
			cn.answer(nil, errorJSON(fmt.Errorf("%w: want {\"id\": a number, \"method\", \"args\"}", ErrBadFrame)))
			continue
		}
		if !cn.limit.allow() || !cn.addr.allow() {
			cn.answer(f.ID, errorJSON(ErrRateLimited))
			continue
		}
		if f.Args == nil {
			f.Args = map[string]json.RawMessage{}
		}
		if f.Method == "hello" {
			out, rev, ok := cn.hello(f.Args)
			cn.answer(f.ID, out)
			if ok { // the answer first, then the deltas
				go cn.follow(rev)
			}
			continue
		}
		if cn.lg == nil && served[f.Method] != noGame {
			cn.answer(f.ID, errorJSON(ErrNoHello))
			continue
		}
		cn.answer(f.ID, cn.s.Call(cn.ctx, cn.lg, cn.secret, f.Method, f.Args))
	}
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
// seat's secret, and starts sending the game's deltas.
func (cn *conn) hello(args map[string]json.RawMessage) (answer []byte, rev int, ok bool) {
	if cn.lg != nil {
		return errorJSON(fmt.Errorf("%w: hello once a connection", session.ErrBadCall)), 0, false
	}
	raw, _ := json.Marshal(args)
	var h hello
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(&h); err != nil {
		return errorJSON(fmt.Errorf("%w: hello: %v", session.ErrBadCall, err)), 0, false
	}
	lg, err := cn.s.find(h.Game)
	if err != nil {
		return errorJSON(err), 0, false
	}
	seat := -1
	if h.Secret != "" {
		lg.mu.Lock()
		k, ok := lg.g.SeatOf(h.Secret)
		lg.mu.Unlock()
		if !ok {
			return errorJSON(session.ErrBadSecret), 0, false
		}
		seat = k
	}
	if h.Rev < 0 {
		h.Rev = 0
	}
	cn.lg, cn.secret, cn.seat = lg, h.Secret, seat
	lg.cmu.Lock()
	lg.conns++
	lg.cmu.Unlock()
	lg.mu.Lock()
	meta := lg.meta
	lg.mu.Unlock()
	b, _ := json.Marshal(map[string]any{"seat": seat, "variant": meta.Variant, "preset": meta.Preset,
		"players": meta.Players, "seats": meta.Seats})
	return b, h.Rev, true
}

// follow sends the game's deltas to the connection, each once it is
// stored, watching again after falling behind or a reload of the game.
func (cn *conn) follow(rev int) {
	lg := cn.lg
	defer context.AfterFunc(cn.ctx, lg.wake)()
	for cn.ctx.Err() == nil {
		w, first, epoch, err := cn.s.subscribe(lg, rev)
		if err != nil {
			cn.closed(err)
			return
		}
		stop := context.AfterFunc(cn.ctx, w.Close)
		if first != nil {
			cn.send(append(append([]byte(`{"delta":`), first...), '}'))
		}
		reloaded := false
		for d := range w.Deltas() {
			if !lg.waitStored(cn.ctx, d.Rev, epoch) {
				reloaded = true
				break
			}
			b, _ := json.Marshal(d)
			cn.send(append(append([]byte(`{"delta":`), b...), '}'))
			rev = d.Rev
		}
		stop()
		err = w.Err()
		w.Close()
		switch {
		case cn.ctx.Err() != nil:
			return
		case reloaded, errors.Is(err, session.ErrWatcherBehind):
			continue
		case errors.Is(err, session.ErrGameClosed):
			lg.mu.Lock()
			gone := lg.gone
			lg.mu.Unlock()
			if gone {
				cn.closed(fmt.Errorf("%w: the game was archived", ErrUnknownGame))
				return
			}
		default:
			return
		}
	}
}

func (cn *conn) closed(err error) {
	e := errorJSON(err)
	// {"error": X} → {"closed": X}
	cn.send(append([]byte(`{"closed":`), e[len(`{"error":`):]...))
}
