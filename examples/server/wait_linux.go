package main

import (
	"os"
	"sync"
	"syscall"
	"time"
)

// The connections waiting for their clients, on Linux: one epoll
// instance and one goroutine for all of them, instead of a goroutine and
// its stack each. A socket is armed for one event at a time (one-shot):
// when its client sends or leaves, the connection is taken from the
// waiting and its frames read on a goroutine of their own (conn.frames),
// which arms the socket again when nothing more waits.
//
// A socket that is closed leaves the epoll instance by itself, without
// an event, so whoever closes a connection also wakes it (conn.wake):
// its read then fails and the connection is let go. Whoever takes the
// connection from the waiting (an event or a wake) starts its frames:
// never both.
type poller struct {
	once sync.Once
	fd   int
	file *os.File // the instance, kept: its finalizer would close it
	err  error

	mu      sync.Mutex
	waiting map[uint64]*conn
}

var connPoller poller

// start makes the epoll instance and its goroutine, once; an error says
// the connections wait on goroutines of their own instead. The instance
// is itself waited for in Go's poller, like a socket: its goroutine
// parks there while no client sends, and no thread is held in epoll_wait.
func (p *poller) start() error {
	p.once.Do(func() {
		fd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
		if err != nil {
			p.err = err
			return
		}
		if err := syscall.SetNonblock(fd, true); err != nil {
			syscall.Close(fd)
			p.err = err
			return
		}
		f := os.NewFile(uintptr(fd), "epoll")
		// a file Go's poller cannot wait for has no deadlines
		if err := f.SetReadDeadline(time.Time{}); err != nil {
			f.Close()
			p.err = err
			return
		}
		rc, err := f.SyscallConn()
		if err != nil {
			f.Close()
			p.err = err
			return
		}
		p.fd, p.file = fd, f
		p.waiting = make(map[uint64]*conn)
		go p.loop(rc)
	})
	return p.err
}

// loop starts the frames of each connection whose client has sent
// something, or left. Go's poller tells of the instance's events edge by
// edge, so each wake takes every event there is before it waits again.
func (p *poller) loop(rc syscall.RawConn) {
	events := make([]syscall.EpollEvent, 64)
	rc.Read(func(fd uintptr) bool {
		for {
			n, err := syscall.EpollWait(int(fd), events, 0)
			if err == syscall.EINTR {
				continue
			}
			if err != nil || n <= 0 {
				return false // wait for the next event
			}
			for _, ev := range events[:n] {
				id := uint64(uint32(ev.Fd)) | uint64(uint32(ev.Pad))<<32
				if cn := p.take(id); cn != nil {
					go cn.frames()
				}
			}
		}
	})
}

// take takes a connection from the waiting: nil when it does not wait.
func (p *poller) take(id uint64) *conn {
	p.mu.Lock()
	defer p.mu.Unlock()
	cn := p.waiting[id]
	delete(p.waiting, id)
	return cn
}

// wait waits for the client of a connection whose reader holds nothing:
// its socket is armed, and the connection waits without a goroutine.
func (cn *conn) wait() {
	p := &connPoller
	if cn.raw == nil || p.start() != nil {
		cn.waitParked()
		return
	}
	p.mu.Lock()
	p.waiting[cn.pollID] = cn
	p.mu.Unlock()
	var err error
	if cerr := cn.raw.Control(func(fd uintptr) { err = p.arm(cn, int(fd)) }); cerr != nil {
		err = cerr
	}
	if err != nil {
		// closed meanwhile, or epoll refused the socket: read at once,
		// which fails or waits in the WebSocket's Read
		if p.take(cn.pollID) != nil {
			go cn.frames()
		}
	}
}

// arm asks for one event of the socket: readable, or closed by the
// client. It arms the socket again, or adds it to the instance the first
// time. It keeps no state of its own in the connection: once the socket
// is armed an event may start the connection's frames at once.
func (p *poller) arm(cn *conn, fd int) error {
	ev := syscall.EpollEvent{
		Events: syscall.EPOLLIN | syscall.EPOLLRDHUP | syscall.EPOLLONESHOT,
		Fd:     int32(uint32(cn.pollID)),
		Pad:    int32(uint32(cn.pollID >> 32)),
	}
	err := syscall.EpollCtl(p.fd, syscall.EPOLL_CTL_MOD, fd, &ev)
	if err == syscall.ENOENT {
		err = syscall.EpollCtl(p.fd, syscall.EPOLL_CTL_ADD, fd, &ev)
	}
	return err
}

// wake ends the wait of a connection just closed: its socket left the
// epoll instance without an event. Its frames start, find it closed and
// let it go.
func (cn *conn) wake() {
	if connPoller.take(cn.pollID) != nil {
		go cn.frames()
	}
}
