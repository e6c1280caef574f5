package session

import (
	"strconv"

	"github.com/brettspiel/brettspiel"
)

// Giving up. A seat gives up by the rules of its game
// (brettspiel.GiveUpper): the Partie in Toccateglio (T-W6), the single game
// in Verkehren (V-W2). Where the rules ask the other's consent (Verkehren
// with a Band on the own side) and where they have no giving up (the
// Festungsspiel, which then ends by agreement of all seats, nobody
// winning), an owned game asks the other people's seats, as a takeback is
// asked: every other claimed seat grants it (answerGiveUp), one refusal or
// any step played drops it. Bots' seats do not object.

// giveUpAsk is a give-up asked by one seat of an owned game, waiting for
// the other people's seats to agree.
type giveUpAsk struct {
	seat    int // the seat that gives up
	length  int // the game's length when it asked
	granted []bool
}

// GiveUpJSON is a give-up asked in a game of owned seats and not yet agreed
// to by every other claimed seat ("giveUp" in the STATE and the watchers'
// changes): the seat that asked and the seats that agreed so far.
type GiveUpJSON struct {
	Seat    int   `json:"seat"`
	Granted []int `json:"granted"`
}

// giveUp is the protocol's giveUp in a game, locked: the caller's seat
// (any seat given, in a game that is not owned; by default the seat to
// move) gives up now, or asks the others where their consent is needed.
func (g *Game) giveUp(op string, secret *string, seat *int) error {
	caller, err := g.authorize(op, secret, forAnySeat)
	if err != nil {
		return err
	}
	if err := g.sealed(op); err != nil {
		return err
	}
	if g.own == nil {
		switch {
		case seat != nil:
			caller = *seat
		case g.cur.ToMove() >= 0:
			caller = int(g.cur.ToMove())
		default:
			caller = 0
		}
		if caller < 0 || caller >= len(g.seats) {
			return bad(op, strconv.Itoa(caller), ErrBadCall, "seats are 0…"+strconv.Itoa(len(g.seats)-1))
		}
	} else if seat != nil && *seat != caller {
		return bad(op, strconv.Itoa(*seat), ErrNotYourSeat, "a seat gives up for itself; the secret is seat "+strconv.Itoa(caller)+"'s")
	}
	m, needsConsent, err := g.giveUpMove(op, caller)
	if err != nil {
		return err
	}
	if !needsConsent || g.own == nil || g.own.others(caller) == 0 {
		return g.gaveUp(caller, m)
	}
	if a := g.own.giveUp; a != nil && a.seat == caller && a.length == g.h.Len() {
		return nil // asked already
	}
	g.own.giveUp = &giveUpAsk{seat: caller, length: g.h.Len(), granted: make([]bool, len(g.seats))}
	g.notify()
	return nil
}

// giveUpMove returns the move by which seat gives up (NoMove where the
// game has none: the Festungsspiel ends by agreement) and whether the
// other seats must agree.
func (g *Game) giveUpMove(op string, seat int) (brettspiel.Move, bool, error) {
	gu, ok := g.cur.(brettspiel.GiveUpper)
	if !ok {
		if g.cur.ToMove() == brettspiel.Terminal {
			return brettspiel.NoMove, false, bad(op, "", brettspiel.ErrGameOver, "the game is over")
		}
		return brettspiel.NoMove, true, nil
	}
	m, agreed, err := gu.GiveUpMove(brettspiel.Player(seat))
	if err != nil {
		return brettspiel.NoMove, false, err
	}
	return m, agreed, nil
}

// gaveUp ends the game of seat's giving up: m played, or for a game
// without a give-up move, the game ended by agreement.
func (g *Game) gaveUp(seat int, m brettspiel.Move) error {
	if m != brettspiel.NoMove {
		_, err := g.play(m) // tells the watchers
		return err
	}
	g.agreed = true
	if c := g.clock; c != nil && c.out < 0 {
		c.settle(g.now())
		c.running = -1
	}
	g.reveal()
	g.notify()
	return nil
}

// answerGiveUp agrees to (accept) or declines the give-up asked in an
// owned game, for the caller's seat; once every other claimed seat has
// agreed, the game ends so.
func (g *Game) answerGiveUp(op string, secret *string, accept bool) error {
	if g.own == nil {
		return bad(op, "", ErrBadCall, "the game was made without owned seats: giveUp gives up at once")
	}
	caller, err := g.authorize(op, secret, forAnySeat)
	if err != nil {
		return err
	}
	a := g.own.giveUp
	if a == nil || a.length != g.h.Len() {
		g.own.giveUp = nil
		return bad(op, "", ErrNothingTo, "nobody asks to give up")
	}
	if caller == a.seat {
		return bad(op, strconv.Itoa(caller), ErrNotYourSeat, "the seat that gives up does not agree to it")
	}
	if !accept {
		g.own.giveUp = nil
		g.notify()
		return nil
	}
	a.granted[caller] = true
	for i, c := range g.own.claimed {
		if c && i != a.seat && !a.granted[i] {
			g.notify() // agreed in part: waits for the others
			return nil
		}
	}
	g.own.giveUp = nil
	m, _, err := g.giveUpMove(op, a.seat)
	if err != nil {
		return err
	}
	return g.gaveUp(a.seat, m)
}

// giveUpJSON is the give-up asked in g, nil for none.
func (g *Game) giveUpJSON() *GiveUpJSON {
	if g.own == nil || g.own.giveUp == nil || g.own.giveUp.length != g.h.Len() {
		return nil
	}
	a := g.own.giveUp
	t := &GiveUpJSON{Seat: a.seat, Granted: []int{}}
	for i, ok := range a.granted {
		if ok {
			t.Granted = append(t.Granted, i)
		}
	}
	return t
}

type giveUpArgs struct {
	gameArgs
	Seat *int `json:"seat"`
	View
}

func giveUpCall(name string, h int, g *Game, in *giveUpArgs) ([]byte, error) {
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	before := g.h.Len()
	if err := g.giveUp(name, in.Secret, in.Seat); err != nil {
		return nil, err
	}
	return g.stateJSON(h, in.View, name, g.playedSince(before))
}

type answerGiveUpArgs struct {
	gameArgs
	Accept *bool `json:"accept"`
	View
}

func answerGiveUpCall(name string, h int, g *Game, in *answerGiveUpArgs) ([]byte, error) {
	if in.Accept == nil {
		return nil, missing(name, "accept")
	}
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	before := g.h.Len()
	if err := g.answerGiveUp(name, in.Secret, *in.Accept); err != nil {
		return nil, err
	}
	return g.stateJSON(h, in.View, name, g.playedSince(before))
}

// playedSince is what a call played from the length before on: the
// give-up's step, where it played one.
func (g *Game) playedSince(before int) *played {
	p := &played{}
	if g.h.Len() > before {
		p.steps = g.log(g.lang, before, false)
	}
	return p
}

// restoreGiveUp sets the give-up asked and the end by agreement of a
// snapshot, as giveUp and answerGiveUp leave them: asked by a claimed seat
// where the rules want the others' consent while another seat is claimed,
// agreed to by other claimed seats, each once and in rising order, and not
// by all of them; an end by agreement only in a game whose rules have no
// giving up, before its end.
func (g *Game) restoreGiveUp(head *snapshotHead) error {
	if head.Agreed {
		if _, ok := g.cur.(brettspiel.GiveUpper); ok || g.cur.ToMove() == brettspiel.Terminal || head.GiveUp != nil {
			return badSnapshot("a game ended by agreement whose rules give it another end")
		}
		g.agreed = true
	}
	t := head.GiveUp
	if t == nil {
		return nil
	}
	if g.own == nil || t.Seat < 0 || t.Seat >= len(g.seats) || !g.own.claimed[t.Seat] || g.own.others(t.Seat) == 0 {
		return badSnapshot("a give-up asked by seat " + strconv.Itoa(t.Seat) + ", which is not claimed beside another claimed seat")
	}
	if _, agreed, err := g.giveUpMove("restore", t.Seat); err != nil || !agreed {
		return badSnapshot("a give-up asked by seat " + strconv.Itoa(t.Seat) + " where the rules want no consent or no give-up")
	}
	a := &giveUpAsk{seat: t.Seat, length: g.h.Len(), granted: make([]bool, len(g.seats))}
	last := -1
	for _, s := range t.Granted {
		if s <= last || s >= len(g.seats) || s == t.Seat || !g.own.claimed[s] {
			return badSnapshot("a give-up agreed to by seat " + strconv.Itoa(s) + ": the other claimed seats agree, each once, in rising order")
		}
		a.granted[s], last = true, s
	}
	if len(t.Granted) == g.own.others(t.Seat) {
		return badSnapshot("a give-up that every other claimed seat agreed to: it is done then")
	}
	g.own.giveUp = a
	return nil
}
