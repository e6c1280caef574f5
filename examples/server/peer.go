package main

import (
	"context"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// The processes of a Cluster store hold each open game in one of them
// (its holder). A connection another process accepts for that game is
// relayed to the holder over a link between the two processes: one
// WebSocket from the relaying process to the holder, carrying the frames
// of all the connections it relays, tagged with a number of the
// connection. The holder serves each as a connection of its own (a
// virtual one: no socket, no goroutine at rest), so a game, its deltas and
// its calls live in one process however its people are spread.
//
// A link's messages are binary, each a run of records: a kind byte, the
// connection's number (uvarint), the payload's length (uvarint) and the
// payload.
const (
	recOpen  = 1 // relaying → holder: a connection, its client's address as payload
	recFrame = 2 // either way: a frame of the connection
	recClose = 3 // either way: the connection ended; to the relaying side the reason, for its client
)

const (
	// maxPeerPending bounds the bytes waiting to go over a link: a peer
	// that does not read loses the link (its connections reconnect).
	maxPeerPending = 16 << 20
	// peerReadLimit bounds a message of a link: what one write of the
	// other side can hold.
	peerReadLimit = 2*maxPeerPending + 64
	// peerDialTimeout bounds the connecting of a link; a holder that
	// does not answer within it is taken for gone.
	peerDialTimeout = 3 * time.Second
)

// The headers of a link's request: the key the processes share, and the
// process the caller means to reach (another process may answer at a
// holder's old address).
const (
	peerKeyHeader = "Brettspiel-Peer-Key"
	peerToHeader  = "Brettspiel-Peer-To"
)

// errStoppingReason opens the reason of a connection the holder closes
// because it stops: its peer takes the holder for gone.
const errStoppingReason = "ErrStopping: the server restarts; reconnect"

// heldElsewhere is find's answer for a game another process holds.
type heldElsewhere struct{ holder, addr string }

func (e *heldElsewhere) Error() string { return "the game is held by another process" }

// peer is a link with another process.
type peer struct {
	s      *Server
	id     string // the process at the other end
	c      *websocket.Conn
	ctx    context.Context
	cancel context.CancelFunc
	// relays: this process dialed the link and relays its connections
	// over it; else it holds the games and serves the other's.
	relays bool

	mu      sync.Mutex
	out     []byte // the records waiting to be written
	spare   []byte
	writing bool
	dead    bool
	conns   map[uint64]*conn // by number: relayed ones, or virtual ones
	next    uint64
}

func newPeer(s *Server, id string, c *websocket.Conn, relays bool) *peer {
	c.SetReadLimit(peerReadLimit)
	ctx, cancel := context.WithCancel(s.base)
	return &peer{s: s, id: id, c: c, ctx: ctx, cancel: cancel, relays: relays, conns: map[uint64]*conn{}}
}

// send queues a record; false when the link is dead.
func (p *peer) send(kind byte, id uint64, payload []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dead {
		return false
	}
	if len(p.out)+len(payload) > maxPeerPending {
		go p.fail()
		return false
	}
	p.out = append(p.out, kind)
	p.out = binary.AppendUvarint(p.out, id)
	p.out = binary.AppendUvarint(p.out, uint64(len(payload)))
	p.out = append(p.out, payload...)
	if !p.writing {
		p.writing = true
		go p.write()
	}
	return true
}

// write writes what waits, all of it in one message, until nothing does.
func (p *peer) write() {
	for {
		p.mu.Lock()
		if len(p.out) == 0 || p.dead {
			p.writing = false
			p.mu.Unlock()
			return
		}
		b := p.out
		p.out, p.spare = p.spare[:0], nil
		p.mu.Unlock()
		ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
		err := p.c.Write(ctx, websocket.MessageBinary, b)
		cancel()
		if err != nil {
			p.mu.Lock()
			p.writing = false
			p.mu.Unlock()
			p.fail()
			return
		}
		if cap(b) <= 64<<10 {
			p.mu.Lock()
			p.spare = b[:0]
			p.mu.Unlock()
		}
	}
}

// read reads the link's records until it fails.
func (p *peer) read() {
	defer p.fail()
	for {
		typ, b, err := p.c.Read(p.ctx)
		if err != nil || typ != websocket.MessageBinary {
			return
		}
		for len(b) > 0 {
			kind := b[0]
			id, n := binary.Uvarint(b[1:])
			if n <= 0 {
				return
			}
			b = b[1+n:]
			size, n := binary.Uvarint(b)
			if n <= 0 || size > uint64(len(b)-n) {
				return
			}
			payload := b[n : n+int(size) : n+int(size)]
			b = b[n+int(size):]
			if p.relays {
				p.toClient(kind, id, payload)
			} else {
				p.fromRelay(kind, id, payload)
			}
		}
	}
}

// toClient passes on what the holder sends a relayed connection.
func (p *peer) toClient(kind byte, id uint64, payload []byte) {
	p.mu.Lock()
	cn := p.conns[id]
	if kind == recClose {
		delete(p.conns, id)
	}
	p.mu.Unlock()
	if cn == nil {
		return
	}
	switch kind {
	case recFrame:
		cn.send(payload)
	case recClose:
		if len(payload) >= len("ErrStopping") && string(payload[:len("ErrStopping")]) == "ErrStopping" {
			p.s.markGone(p.id)
		}
		cn.hangUp(websocket.StatusTryAgainLater, string(payload))
	}
}

// fromRelay serves what the relaying process sends: a connection opened,
// its frames, its end.
func (p *peer) fromRelay(kind byte, id uint64, payload []byte) {
	s := p.s
	switch kind {
	case recOpen:
		p.mu.Lock()
		full := len(p.conns) >= s.opt.MaxConns
		if !full && p.conns[id] == nil {
			ctx, cancel := context.WithCancel(p.ctx)
			p.conns[id] = &conn{s: s, link: p, vid: id, ip: string(payload), ctx: ctx, cancel: cancel, seat: -1}
		}
		p.mu.Unlock()
		if full {
			p.send(recClose, id, []byte(ErrTooMany.Error()))
		} else if s.stopping.Load() {
			p.closeVirtual(id, errStoppingReason)
		}
	case recFrame:
		p.mu.Lock()
		cn := p.conns[id]
		p.mu.Unlock()
		if cn != nil {
			cn.deliver(payload)
		}
	case recClose:
		p.endVirtual(id)
	}
}

// endVirtual ends a virtual connection the link serves, if it still does.
func (p *peer) endVirtual(id uint64) {
	p.mu.Lock()
	cn := p.conns[id]
	delete(p.conns, id)
	p.mu.Unlock()
	if cn != nil {
		cn.end()
	}
}

// closeVirtual ends a virtual connection and tells the relaying process
// why, for its client.
func (p *peer) closeVirtual(id uint64, why string) {
	p.endVirtual(id)
	p.send(recClose, id, []byte(why))
}

// add numbers a connection to be relayed over the link; false when the
// link is dead.
func (p *peer) add(cn *conn) (uint64, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dead {
		return 0, false
	}
	p.next++
	p.conns[p.next] = cn
	return p.next, true
}

// remove ends the relaying of a connection whose client left.
func (p *peer) remove(id uint64) {
	p.mu.Lock()
	_, ok := p.conns[id]
	delete(p.conns, id)
	p.mu.Unlock()
	if ok {
		p.send(recClose, id, nil)
	}
}

// flush waits, up to timeout, for what waits to be written.
func (p *peer) flush(timeout time.Duration) {
	end := time.Now().Add(timeout)
	for time.Now().Before(end) {
		p.mu.Lock()
		done := p.dead || (len(p.out) == 0 && !p.writing)
		p.mu.Unlock()
		if done {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (p *peer) isDead() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.dead
}

// fail ends the link and every connection over it: a relayed client is
// closed (the page reconnects and is served anew), a virtual connection
// leaves its game.
func (p *peer) fail() {
	p.mu.Lock()
	if p.dead {
		p.mu.Unlock()
		return
	}
	p.dead = true
	conns := p.conns
	p.conns = map[uint64]*conn{}
	p.out, p.spare = nil, nil
	p.mu.Unlock()
	p.cancel()
	p.c.CloseNow()
	for _, cn := range conns {
		if p.relays {
			cn.hangUp(websocket.StatusTryAgainLater, "the server that holds the game is gone; reconnect")
		} else {
			cn.end()
		}
	}
	s := p.s
	s.pmu.Lock()
	if s.peers[p.id] == p {
		delete(s.peers, p.id)
	}
	delete(s.accepted, p)
	s.pmu.Unlock()
	if p.relays {
		s.markGone(p.id)
	}
}

// link returns the link to the process holder at addr, connecting it if
// there is none (once, however many ask meanwhile).
func (s *Server) link(holder, addr string) (*peer, error) {
	s.pmu.Lock()
	if p := s.peers[holder]; p != nil && !p.isDead() {
		s.pmu.Unlock()
		return p, nil
	}
	w, first := joinPending(s.dialing, holder)
	s.pmu.Unlock()
	if !first {
		return w.wait()
	}
	p, err := s.dial(holder, addr)
	s.pmu.Lock()
	delete(s.dialing, holder)
	if err == nil {
		s.peers[holder] = p
	}
	s.pmu.Unlock()
	w.finish(p, err)
	return p, err
}

// dial connects a link to the process holder at addr.
func (s *Server) dial(holder, addr string) (*peer, error) {
	key := s.peerKey()
	if addr == "" || addr == s.opt.Advertise || key == "" {
		return nil, fmt.Errorf("no link to %.8s… at %q", holder, addr)
	}
	ctx, cancel := context.WithTimeout(s.base, peerDialTimeout)
	defer cancel()
	h := http.Header{}
	h.Set(peerKeyHeader, key)
	h.Set(peerToHeader, holder)
	c, _, err := websocket.Dial(ctx, "ws://"+addr+"/peer", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	p := newPeer(s, holder, c, true)
	go p.read()
	return p, nil
}

// servePeer accepts a link from another process of the cluster, which
// relays its connections to the games held here.
func (s *Server) servePeer(w http.ResponseWriter, r *http.Request) {
	key := s.peerKey()
	if s.cluster == nil || key == "" {
		httpError(w, http.StatusNotFound, ErrNotServed)
		return
	}
	if subtle.ConstantTimeCompare([]byte(r.Header.Get(peerKeyHeader)), []byte(key)) != 1 {
		httpError(w, http.StatusForbidden, ErrForged)
		return
	}
	if r.Header.Get(peerToHeader) != s.id {
		// another process once served at this address
		httpError(w, http.StatusGone, ErrUnknownGame)
		return
	}
	if s.stopping.Load() {
		httpError(w, http.StatusServiceUnavailable, ErrStopping)
		return
	}
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	p := newPeer(s, "", c, false)
	s.pmu.Lock()
	s.accepted[p] = true
	s.pmu.Unlock()
	go p.read()
}

// peerKey is the key the processes of the cluster share ("" before the
// process enlisted).
func (s *Server) peerKey() string {
	k, _ := s.key.Load().(string)
	return k
}

// markGone takes a process for gone: the games it holds are held anew by
// whoever asks for them next.
func (s *Server) markGone(id string) {
	s.pmu.Lock()
	s.gone[id] = time.Now()
	s.pmu.Unlock()
}

// isGone says whether a process was taken for gone lately.
func (s *Server) isGone(id string) bool {
	s.pmu.Lock()
	defer s.pmu.Unlock()
	t, ok := s.gone[id]
	if ok && time.Since(t) > time.Minute {
		delete(s.gone, id)
		return false
	}
	return ok
}

// enlist records the process in the cluster and keeps it seen, every
// second, until the server stops.
func (s *Server) enlist(ctx context.Context) error {
	key, err := s.cluster.Enlist(ctx, s.id, s.opt.Advertise)
	if err != nil {
		return err
	}
	s.key.Store(key)
	return nil
}

func (s *Server) keepEnlisted() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-s.base.Done():
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(s.base, storeTimeout)
			if err := s.enlist(ctx); err != nil && !errors.Is(err, context.Canceled) {
				s.logf("enlisting in the cluster: %v", err)
			}
			cancel()
		}
	}
}
