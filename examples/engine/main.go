package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/session"
)

// MaxLine is the longest request line the engine reads, in bytes, without
// its line end; a longer one is refused unread.
const MaxLine = session.MaxArgs

// MaxRunning is the most requests on games that run at once, and apart
// from them the most requests on no game that run at once. A request on a
// game takes its place only when its turn on the game comes: requests
// waiting for their game hold none.
const MaxRunning = 16

// MaxWaiting is the most requests read and not yet answered; while that
// many are, the engine reads no further line. MaxWaitingBytes bounds their
// lines' bytes alike (a line longer than what is left is read once the
// engine has answered all others).
const (
	MaxWaiting      = 1024
	MaxWaitingBytes = 64 << 20
)

// MaxID is the longest "id" of a request, in bytes of its JSON text; a
// request with a longer one is refused (answered with the id null).
const MaxID = 128

func main() {
	// An interrupt or a termination stops reading and cancels the requests'
	// contexts; the end of the input does not (see the package doc).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := ServeContext(ctx, os.Stdin, os.Stdout, session.NewTable(session.Options{})); err != nil {
		fmt.Fprintln(os.Stderr, "engine:", err)
		os.Exit(1)
	}
}

// Serve is ServeContext with a context that is never cancelled.
func Serve(in io.Reader, out io.Writer, t *session.Table) error {
	return ServeContext(context.Background(), in, out, t)
}

// ServeContext answers the requests read from in on out, one line each,
// with the games of t, until in ends or ctx is cancelled; then it waits for
// the requests under way and returns. Each request runs with a context
// of its own, derived from ctx and cancelled when the output fails. It
// returns the first error of reading or writing; nil at the end of in or
// once ctx is cancelled.
func ServeContext(ctx context.Context, in io.Reader, out io.Writer, t *session.Table) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	s := &server{
		t: t, ctx: ctx, cancel: cancel, w: bufio.NewWriter(out),
		gameSlots: make(chan struct{}, MaxRunning), freeSlots: make(chan struct{}, MaxRunning),
		games: map[string]*gameQueue{},
	}
	s.waitCond = sync.NewCond(&s.waitMu)
	stopWaking := context.AfterFunc(ctx, func() {
		s.waitMu.Lock()
		s.waitCond.Broadcast()
		s.waitMu.Unlock()
	})
	defer stopWaking()
	lines := make(chan readResult)
	stopReading := make(chan struct{})
	defer close(stopReading)
	go readLines(bufio.NewReaderSize(in, 64<<10), lines, stopReading)
	var err error
read:
	for {
		select {
		case <-ctx.Done():
			break read
		case r := <-lines:
			switch {
			case r.tooLong:
				s.write(nil, errorObject(session.ErrTooLarge, fmt.Sprintf("a request line holds at most %d bytes", MaxLine)))
			case len(bytes.TrimSpace(r.line)) > 0:
				s.start(r.line)
			}
			if r.err != nil {
				err = r.err
				break read
			}
		}
	}
	s.wg.Wait()
	if err == io.EOF {
		err = nil
	}
	return errors.Join(err, s.failed())
}

// readResult is what readLine read.
type readResult struct {
	line    []byte
	tooLong bool
	err     error
}

// readLines sends the lines of r to lines until r ends or fails (the last
// result carries the error) or stop is closed.
func readLines(r *bufio.Reader, lines chan<- readResult, stop <-chan struct{}) {
	for {
		var res readResult
		res.line, res.tooLong, res.err = readLine(r, MaxLine)
		select {
		case lines <- res:
		case <-stop:
			return
		}
		if res.err != nil {
			return
		}
	}
}

// readLine reads a line from r, without its "\n" or "\r\n". A line longer
// than max is read to its end but not kept: tooLong is true and line nil.
// err is io.EOF at the end of the input (line holds what came before it).
func readLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > max+2 { // room for "\r\n"
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if !tooLong && len(line) > max {
			tooLong, line = true, nil
		}
		return line, tooLong, err
	}
}

type server struct {
	t      *session.Table
	ctx    context.Context
	cancel context.CancelCauseFunc
	wg     sync.WaitGroup
	// gameSlots and freeSlots hold a token per request running on a game
	// and on no game.
	gameSlots, freeSlots chan struct{}

	// waitMu guards the count of requests read and not yet answered and
	// their bytes; waitCond is signalled as they finish.
	waitMu       sync.Mutex
	waitCond     *sync.Cond
	waiting      int
	waitingBytes int

	// games holds, per handle, the queue of its requests not yet run,
	// while it has any; under gamesMu.
	gamesMu sync.Mutex
	games   map[string]*gameQueue
	// global is closed once every request so far that names no handle
	// has finished; nil before the first. Only the reading goroutine
	// uses it.
	global chan struct{}

	// mu serializes the answers; a write may block until the client
	// reads, so the reading goroutine never takes mu.
	mu    sync.Mutex
	w     *bufio.Writer
	reply []byte // the line being written, under mu
	// err is the first error of writing, under errMu.
	errMu sync.Mutex
	err   error
}

// gameQueue is a game's requests in their order, run one after the other
// by one goroutine that ends when the queue is empty.
type gameQueue struct {
	jobs []*job
}

// job is a request read and waiting to run.
type job struct {
	req  request
	size int
	// after is closed when the requests on no handle read before this
	// one have finished (nil: none).
	after chan struct{}
}

// request is one line's request.
type request struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Args   json.RawMessage `json:"args"`
}

// start reads a request from line and queues it, or answers a bad line at
// once. It waits while MaxWaiting requests (or MaxWaitingBytes of them)
// are read and not yet answered.
func (s *server) start(line []byte) {
	var req request
	if err := kit.DecodeStrict(line, &req); err != nil {
		s.write(idOf(line), errorObject(session.ErrBadCall, "a request is one JSON object {\"id\", \"method\", \"args\"} on one line: "+reasonOf(err)))
		return
	}
	if len(req.ID) > MaxID {
		s.write(nil, errorObject(session.ErrBadCall, fmt.Sprintf(`"id" holds at most %d bytes of JSON, not %d`, MaxID, len(req.ID))))
		return
	}
	if !validID(req.ID) {
		s.write(nil, errorObject(session.ErrBadCall, `"id" is a number, a string or null`))
		return
	}
	if req.Method == nil {
		s.write(req.ID, errorObject(session.ErrBadCall, `no "method"`))
		return
	}
	if !s.admit(len(line)) {
		return // cancelled: the engine stops
	}
	j := &job{req: req, size: len(line)}
	s.wg.Add(1)
	// A request on a handle waits for the earlier requests on it (its
	// game's queue) and for the earlier ones on none (a newGame whose
	// handle it may name); a request on none waits for nothing, but the
	// next requests on handles wait for it.
	if key := handleOf(req.Args); key != "" {
		j.after = s.global
		s.gamesMu.Lock()
		q := s.games[key]
		if q == nil {
			q = &gameQueue{}
			s.games[key] = q
			go s.runGame(key, q)
		}
		q.jobs = append(q.jobs, j)
		s.gamesMu.Unlock()
		testHookQueued(req.ID)
		return
	}
	before, done := s.global, make(chan struct{})
	s.global = done
	go func() {
		s.run(j, s.freeSlots)
		if before != nil {
			<-before
		}
		close(done)
		s.finish(j)
	}()
}

// testHookQueued is called with the id of each request queued on a game.
var testHookQueued = func(json.RawMessage) {}

// admit waits until a request of n bytes may wait beside the others and
// counts it; false once the engine's context is cancelled.
func (s *server) admit(n int) bool {
	s.waitMu.Lock()
	defer s.waitMu.Unlock()
	for s.waiting >= MaxWaiting || s.waiting > 0 && s.waitingBytes+n > MaxWaitingBytes {
		if s.ctx.Err() != nil {
			return false
		}
		s.waitCond.Wait()
	}
	s.waiting++
	s.waitingBytes += n
	return true
}

// finish counts a request answered.
func (s *server) finish(j *job) {
	s.waitMu.Lock()
	s.waiting--
	s.waitingBytes -= j.size
	s.waitCond.Broadcast()
	s.waitMu.Unlock()
	s.wg.Done()
}

// runGame runs the requests of the game key in their order until its
// queue is empty.
func (s *server) runGame(key string, q *gameQueue) {
	for {
		s.gamesMu.Lock()
		if len(q.jobs) == 0 {
			delete(s.games, key)
			s.gamesMu.Unlock()
			return
		}
		j := q.jobs[0]
		q.jobs[0] = nil
		q.jobs = q.jobs[1:]
		s.gamesMu.Unlock()
		if j.after != nil {
			<-j.after
		}
		s.run(j, s.gameSlots)
		s.finish(j)
	}
}

// ErrStopped names the answer to a request that had not begun when the
// engine began to stop (a signal, a failed output): it did not run.
var ErrStopped = kit.NewSentinel("ErrStopped", "the engine stops")

// run runs a request in a place of slots and writes its answer.
func (s *server) run(j *job, slots chan struct{}) {
	slots <- struct{}{}
	if s.ctx.Err() != nil {
		<-slots
		s.write(j.req.ID, errorObject(ErrStopped, "the request did not run"))
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	out := s.t.CallContext(ctx, *j.req.Method, j.req.Args)
	cancel()
	<-slots
	s.write(j.req.ID, out)
}

// write writes one answer line, the reply of session.AppendReply:
// {"id":id,"result":…} or {"id":id,"error":…}.
func (s *server) write(id, answer []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed() != nil {
		return
	}
	s.reply = append(session.AppendReply(s.reply[:0], id, answer), '\n')
	_, err := s.w.Write(s.reply)
	if err == nil {
		err = s.w.Flush()
	}
	if err != nil {
		s.errMu.Lock()
		s.err = err
		s.errMu.Unlock()
		// Nobody reads the answers: the requests under way stop.
		s.cancel(err)
	}
}

func (s *server) failed() error {
	s.errMu.Lock()
	defer s.errMu.Unlock()
	return s.err
}

// errorObject is the answer {"error": …} of a sentinel with a reason.
func errorObject(sentinel error, reason string) []byte {
	b, _ := json.Marshal(map[string]any{"error": session.NewErrorJSON(&brettspiel.Error{Op: "read request", Err: sentinel, Reason: reason})})
	return b
}

func reasonOf(err error) string {
	var e *brettspiel.Error
	if errors.As(err, &e) && e.Reason != "" {
		return e.Reason
	}
	return err.Error()
}

// validID reports whether id is absent, null, a number or a string of at
// most MaxID bytes.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return true
	}
	if len(id) > MaxID {
		return false
	}
	switch id[0] {
	case '"', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

// idOf returns the id of a line that is no good request, if it can be read:
// the value of a key "id" of the object the line starts with, before
// anything wrong in it.
func idOf(line []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		if key == "id" {
			if !validID(v) {
				return nil
			}
			return v
		}
	}
	return nil
}

// handleOf returns the handle args name, as a key; "" for none.
func handleOf(args json.RawMessage) string {
	var v struct {
		Handle *int `json:"handle"`
	}
	if len(args) == 0 || json.Unmarshal(args, &v) != nil || v.Handle == nil {
		return ""
	}
	return strconv.Itoa(*v.Handle)
}
