package hub

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/session"
)

// Meta is what the server keeps of a game beside the session's snapshot.
type Meta struct {
	Variant string   `json:"variant"`
	Preset  string   `json:"preset"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"`
	// Public games are listed in the lobby while a seat is open.
	Public bool `json:"public"`
	// Invites are per seat the SHA-256 (hex) of its invitation, "" when
	// not open (a bot's, or claimed).
	Invites []string  `json:"invites"`
	Created time.Time `json:"created"`
	// Origin hashes the address that made the game: the lobby lists a few of each.
	Origin string `json:"origin,omitempty"`
	// Rematch is the game this one follows, and From per seat the seat
	// of that game whose player takes it here (-1 for a bot's).
	Rematch string `json:"rematch,omitempty"`
	From    []int  `json:"from,omitempty"`
	// Clock is the game's time control, for its rematch.
	Clock *session.TimeControl `json:"clock,omitempty"`
}

// open are the seats waiting for their player.
func (m *Meta) open() []int {
	var open []int
	for i, x := range m.Invites {
		if x != "" {
			open = append(open, i)
		}
	}
	return open
}

// NewToken returns 128 random bits in base64url: a game's id or an invitation.
func NewToken() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// originOf names a network in a game's meta without keeping it.
func originOf(from string) string { return hashToken("brettspiel origin\n" + from)[:16] }

// CreateArgs are the arguments of a new game.
type CreateArgs struct {
	Variant string   `json:"variant"`
	Preset  string   `json:"preset"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"`
	Public  bool     `json:"public"`
	Lang    string   `json:"lang"`
	// Name is the creator's name at the table.
	Name string `json:"name"`
	// Clock is the game's time control; nil plays without clocks.
	Clock *session.TimeControl `json:"clock"`
}

// Invite is an invitation to a seat.
type Invite struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// Created answers a new game: its id (which lets anyone watch), the
// creator's seat and its secret, and the invitations to the other seats.
type Created struct {
	Game    string   `json:"game"`
	Seat    int      `json:"seat"`
	Secret  string   `json:"secret"`
	Invites []Invite `json:"invites"`
	// Commitment is the commitment to the game's secret dice
	// (session.Commit): given before any throw of the game is made, so
	// that its maker holds it before the first throw.
	Commitment string `json:"commitment"`
}

// Create starts a game for a client of the network from (its name, as
// limit.Net's String), who holds the first person's seat; every other
// person's seat gets an invitation, and the game waits for them, bounded
// per network and in all (Options.WaitingPerNet, MaxWaiting).
func (h *Hub) Create(ctx context.Context, from string, a CreateArgs) (*Created, error) {
	release, err := h.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	// the session draws the game's secret seed itself, and commits to it
	g, err := session.New(session.Config{Variant: a.Variant, Preset: a.Preset, Players: a.Players,
		Seats: a.Seats, Lang: a.Lang, Owned: true, Clock: a.Clock})
	if err != nil {
		return nil, err
	}
	return h.add(ctx, g, slices.Index(g.Info().Seats, session.Person), from, a.Name, Meta{Public: a.Public, Clock: a.Clock})
}

// add puts a new game at the table and stores it: seat mine claimed, an
// invitation to each other person's seat (in a rematch not handed out).
func (h *Hub) add(ctx context.Context, g *session.Game, mine int, from, name string, meta Meta) (*Created, error) {
	info := g.Info()
	if mine < 0 || info.Seats[mine] != session.Person {
		return nil, fmt.Errorf("%w: a game of the server has a person's seat at least", session.ErrBadCall)
	}
	secret, err := claim(g, mine, name)
	if err != nil {
		return nil, err
	}
	meta.Variant, meta.Preset, meta.Players, meta.Seats = info.Variant, info.Preset, info.Players, info.Seats
	meta.Public = meta.Public && meta.Rematch == ""
	meta.Invites, meta.Created, meta.Origin = make([]string, len(info.Seats)), time.Now().UTC(), originOf(from)
	out := &Created{Game: NewToken(), Seat: mine, Secret: secret, Invites: []Invite{}}
	for i, k := range info.Seats {
		if k == session.Person && i != mine {
			t := NewToken()
			meta.Invites[i] = hashToken(t)
			if meta.Rematch == "" {
				out.Invites = append(out.Invites, Invite{Seat: i, Token: t})
			}
		}
	}
	if len(meta.open()) > 0 {
		done, err := h.makeWaiting(meta.Origin)
		if err != nil {
			return nil, err
		}
		defer done() // once held, the game is counted by its listing
	}
	// Nothing is thrown yet: the dice and the bots play once a seat's
	// holder is at the table (Watch) or acts (Call), after the maker got
	// the commitment in this answer.
	out.Commitment = info.Commitment
	var handle int
	if err := h.roomy(func() (err error) { handle, err = h.table.Add(g); return err }); err != nil {
		return nil, err
	}
	g.Gate()
	data, rev, err := g.Snapshot()
	if err != nil {
		h.table.Close(handle)
		return nil, err
	}
	metaJSON, _ := json.Marshal(meta)
	c := store.Change{Kind: store.Create, Game: out.Game, Handle: handle, Meta: metaJSON, Snapshot: data, Rev: rev,
		Public: meta.Public, Open: len(meta.open()), Made: meta.Created.Unix()}
	if err := h.write(ctx, c); err != nil {
		h.table.Close(handle)
		return nil, h.storageErr("storing a new game", out.Game, err)
	}
	g.Release(rev)
	h.hold(&Game{id: out.Game, handle: handle, g: g, meta: meta, rev: rev, length: g.Len()})
	h.opt.Log.Debug("game made", GameAttr(out.Game), "net", from, "variant", meta.Variant, "open", len(meta.open()))
	return out, nil
}

// claim takes a seat of g for a person, named name unless "".
func claim(g *session.Game, seat int, name string) (string, error) {
	secret, err := g.Claim(seat)
	if err == nil && name != "" {
		err = g.Name(seat, name, secret)
	}
	return secret, err
}

// Joined answers a claim of a seat: the seat and its secret.
type Joined struct {
	Seat   int    `json:"seat"`
	Secret string `json:"secret"`
	// Commitment is the commitment to the game's secret dice, given before
	// the joiner's first move.
	Commitment string `json:"commitment"`
}

// JoinArgs claim a seat: by its invitation, or in a public game a seat
// open to all (Seat, no invitation).
type JoinArgs struct {
	Game   string `json:"game"`
	Invite string `json:"invite"`
	Seat   *int   `json:"seat"`
	Name   string `json:"name"`
}

// Join claims a seat.
func (h *Hub) Join(ctx context.Context, a JoinArgs) (*Joined, error) {
	release, err := h.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	return h.join(ctx, a, -1)
}

// join claims a seat, in a rematch the one whose player held seat before
// in the game it follows (else before is −1).
func (h *Hub) join(ctx context.Context, a JoinArgs, before int) (*Joined, error) {
	lg, err := h.held(a.Game)
	if err != nil {
		return nil, err
	}
	defer lg.mu.Unlock()
	seat := -1
	switch {
	case before >= 0:
		seat = slices.Index(lg.meta.From, before)
	case a.Invite != "":
		t := hashToken(a.Invite)
		for i, x := range lg.meta.Invites {
			if x != "" && subtle.ConstantTimeCompare([]byte(x), []byte(t)) == 1 {
				seat = i
			}
		}
	case a.Seat != nil && lg.meta.Public:
		seat = *a.Seat
	}
	if seat < 0 || seat >= len(lg.meta.Invites) || lg.meta.Invites[seat] == "" {
		return nil, ErrBadInvite
	}
	secret, err := claim(lg.g, seat, a.Name)
	was := lg.meta.Invites[seat]
	if err == nil {
		lg.meta.Invites[seat] = ""
		err = h.persist(ctx, lg, false, true)
	}
	if err != nil {
		lg.meta.Invites[seat] = was
		h.reload(ctx, lg)
		return nil, err
	}
	h.account(lg)
	h.opt.Log.Debug("seat claimed", GameAttr(lg.id), "seat", seat)
	return &Joined{Seat: seat, Secret: secret, Commitment: lg.g.Info().Commitment}, nil
}

// Rematch makes the game that follows a game over, for the holder of
// secret there: the same kind and clock, every seat moved one on. The
// others learn of it by their watchers (session.Delta.Next) and ask too;
// from is the asker's network, as Create's: the new game waits for them
// among that network's games.
func (h *Hub) Rematch(ctx context.Context, from, id, secret string) (*Created, error) {
	release, err := h.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	old, err := h.held(id)
	if err != nil {
		return nil, err
	}
	out, next, k, err := h.rematch(ctx, old, from, secret)
	old.mu.Unlock()
	if next != "" { // made already: this person joins it
		j, err := h.join(ctx, JoinArgs{Game: next}, k)
		if err != nil {
			return nil, err
		}
		return &Created{Game: next, Seat: j.Seat, Secret: j.Secret, Invites: []Invite{}, Commitment: j.Commitment}, nil
	}
	return out, err
}

// rematch makes the rematch of old (old.mu held), or names the one made;
// k is the seat of secret in old, asker its network.
func (h *Hub) rematch(ctx context.Context, old *Game, asker, secret string) (out *Created, next string, k int, err error) {
	k, ok := old.g.SeatOf(secret)
	info := old.g.Info()
	switch {
	case !ok:
		return nil, "", k, session.ErrBadSecret
	case info.Next != "":
		return nil, info.Next, k, nil
	case old.g.Position().ToMove() != brettspiel.Terminal:
		return nil, "", k, ErrNotOver
	}
	n := len(info.Seats)
	seats, from := make([]string, n), make([]int, n)
	for i, kind := range info.Seats {
		j := (i + 1) % n
		seats[j], from[j] = kind, i
		if kind != session.Person {
			from[j] = -1
		}
	}
	g, err := session.New(session.Config{Variant: old.meta.Variant, Preset: old.meta.Preset, Players: old.meta.Players,
		Seats: seats, Lang: old.g.Lang().String(), Owned: true, Clock: old.meta.Clock})
	if err == nil {
		out, err = h.add(ctx, g, (k+1)%n, asker, "", Meta{Rematch: old.id, From: from, Clock: old.meta.Clock})
	}
	if err == nil {
		err = old.g.SetNext(out.Game)
	}
	if err == nil {
		err = h.persist(ctx, old, false, true)
	}
	return out, "", k, err
}

// LobbyGame is an open public game.
type LobbyGame struct {
	Game    string   `json:"game"`
	Variant string   `json:"variant"`
	Preset  string   `json:"preset"`
	Seats   []string `json:"seats"`
	Open    []int    `json:"open"`
}

// perOrigin is the most games of one address the lobby lists.
const perOrigin = 3

// Lobby lists the public games with a seat open, newest first, at most
// max and perOrigin of one address, from storage (every process's).
func (h *Hub) Lobby(ctx context.Context, max int) ([]LobbyGame, error) {
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	var games []store.Stored
	err := h.timed("lobby", func() (err error) { games, err = h.store.Public(ctx, 8*max); return err })
	if err != nil {
		return nil, h.storageErr("the lobby", "", err)
	}
	out := []LobbyGame{}
	seen := map[string]int{}
	for _, pg := range games {
		m, err := metaOf(pg.Meta)
		if err != nil || len(out) >= max || seen[m.Origin] >= perOrigin {
			continue
		}
		seen[m.Origin]++
		out = append(out, LobbyGame{Game: pg.Game, Variant: m.Variant, Preset: m.Preset, Seats: m.Seats, Open: m.open()})
	}
	return out, nil
}
