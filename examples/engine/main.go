package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/session"
)

// MaxLine is the longest request line the engine reads, in bytes, without
// its line end; a longer one is refused unread.
const MaxLine = session.MaxArgs

// MaxRunning is the most requests that run at once.
const MaxRunning = 16

func main() {
	if err := Serve(os.Stdin, os.Stdout, session.NewTable(session.Options{})); err != nil {
		fmt.Fprintln(os.Stderr, "engine:", err)
		os.Exit(1)
	}
}

// Serve answers the requests read from in on out, one line each, with the
// games of t, until in ends; then it waits for the requests under way and
// returns. It returns the first error of reading or writing, nil at the end
// of in.
func Serve(in io.Reader, out io.Writer, t *session.Table) error {
	s := &server{t: t, w: bufio.NewWriter(out), running: make(chan struct{}, MaxRunning), last: map[string]chan struct{}{}}
	r := bufio.NewReaderSize(in, 64<<10)
	var err error
	for {
		var line []byte
		var tooLong bool
		line, tooLong, err = readLine(r, MaxLine)
		switch {
		case tooLong:
			s.write(nil, nil, errorObject(session.ErrTooLarge, fmt.Sprintf("a request line holds at most %d bytes", MaxLine)))
		case len(bytes.TrimSpace(line)) > 0:
			s.start(line)
		}
		if err != nil || s.failed() != nil {
			break
		}
	}
	s.wg.Wait()
	if err == io.EOF {
		err = nil
	}
	return errors.Join(err, s.failed())
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
	t       *session.Table
	wg      sync.WaitGroup
	running chan struct{}
	// last holds, per handle, the done channel of the latest request on
	// it; only the reading goroutine uses it.
	last map[string]chan struct{}
	// global is closed once every request so far that names no handle
	// has finished; nil before the first. Only the reading goroutine
	// uses it.
	global chan struct{}

	// mu serializes the answers; a write may block until the client
	// reads, so the reading goroutine never takes mu.
	mu sync.Mutex
	w  *bufio.Writer
	// err is the first error of writing, under errMu.
	errMu sync.Mutex
	err   error
}

// request is one line's request.
type request struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Args   json.RawMessage `json:"args"`
}

// start reads a request from line and runs it (after the one before on the
// same handle), or answers a bad line at once.
func (s *server) start(line []byte) {
	var req request
	if err := kit.DecodeStrict(line, &req); err != nil {
		s.write(idOf(line), nil, errorObject(session.ErrBadCall, "a request is one JSON object {\"id\", \"method\", \"args\"} on one line: "+reasonOf(err)))
		return
	}
	if !validID(req.ID) {
		s.write(nil, nil, errorObject(session.ErrBadCall, `"id" is a number, a string or null`))
		return
	}
	if req.Method == nil {
		s.write(req.ID, nil, errorObject(session.ErrBadCall, `no "method"`))
		return
	}
	// A request on a handle waits for the earlier requests on it and for
	// the earlier ones on none (a newGame whose handle it may name); a
	// request on none waits for nothing, but the next requests on handles
	// wait for it.
	var waits []chan struct{}
	done := make(chan struct{})
	var allDone, allBefore chan struct{}
	if key := handleOf(req.Args); key != "" {
		waits = append(waits, s.last[key], s.global)
		s.last[key] = done
		if len(s.last) > 4*MaxRunning {
			s.forgetFinished()
		}
	} else {
		allBefore, allDone = s.global, make(chan struct{})
		s.global = allDone
	}
	s.running <- struct{}{}
	s.wg.Add(1)
	go func() {
		defer func() {
			close(done)
			<-s.running
			if allDone != nil {
				if allBefore != nil {
					<-allBefore
				}
				close(allDone)
			}
			s.wg.Done()
		}()
		for _, c := range waits {
			if c != nil {
				<-c
			}
		}
		out := s.t.Call(*req.Method, req.Args)
		if e, ok := bytes.CutPrefix(out, []byte(`{"error":`)); ok {
			s.write(req.ID, nil, e[:len(e)-1])
		} else {
			s.write(req.ID, out, nil)
		}
	}()
}

// forgetFinished drops the handles whose latest request has finished.
func (s *server) forgetFinished() {
	for k, c := range s.last {
		select {
		case <-c:
			delete(s.last, k)
		default:
		}
	}
}

// write writes one answer line: {"id":id,"result":result} or
// {"id":id,"error":errObj}; a nil id is written as null.
func (s *server) write(id, result, errObj []byte) {
	if len(id) == 0 {
		id = []byte("null")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed() != nil {
		return
	}
	w := s.w
	w.WriteString(`{"id":`)
	w.Write(id)
	if errObj != nil {
		w.WriteString(`,"error":`)
		w.Write(errObj)
	} else {
		w.WriteString(`,"result":`)
		w.Write(result)
	}
	w.WriteString("}\n")
	if err := w.Flush(); err != nil {
		s.errMu.Lock()
		s.err = err
		s.errMu.Unlock()
	}
}

func (s *server) failed() error {
	s.errMu.Lock()
	defer s.errMu.Unlock()
	return s.err
}

// errorObject is the error object of a sentinel with a reason.
func errorObject(sentinel error, reason string) []byte {
	b, _ := json.Marshal(session.NewErrorJSON(&brettspiel.Error{Op: "read request", Err: sentinel, Reason: reason}))
	return b
}

func reasonOf(err error) string {
	var e *brettspiel.Error
	if errors.As(err, &e) && e.Reason != "" {
		return e.Reason
	}
	return err.Error()
}

// validID reports whether id is absent, null, a number or a string.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return true
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
