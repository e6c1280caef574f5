package main

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// The games people make and join: a new game with its invitations, a seat
// claimed by an invitation, and the lobby of public games with a seat open.

// CreateArgs are the arguments of a new game.
type CreateArgs struct {
	Variant string   `json:"variant"`
	Preset  string   `json:"preset"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"`
	Public  bool     `json:"public"`
	Lang    string   `json:"lang"`
}

// Invite is an invitation to a seat.
type Invite struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// Created answers a new game: its id (which lets anyone who has it
// watch), the creator's seat and its secret, and the invitations to the
// other people's seats.
type Created struct {
	Game    string   `json:"game"`
	Seat    int      `json:"seat"`
	Secret  string   `json:"secret"`
	Invites []Invite `json:"invites"`
}

// Create starts a game of people and bots: the creator holds the first
// person's seat, every other person's seat gets an invitation.
func (s *Server) Create(ctx context.Context, a CreateArgs) (*Created, error) {
	if s.stopping.Load() {
		return nil, ErrStopping
	}
	// the session draws the game's secret seed itself, and commits to it
	g, err := session.New(session.Config{Variant: a.Variant, Preset: a.Preset, Players: a.Players,
		Seats: a.Seats, Lang: a.Lang, Owned: true})
	if err != nil {
		return nil, err
	}
	info := g.Info()
	mine := -1
	for i, k := range info.Seats {
		if k == session.Person {
			mine = i
			break
		}
	}
	if mine < 0 {
		return nil, fmt.Errorf("%w: a game of the server has a person's seat at least", session.ErrBadCall)
	}
	secret, err := g.Claim(mine)
	if err != nil {
		return nil, err
	}
	meta := Meta{Variant: info.Variant, Preset: info.Preset, Players: info.Players, Seats: info.Seats,
		Public: a.Public, Invites: make([]string, len(info.Seats)), Created: time.Now().UTC()}
	out := &Created{Game: newToken(), Seat: mine, Secret: secret}
	for i, k := range info.Seats {
		if k == session.Person && i != mine {
			t := newToken()
			meta.Invites[i] = hashToken(t)
			out.Invites = append(out.Invites, Invite{Seat: i, Token: t})
		}
	}
	// the bots and the dice play until a person is to move
	if _, err := g.Advance(ctx, 0); err != nil {
		return nil, err
	}
	handle, err := s.table.Add(g)
	if err != nil {
		return nil, err
	}
	data, rev, err := g.Snapshot()
	if err == nil {
		metaJSON, _ := json.Marshal(meta)
		err = s.store.Write(ctx, Change{Kind: Create, Game: out.Game, Handle: handle, Meta: metaJSON, Snapshot: data, Rev: rev, Holder: s.id})
		if err == nil {
			lg := newLive(out.Game, handle, g, meta, rev)
			s.mu.Lock()
			s.games[out.Game] = lg
			s.mu.Unlock()
			return out, nil
		}
	}
	s.table.Close(handle)
	return nil, err
}

// Joined answers a claim of a seat: the seat and its secret.
type Joined struct {
	Seat   int    `json:"seat"`
	Secret string `json:"secret"`
}

// Join claims the seat of an invitation; in a public game a seat open to
// all (seat ≥ 0, no invitation).
func (s *Server) Join(ctx context.Context, id, invite string, seat int) (*Joined, error) {
	lg, done, err := s.borrow(id)
	if err != nil {
		return nil, err
	}
	defer done()
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if err := s.fresh(lg); err != nil {
		return nil, err
	}
	if invite != "" {
		h := hashToken(invite)
		seat = -1
		for i, x := range lg.meta.Invites {
			if x != "" && subtle.ConstantTimeCompare([]byte(x), []byte(h)) == 1 {
				seat = i
			}
		}
		if seat < 0 {
			return nil, ErrBadInvite
		}
	} else if !lg.meta.Public || seat < 0 || seat >= len(lg.meta.Invites) || lg.meta.Invites[seat] == "" {
		return nil, ErrBadInvite
	}
	secret, err := lg.g.Claim(seat)
	if err != nil {
		return nil, err
	}
	was := lg.meta.Invites[seat]
	lg.meta.Invites[seat] = ""
	lg.used = time.Now()
	if err := s.persist(ctx, lg, false, true); err != nil {
		lg.meta.Invites[seat] = was
		s.reload(ctx, lg)
		return nil, err
	}
	return &Joined{Seat: seat, Secret: secret}, nil
}

// LobbyGame is an open public game.
type LobbyGame struct {
	Game    string   `json:"game"`
	Variant string   `json:"variant"`
	Preset  string   `json:"preset"`
	Seats   []string `json:"seats"`
	Open    []int    `json:"open"`
}

// Lobby lists the public games with a seat open, at most max: those the
// server holds; in a cluster those of every process, from storage.
func (s *Server) Lobby(ctx context.Context, max int) ([]LobbyGame, error) {
	if s.cluster != nil {
		ctx, cancel := context.WithTimeout(ctx, storeTimeout)
		defer cancel()
		metas, err := s.cluster.Public(ctx, max)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrStorage, err)
		}
		out := []LobbyGame{}
		for _, pg := range metas {
			var m Meta
			if json.Unmarshal(pg.Meta, &m) == nil {
				if g, ok := lobbyGame(pg.Game, m); ok && len(out) < max {
					out = append(out, g)
				}
			}
		}
		return out, nil
	}
	s.mu.Lock()
	all := make([]*live, 0, len(s.games))
	for _, lg := range s.games {
		all = append(all, lg)
	}
	s.mu.Unlock()
	out := []LobbyGame{}
	for _, lg := range all {
		if len(out) >= max {
			break
		}
		lg.mu.Lock()
		if !lg.gone {
			if g, ok := lobbyGame(lg.id, lg.meta); ok {
				out = append(out, g)
			}
		}
		lg.mu.Unlock()
	}
	return out, nil
}

// lobbyGame is a game as the lobby lists it; false for one not listed
// (private, or no seat open).
func lobbyGame(id string, m Meta) (LobbyGame, bool) {
	if !m.Public {
		return LobbyGame{}, false
	}
	var open []int
	for i, x := range m.Invites {
		if x != "" {
			open = append(open, i)
		}
	}
	return LobbyGame{Game: id, Variant: m.Variant, Preset: m.Preset, Seats: m.Seats, Open: open}, len(open) > 0
}
