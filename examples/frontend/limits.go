package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// What a request may cost. A request is served in one of the server's
// slots (ServeHTTP), so the memory of the requests under way is at most
// that many times the most one costs; the rest bounds what one costs:
//
//   - its body, the arguments: at most session.MaxArgs bytes, read into a
//     buffer of their size (io.ReadAll of a body of 1 MiB allocates 2 MiB)
//     within bodyTime;
//   - its answer: the log of a game's steps in words is what makes an
//     answer long (about 440 bytes a step, 1 KB with "rules": true, and
//     five times that allocated while it is written), so an answer carries
//     at most o.maxLog steps of it; the games of the catalogue end within
//     about 850 steps;
//   - the game: at most o.maxSteps steps, so that what the table holds
//     (about 120 bytes a step) and what saveRecord and analyze read stay
//     bounded; and a record to load or check (loadRecord, verifyDice),
//     which is played again step by step (a record of 250 KB, 33,000
//     steps, allocates 24 MB), at most recordBytes a step of it (a record
//     takes about 9);
//   - its time: the table's budget per call, and writeTime to write the
//     answer to a client that reads slowly.
const (
	bodyTime  = 10 * time.Second
	writeTime = 20 * time.Second
	// watchKept is how many changes a game remembers for watch: from a
	// revision older than that, watch answers the whole log (session's
	// package doc, Watchers).
	watchKept = 256
	// recordBytes is the most bytes of a record's text per step of
	// o.maxSteps.
	recordBytes = 16
)

// readArgs reads a request's body, the arguments of its call, within
// bodyTime, and sets the deadline of its answer; on failure it answers and
// returns false.
func readArgs(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(bodyTime)) // not every ResponseWriter has deadlines
	defer rc.SetWriteDeadline(time.Now().Add(session.DefaultCallBudget + writeTime))
	tooLarge := func() ([]byte, bool) {
		writeError(w, session.NewErrorJSON(fmt.Errorf("read the arguments: %w: at most %d bytes", session.ErrTooLarge, session.MaxArgs)))
		return nil, false
	}
	if r.ContentLength > session.MaxArgs {
		return tooLarge()
	}
	body := http.MaxBytesReader(w, r.Body, session.MaxArgs)
	var args []byte
	var err error
	if r.ContentLength >= 0 {
		args = make([]byte, r.ContentLength)
		_, err = io.ReadFull(body, args)
	} else {
		args, err = io.ReadAll(body)
	}
	if tooBig := new(http.MaxBytesError); errors.As(err, &tooBig) {
		return tooLarge()
	}
	if err != nil {
		writeError(w, session.NewErrorJSON(fmt.Errorf("%w: read the arguments: %v", session.ErrBadCall, err)))
		return nil, false
	}
	return args, true
}

// plays are the methods that play a step.
var plays = map[string]bool{"apply": true, "throw": true, "throwManual": true, "botMove": true, "advance": true, "redo": true}

// bound checks that a call of method on g with args stays within the
// server's bounds: its answer's log, the game's length. It returns the
// arguments to call with: an advance that names no limit is given the
// most it may play.
func (s *server) bound(ctx context.Context, g *session.Game, method string, args []byte) ([]byte, error) {
	if t := bytes.TrimSpace(args); len(t) == 0 || string(t) == "null" {
		args = []byte("{}") // none, as the session reads it
	}
	var a struct {
		Since *int  `json:"since"`
		Log   *bool `json:"log"`
		Limit *int  `json:"limit"`
		Rev   *int  `json:"rev"`
	}
	if json.Unmarshal(args, &a) != nil {
		return args, nil // not arguments at all: the session says why
	}
	if plays[method] && g.Len() >= s.o.maxSteps {
		return nil, fmt.Errorf("%w: %s: the game has %d steps, the most this server plays; saveRecord gives its record", session.ErrTooLarge, method, g.Len())
	}
	if method == "advance" {
		// the steps it may play: to the game's most, and with its log
		// as many as an answer carries
		most := min(s.o.maxSteps-g.Len(), session.MaxAdvance)
		if a.Log == nil || *a.Log {
			most = min(most, s.o.maxLog)
		}
		switch {
		case a.Limit == nil:
			args = withKey(args, "limit", most)
		case *a.Limit > most || *a.Limit == 0 && most < session.MaxAdvance:
			return nil, fmt.Errorf("%w: advance: it may play at most %d steps here (a log of at most %d steps an answer, without it %d; a game of at most %d steps): a limit of 1…%[2]d", session.ErrTooLarge, most, s.o.maxLog, session.MaxAdvance, s.o.maxSteps)
		}
	}
	if err := s.logBound(g, a.Since, a.Log); err != nil {
		return nil, err
	}
	if method == "watch" && a.Rev != nil && g.Len() > s.o.maxLog {
		var now struct{ Rev int }
		json.Unmarshal(g.Call(ctx, "state", []byte(`{"log":false,"legal":false}`), ""), &now)
		if now.Rev-*a.Rev > watchKept {
			return nil, fmt.Errorf("%w: watch: the game has changed %d times since revision %d and has %d steps: ask state with \"since\" (at most %d steps back), then watch from its \"rev\"", session.ErrTooLarge, now.Rev-*a.Rev, *a.Rev, g.Len(), s.o.maxLog)
		}
	}
	return args, nil
}

// logBound refuses a log from step since that would go back more than
// maxLog steps from the game's length.
func (s *server) logBound(g *session.Game, since *int, log *bool) error {
	if since == nil || log != nil && !*log {
		return nil
	}
	if n := g.Len(); n-*since > s.o.maxLog {
		return fmt.Errorf("%w: since %d: an answer's log goes back at most %d steps, to %d (saveRecord gives the whole game)", session.ErrTooLarge, *since, s.o.maxLog, n-s.o.maxLog)
	}
	return nil
}

// withKey adds "key": n to a JSON object that lacks the key.
func withKey(obj []byte, key string, n int) []byte {
	obj = bytes.TrimSpace(obj)
	rest := bytes.TrimSpace(obj[1:])
	out := append([]byte(`{"`+key+`":`), strconv.Itoa(n)...)
	if len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	return append(out, rest...)
}

// recordBound refuses the text of a record (loadRecord's, verifyDice's)
// longer than recordBytes a step of the longest game.
func (s *server) recordBound(method string, text *string) error {
	if most := s.o.maxSteps * recordBytes; text != nil && len(*text) > most {
		return fmt.Errorf("%w: %s: a record of %d bytes; this server reads records of at most %d", session.ErrTooLarge, method, len(*text), most)
	}
	return nil
}
