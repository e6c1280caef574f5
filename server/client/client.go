// Package client is a Go client of the game server (package server): it
// creates and joins games over HTTP, and plays and watches them over one
// WebSocket connection. The server's tests and its load generator use it;
// it shows a client in another language what to send.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/coder/websocket"
)

// Error is an error object of the server or the session: its stable name
// and its message.
type Error struct {
	Name    string `json:"name"`
	Message string `json:"message"`
	Say     string `json:"say,omitempty"`
}

func (e *Error) Error() string { return e.Name + ": " + e.Message }

// Step is one step of a game's log as a delta carries it.
type Step struct {
	Index    int    `json:"index"`
	Actor    int    `json:"actor"`
	Notation string `json:"notation"`
}

// Delta is one change of a game (the session's Delta): cut the log to
// From steps and append Log.
type Delta struct {
	Rev    int    `json:"rev"`
	From   int    `json:"from"`
	Length int    `json:"length"`
	Log    []Step `json:"log"`
	ToMove int    `json:"toMove"`
	ID     string `json:"id"`
	Ending string `json:"ending"`
	// Names are the seats' names, Next the game that follows (a
	// rematch); Commitment, Seed and Salt the dice's proof.
	Names      []string `json:"names"`
	Next       string   `json:"next"`
	Commitment string   `json:"commitment"`
	Seed       string   `json:"seed"`
	Salt       string   `json:"salt"`
	Closed     bool     `json:"closed"`
	// GiveUp is a give-up asked that waits for the other seats' consent.
	GiveUp *GiveUp `json:"giveUp"`
}

// GiveUp is a give-up asked: the seat that gives up and the seats that
// agreed so far.
type GiveUp struct {
	Seat    int   `json:"seat"`
	Granted []int `json:"granted"`
}

// Created is the answer of a new game.
type Created struct {
	Game    string `json:"game"`
	Seat    int    `json:"seat"`
	Secret  string `json:"secret"`
	Invites []struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	} `json:"invites"`
	// Commitment is the commitment to the game's secret dice.
	Commitment string `json:"commitment"`
}

// Joined is the answer of a claim of a seat.
type Joined struct {
	Seat       int    `json:"seat"`
	Secret     string `json:"secret"`
	Commitment string `json:"commitment"`
}

// Post sends a request of the server's API and decodes its answer into
// out; a refusal is an *Error.
func Post(ctx context.Context, base, path string, in, out any) error {
	return PostFrom(ctx, base, path, "", in, out)
}

// PostFrom is Post as a proxy sends it for the client at address from
// (X-Forwarded-For; "" sends none): a server that trusts the proxy counts
// the request as from's.
func PostFrom(ctx context.Context, base, path, from string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if from != "" {
		req.Header.Set("X-Forwarded-For", from)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	var e struct {
		Error *Error `json:"error"`
	}
	if json.Unmarshal(b, &e) == nil && e.Error != nil {
		return e.Error
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", resp.Status, b)
	}
	return json.Unmarshal(b, out)
}

// Conn is one WebSocket connection to the server, bound to a game by
// Hello. Its calls may run concurrently; Deltas gives the game's changes
// in order.
type Conn struct {
	c      *websocket.Conn
	mu     sync.Mutex
	id     int64
	wait   map[int64]chan json.RawMessage
	deltas chan Delta
	done   chan struct{}
	err    error
	// Closed is the error of a "closed" frame, once one came.
	closed *Error
}

// deltaQueue is the deltas a connection keeps for its reader: more than
// a game's changes come while a reader does anything else, and little
// enough that thousands of connections in one program (the load
// generator's) stay small. A reader that falls further behind loses the
// newest.
const deltaQueue = 256

// Dial connects to the server at base (http://host:port); origin is the
// Origin header to send ("" sends base).
func Dial(ctx context.Context, base, origin string) (*Conn, error) {
	return DialGame(ctx, base, origin, "")
}

// DialGame is Dial with the game the connection is for named in its URL
// (/ws?game=ID), as the page names it: a proxy in front of several
// processes may send all of a game's connections to one of them. The
// server ignores the query; Hello still binds the connection. "" names
// none.
func DialGame(ctx context.Context, base, origin, game string) (*Conn, error) {
	if origin == "" {
		origin = base
	}
	ws := "ws" + strings.TrimPrefix(base, "http") + "/ws"
	if game != "" {
		ws += "?game=" + url.QueryEscape(game)
	}
	c, _, err := websocket.Dial(ctx, ws, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {origin}}})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(64 << 20) // a catch-up carries a whole game's log
	cn := &Conn{c: c, wait: map[int64]chan json.RawMessage{}, deltas: make(chan Delta, deltaQueue), done: make(chan struct{})}
	go cn.read()
	return cn, nil
}

func (cn *Conn) read() {
	defer close(cn.done)
	defer close(cn.deltas)
	for {
		_, b, err := cn.c.Read(context.Background())
		if err != nil {
			cn.mu.Lock()
			cn.err = err
			for _, w := range cn.wait {
				close(w)
			}
			cn.wait = nil
			cn.mu.Unlock()
			return
		}
		var f struct {
			ID     *int64          `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
			Delta  *Delta          `json:"delta"`
			Closed *Error          `json:"closed"`
		}
		if err := json.Unmarshal(b, &f); err != nil {
			continue
		}
		// the reply {"id", "result"} or {"id", "error"}: an answer as
		// the session gives it, the result or {"error": …}
		var answer json.RawMessage
		switch {
		case f.Error != nil:
			answer = append(append([]byte(`{"error":`), f.Error...), '}')
		case f.Result != nil:
			answer = f.Result
		}
		switch {
		case f.Delta != nil:
			select {
			case cn.deltas <- *f.Delta:
			default: // the test does not read its deltas: drop
			}
		case f.Closed != nil:
			cn.mu.Lock()
			cn.closed = f.Closed
			cn.mu.Unlock()
		case answer != nil:
			cn.mu.Lock()
			var w chan json.RawMessage
			if f.ID != nil {
				w = cn.wait[*f.ID]
				delete(cn.wait, *f.ID)
			} else {
				w = cn.wait[-1]
			}
			cn.mu.Unlock()
			if w != nil {
				w <- answer
			}
		}
	}
}

// ErrClosed: the connection ended before the answer came.
var ErrClosed = errors.New("the connection closed")

// Call sends a method with its arguments and returns its answer; a
// refusal is an *Error.
func (cn *Conn) Call(ctx context.Context, method string, args any) (json.RawMessage, error) {
	if args == nil {
		args = map[string]any{}
	}
	a, err := json.Marshal(args)
	if err != nil {
		return nil, err
	}
	cn.mu.Lock()
	if cn.wait == nil {
		cn.mu.Unlock()
		return nil, ErrClosed
	}
	cn.id++
	id := cn.id
	w := make(chan json.RawMessage, 1)
	cn.wait[id] = w
	cn.mu.Unlock()
	frame := fmt.Appendf(nil, `{"id":%d,"method":%q,"args":%s}`, id, method, a)
	return cn.Send(ctx, frame, w)
}

// SendID writes a frame as it is and waits for the answer to the call id,
// which the frame carries: a frame the server refuses as a call gets its
// refusal under its id wherever the id can be read.
func (cn *Conn) SendID(ctx context.Context, id int64, frame []byte) (json.RawMessage, error) {
	w := make(chan json.RawMessage, 1)
	cn.mu.Lock()
	if cn.wait == nil {
		cn.mu.Unlock()
		return nil, ErrClosed
	}
	cn.wait[id] = w
	cn.mu.Unlock()
	return cn.Send(ctx, frame, w)
}

// Send writes a frame as it is and waits for the answer on w (nil: the
// answer with no id, to a frame that is no call).
func (cn *Conn) Send(ctx context.Context, frame []byte, w chan json.RawMessage) (json.RawMessage, error) {
	if w == nil {
		w = make(chan json.RawMessage, 1)
		cn.mu.Lock()
		if cn.wait == nil {
			cn.mu.Unlock()
			return nil, ErrClosed
		}
		cn.wait[-1] = w
		cn.mu.Unlock()
	}
	if err := cn.c.Write(ctx, websocket.MessageText, frame); err != nil {
		return nil, err
	}
	select {
	case a, ok := <-w:
		if !ok {
			return nil, fmt.Errorf("%w: %v", ErrClosed, cn.Err())
		}
		var e struct {
			Error *Error `json:"error"`
		}
		if json.Unmarshal(a, &e) == nil && e.Error != nil {
			return a, e.Error
		}
		return a, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Hello binds the connection to a game, as the holder of the secret's
// seat ("" watches), and starts the deltas from revision rev (0: the
// whole game). It returns the seat (−1 for a watcher).
func (cn *Conn) Hello(ctx context.Context, game, secret string, rev int) (int, error) {
	args := map[string]any{"game": game, "rev": rev}
	if secret != "" {
		args["secret"] = secret
	}
	a, err := cn.Call(ctx, "hello", args)
	if err != nil {
		return -1, err
	}
	var h struct {
		Seat int `json:"seat"`
	}
	return h.Seat, json.Unmarshal(a, &h)
}

// Deltas gives the changes of the game, in order; it is closed with the
// connection. It keeps 256 for a reader busy elsewhere, and drops what
// comes beyond them.
func (cn *Conn) Deltas() <-chan Delta { return cn.deltas }

// Done is closed when the connection has ended.
func (cn *Conn) Done() <-chan struct{} { return cn.done }

// Err is why the connection ended.
func (cn *Conn) Err() error {
	cn.mu.Lock()
	defer cn.mu.Unlock()
	return cn.err
}

// ClosedBy is the "closed" frame's error, if the server sent one.
func (cn *Conn) ClosedBy() *Error {
	cn.mu.Lock()
	defer cn.mu.Unlock()
	return cn.closed
}

// Close ends the connection.
func (cn *Conn) Close() error { return cn.c.Close(websocket.StatusNormalClosure, "") }

// Mirror is a client's copy of a game's log, kept by its deltas.
type Mirror struct {
	Log    []Step
	Rev    int
	ToMove int
	Ending string
	Over   bool
}

// Apply applies a delta: the log cut to its From, its steps appended. A
// delta whose From lies beyond the log is an error (a gap).
func (m *Mirror) Apply(d Delta) error {
	if d.From > len(m.Log) {
		return fmt.Errorf("a delta from step %d on a log of %d", d.From, len(m.Log))
	}
	if d.Rev <= m.Rev && m.Rev != 0 && d.Rev != 0 {
		return nil // seen: a catch-up after a reconnect repeats it
	}
	m.Log = append(m.Log[:d.From], d.Log...)
	if len(m.Log) != d.Length {
		return fmt.Errorf("a delta of length %d leaves a log of %d", d.Length, len(m.Log))
	}
	m.Rev, m.ToMove, m.Ending = d.Rev, d.ToMove, d.Ending
	m.Over = d.ToMove == -2
	return nil
}

// Notations are the notations of the log's steps.
func (m *Mirror) Notations() []string {
	out := make([]string, len(m.Log))
	for i, s := range m.Log {
		out[i] = s.Notation
	}
	return out
}

// RandomMove asks the server for the legal moves of the seat to move and
// picks one with rng, conceding only when nothing else is legal, as the
// random bot does. It is for tests and load.
func (c *Conn) RandomMove(ctx context.Context, rng *rand.Rand) (string, error) {
	a, err := c.Call(ctx, "legal", map[string]any{"parts": false})
	if err != nil {
		return "", err
	}
	var l struct {
		Legal []struct {
			Notation string `json:"notation"`
		} `json:"legal"`
	}
	if err := json.Unmarshal(a, &l); err != nil || len(l.Legal) == 0 {
		return "", errors.New("no legal moves: " + string(a))
	}
	var moves []string
	for _, x := range l.Legal {
		if x.Notation != "concede" {
			moves = append(moves, x.Notation)
		}
	}
	if len(moves) == 0 {
		return l.Legal[0].Notation, nil
	}
	return moves[rng.IntN(len(moves))], nil
}

// Get fetches a path of the server's API as text (a record); a refusal is
// an *Error.
func Get(ctx context.Context, base, path string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Error *Error `json:"error"`
		}
		if json.Unmarshal(b, &e) == nil && e.Error != nil {
			return "", e.Error
		}
		return "", fmt.Errorf("%s: %s", resp.Status, b)
	}
	return string(b), nil
}
