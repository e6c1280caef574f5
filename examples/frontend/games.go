package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"

	"github.com/brettspiel/brettspiel/session"
)

// The games: made by newGame, loadRecord and loadID with the session's Go
// API (the protocol's loadRecord and loadID make no owned game), put at
// the table under an ID, and called through their own Game.Call, which
// names no handle.

// newGameArgs are the arguments of newGame: the game's Config and the
// View of the answer.
type newGameArgs struct {
	session.Config
	session.View
}

// loadArgs are the arguments of loadRecord (text) and loadID (id).
type loadArgs struct {
	Text  *string       `json:"text"`
	ID    *string       `json:"id"`
	Seed  *session.Seed `json:"seed"`
	Seats []string      `json:"seats"`
	Dice  string        `json:"dice"`
	Owned *bool         `json:"owned"`
	session.View
}

// make serves newGame, loadRecord and loadID: it makes the game, owned
// unless the arguments say "owned": false, puts it at the table under a
// new ID and answers 201 {"game": ID, "state": STATE}.
func (s *server) make(w http.ResponseWriter, r *http.Request, method string, args []byte) {
	build, view, err := s.read(method, args)
	if err != nil {
		writeError(w, session.NewErrorJSON(err))
		return
	}
	if s.full() { // refused before the game is made, or a record played
		writeError(w, session.NewErrorJSON(fmt.Errorf("%w: %s: the table holds %d games, its most", session.ErrTableFull, method, s.o.maxGames)))
		return
	}
	g, err := build()
	if err == nil && g.Len() > s.o.maxSteps {
		g.Close()
		err = fmt.Errorf("%w: %s: the record has %d steps; this server plays games of at most %d", session.ErrTooLarge, method, g.Len(), s.o.maxSteps)
	}
	if err != nil {
		writeError(w, session.NewErrorJSON(err))
		return
	}
	if err := s.logBound(g, view.Since, view.Log); err != nil {
		g.Close()
		writeError(w, session.NewErrorJSONIn(err, g.Lang()))
		return
	}
	h, err := s.table.Add(g)
	if err != nil {
		g.Close()
		writeError(w, session.NewErrorJSONIn(err, g.Lang()))
		return
	}
	id := s.hold(g, h)
	v, err := json.Marshal(view)
	if err != nil {
		panic(err) // a View always encodes
	}
	state := g.Call(r.Context(), "state", v, "")
	if code := status(state); code != http.StatusOK {
		s.table.Close(h)
		s.forget(id)
		writeAnswer(w, state)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Location", "/api/games/"+id)
	w.WriteHeader(http.StatusCreated)
	fmt.Fprintf(w, `{"game":%q,"state":`, id)
	w.Write(state)
	w.Write([]byte("}\n"))
}

// full says whether the table is full, its idle games swept.
func (s *server) full() bool {
	if s.table.Len() < s.o.maxGames {
		return false
	}
	s.sweep()
	return s.table.Len() >= s.o.maxGames
}

// read reads the arguments of newGame, loadRecord or loadID and returns
// what makes the game and the View its answer asks.
func (s *server) read(method string, args []byte) (func() (*session.Game, error), session.View, error) {
	if method == "newGame" {
		a := newGameArgs{Config: session.Config{Owned: true}}
		if err := strictly(method, args, &a); err != nil {
			return nil, a.View, err
		}
		if a.Variant == "" {
			return nil, a.View, fmt.Errorf("%w: %s: give \"variant\"", session.ErrBadCall, method)
		}
		c := a.Config
		if err := ownSeed(method, c.Owned, c.Seed); err != nil {
			return nil, a.View, err
		}
		c.Lang, c.Now = a.View.Lang, s.o.now
		return func() (*session.Game, error) { return session.New(c) }, a.View, nil
	}
	var a loadArgs
	if err := strictly(method, args, &a); err != nil {
		return nil, a.View, err
	}
	if err := s.recordBound(method, a.Text); err != nil {
		return nil, a.View, err
	}
	c := session.Config{Seed: a.Seed, Seats: a.Seats, Dice: a.Dice, Owned: a.Owned == nil || *a.Owned, Lang: a.View.Lang, Now: s.o.now}
	if err := ownSeed(method, c.Owned, c.Seed); err != nil {
		return nil, a.View, err
	}
	switch {
	case method == "loadRecord" && a.Text != nil && a.ID == nil:
		return func() (*session.Game, error) { return session.LoadRecord(*a.Text, c) }, a.View, nil
	case method == "loadID" && a.ID != nil && a.Text == nil:
		return func() (*session.Game, error) { return session.LoadID(*a.ID, c) }, a.View, nil
	case method == "loadRecord":
		return nil, a.View, fmt.Errorf("%w: %s: give \"text\", the record, and no \"id\"", session.ErrBadCall, method)
	}
	return nil, a.View, fmt.Errorf("%w: %s: give \"id\", the position ID, and no \"text\"", session.ErrBadCall, method)
}

// ownSeed refuses a client's seed for a game of owned seats: its dice are
// secret, and a seed the client chose would make them his to know (the
// commitment would hide a seed he holds). A game of one screen takes one.
func ownSeed(method string, owned bool, seed *session.Seed) error {
	if owned && seed != nil {
		return fmt.Errorf("%w: %s: the seed of a game of owned seats is drawn by the server and kept secret until its end; \"owned\": false makes a game of one screen, which takes a seed", session.ErrBadCall, method)
	}
	return nil
}

// strictly reads a call's arguments into v as the session reads them: one
// JSON object (none is {}), each of its keys one of v's, spelt as v spells
// it and given once, each value of the key's type.
func strictly(method string, args []byte, v any) error {
	if t := bytes.TrimSpace(args); len(t) == 0 || string(t) == "null" {
		args = []byte("{}")
	}
	bad := func(why string, a ...any) error {
		return fmt.Errorf("%w: %s: %s", session.ErrBadCall, method, fmt.Sprintf(why, a...))
	}
	known := map[string]bool{}
	keysOf(reflect.TypeOf(v).Elem(), known)
	d := json.NewDecoder(bytes.NewReader(args))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return bad("the arguments are one JSON object")
	}
	seen := map[string]bool{}
	for d.More() {
		t, err := d.Token()
		key, _ := t.(string)
		var value json.RawMessage
		switch {
		case err != nil:
			return bad("%v", err)
		case !known[key]:
			return bad("no key %q", key)
		case seen[key]:
			return bad("%q given twice", key)
		case d.Decode(&value) != nil:
			return bad("the value of %q is no JSON", key)
		}
		seen[key] = true
	}
	if _, err := d.Token(); err != nil {
		return bad("%v", err)
	}
	if _, err := d.Token(); err != io.EOF {
		return bad("one JSON object, nothing after it")
	}
	if err := json.Unmarshal(args, v); err != nil {
		return bad("%v", err)
	}
	return nil
}

// keysOf adds the JSON keys of the fields of struct type t to keys, those
// of its embedded structs too.
func keysOf(t reflect.Type, keys map[string]bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-":
		case f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct:
			keysOf(f.Type, keys)
		case f.IsExported() && name != "":
			keys[name] = true
		case f.IsExported():
			keys[f.Name] = true
		}
	}
}

// gameCall serves POST /api/games/{id}/{method}: the method on the game of
// the ID, with the secret of the request's Authorization header.
func (s *server) gameCall(w http.ResponseWriter, r *http.Request) {
	e, ok := s.game(r.PathValue("id"))
	if !ok {
		writeError(w, session.NewErrorJSON(unknownGame))
		return
	}
	secret, err := secretOf(r)
	if err != nil {
		writeError(w, session.NewErrorJSONIn(err, e.g.Lang()))
		return
	}
	args, ok := readArgs(w, r)
	if !ok {
		return
	}
	method := r.PathValue("method")
	if method == "close" {
		s.close(w, r.PathValue("id"), e, args, secret)
		return
	}
	if args, err = s.bound(r.Context(), e.g, method, args); err != nil {
		writeError(w, session.NewErrorJSONIn(err, e.g.Lang()))
		return
	}
	out := e.g.Call(r.Context(), method, args, secret)
	if secret != "" && e.g.Owned() {
		if _, ok := e.g.SeatOf(secret); ok {
			e.g.Touch() // a seat's holder is at the table, reading or acting
		}
	}
	writeAnswer(w, out)
}

// close closes the game of an ID: a game of one screen for anyone who has
// its ID; in an owned game a seat's holder leaves it, and it closes once
// every claimed seat has left (or nobody acted for the idle time), so that
// one player cannot take the game and its record from the others. The
// answer says whether the game is closed.
func (s *server) close(w http.ResponseWriter, id string, e held, args []byte, secret string) {
	if err := strictly("close", args, &struct{}{}); err != nil {
		writeError(w, session.NewErrorJSONIn(err, e.g.Lang()))
		return
	}
	if e.g.Owned() {
		if secret == "" {
			writeError(w, session.NewErrorJSONIn(fmt.Errorf("%w: close: an owned game is closed by a seat's holder, with his secret", session.ErrNoSecret), e.g.Lang()))
			return
		}
		seat, ok := e.g.SeatOf(secret)
		if !ok {
			writeError(w, session.NewErrorJSONIn(fmt.Errorf("%w: close: the secret is no seat's of this game", session.ErrBadSecret), e.g.Lang()))
			return
		}
		if !s.leave(e, seat) {
			writeJSON(w, http.StatusOK, struct {
				Closed bool `json:"closed"`
			}{false})
			return
		}
	}
	if err := s.table.Close(e.handle); err != nil {
		writeError(w, session.NewErrorJSON(unknownGame))
		return
	}
	s.forget(id)
	writeJSON(w, http.StatusOK, struct {
		Closed bool `json:"closed"`
	}{true})
}

// leave marks seat of an owned game as left and reports whether every
// claimed seat has left now.
func (s *server) leave(e held, seat int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	e.left[seat] = true
	for i, claimed := range e.g.Info().Claimed {
		if claimed && !e.left[i] {
			return false
		}
	}
	return true
}
