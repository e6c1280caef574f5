package session

import (
	"strconv"
	"sync"

	"github.com/brettspiel/brettspiel"
)

// Seats that belong to someone. A game made with [Config.Owned] has
// people's seats that are claimed ([Game.Claim]); a claim returns the seat's
// secret, which every call of the protocol that acts for the seat carries
// ("secret"). The game keeps only the secret's SHA-256 and compares in
// constant time. The check and the act are one step under the game's lock.

// secretBytes is the randomness of a seat's secret: 192 bits from
// crypto/rand, written in base64url (32 characters).
const secretBytes = 24

// hashSize is the size of a secret's hash, SHA-256's.
const hashSize = 32

// owners are the claims of the seats of a game made with Config.Owned.
type owners struct {
	// mu guards hashes and claimed, which a claim writes with the game
	// locked too: so they are read with either lock, and close checks a
	// secret without waiting for a call under way.
	mu      sync.Mutex
	hashes  [][hashSize]byte // per seat: the SHA-256 of its secret, where claimed
	claimed []bool
	// ask is the takeback asked and not yet granted or declined; a step
	// played drops it.
	ask *takebackAsk
	// giveUp is the give-up asked and not yet agreed to (giveup.go); a
	// step played drops it.
	giveUp *giveUpAsk
}

// takebackAsk is a takeback asked by one seat of an owned game, waiting
// for the other people's seats to grant it.
type takebackAsk struct {
	seat    int    // the seat that asked, for its own last decision
	length  int    // the game's length when it asked
	steps   int    // the steps the takeback takes back
	granted []bool // per seat
}

// TakebackJSON is a takeback asked and not yet granted, in a STATE of an
// owned game ("takeback"): the seat that asked, the steps it takes back,
// and the seats that granted it so far. Every other claimed person's seat
// grants it (answerTakeback) before it is done; one refusal or any step
// played drops it.
type TakebackJSON struct {
	Seat    int   `json:"seat"`
	Steps   int   `json:"steps"`
	Granted []int `json:"granted"`
}

func newOwners(n int) *owners {
	return &owners{hashes: make([][hashSize]byte, n), claimed: make([]bool, n)}
}

// Owned reports whether the game's people's seats are claimed
// ([Config.Owned]).
func (g *Game) Owned() bool { return g.own != nil } // set once when the game is made

// Claim claims a person's seat of an owned game and returns its secret:
// 192 bits from crypto/rand in base64url, which the game keeps only as its
// SHA-256. The secret is given once: whoever claims first holds the seat.
// A game not made with [Config.Owned] or a bot's seat is refused with
// ErrBadCall, a seat claimed already with [ErrSeatTaken].
func (g *Game) Claim(seat int) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.claim(seat)
}

func (g *Game) claim(seat int) (string, error) {
	in := strconv.Itoa(seat)
	switch {
	case g.own == nil:
		return "", bad("claim", in, ErrBadCall, "the game was made without owned seats: every caller plays it")
	case seat < 0 || seat >= len(g.seats):
		return "", bad("claim", in, ErrBadCall, "seats are 0…"+strconv.Itoa(len(g.seats)-1))
	case g.bots[seat] != nil:
		return "", bad("claim", in, ErrBadCall, "the seat is played by the bot "+g.seats[seat])
	case g.own.claimed[seat]:
		return "", bad("claim", in, ErrSeatTaken, "the seat is claimed already")
	}
	secret, err := newSecret()
	if err != nil {
		return "", bad("claim", in, ErrInternal, "no secret: "+err.Error())
	}
	g.own.mu.Lock()
	g.own.hashes[seat] = hashSecret(secret)
	g.own.claimed[seat] = true
	g.own.mu.Unlock()
	g.notify()
	return secret, nil
}

// seatOf returns the claimed seat whose secret is secret, −1 for none. It
// compares the secret's hash with every claimed seat's in constant time.
func (o *owners) seatOf(secret string) int {
	h := hashSecret(secret)
	seat := -1
	for i := range o.hashes {
		if sameHash(h, o.hashes[i]) && o.claimed[i] {
			seat = i
		}
	}
	return seat
}

// SeatOf returns the seat whose secret is secret, and false when the
// secret is no claimed seat's of this game (or the game is not owned).
func (g *Game) SeatOf(secret string) (int, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.own == nil {
		return -1, false
	}
	s := g.own.seatOf(secret)
	return s, s >= 0
}

// Who a call acts for, for authorize.
const (
	// forSeatToMove: the seat to move decides (apply, a bot chosen for a
	// person's seat).
	forSeatToMove = iota
	// forAnySeat: a step that no seat chooses (throw, throwManual, advance,
	// a seat's own bot, undo, redo, takeback): any seat's holder.
	forAnySeat
)

// authorize checks, with the game locked, that the secret may act on g as
// need says, and returns the caller's seat (−1 in a game that is not
// owned, where every caller acts). Its errors: [ErrNoSecret] (a watcher, or
// a caller without a secret), [ErrBadSecret] (no seat's secret of this
// game), [ErrNotYourSeat] (another seat's), brettspiel.ErrChanceNode (a
// throw given as a move: the dice throw it), brettspiel.ErrGameOver (a
// seat ran out of time: see clock.go).
func (g *Game) authorize(op string, secret *string, need int) (int, error) {
	if err := g.timeUp(op); err != nil {
		return -1, err
	}
	if g.own == nil {
		return -1, nil
	}
	if secret == nil || *secret == "" {
		return -1, bad(op, "", ErrNoSecret, "the game's seats are owned: a call that acts gives its seat's secret; without one a caller watches")
	}
	seat := g.own.seatOf(*secret)
	if seat < 0 {
		return -1, bad(op, "", ErrBadSecret, "the secret is no seat's of this game")
	}
	if need == forSeatToMove {
		switch p := g.cur.ToMove(); {
		case p == brettspiel.Chance:
			return -1, bad(op, "", brettspiel.ErrChanceNode, "in a game of owned seats the dice are thrown (throw), not chosen")
		case p >= 0 && int(p) != seat:
			return -1, bad(op, strconv.Itoa(seat), ErrNotYourSeat, "seat "+strconv.Itoa(int(p))+" is to move")
		}
	}
	return seat, nil
}

// others counts the claimed people's seats other than seat: the people who
// grant its takeback.
func (o *owners) others(seat int) int {
	n := 0
	for i, c := range o.claimed {
		if c && i != seat {
			n++
		}
	}
	return n
}

// authorizeBack checks an undo or a redo of an owned game: its holder may
// undo and redo alone while nobody else holds a seat (one person against
// bots); with people at other seats the history goes back only by a
// takeback that they grant.
func (g *Game) authorizeBack(op string, secret *string) error {
	seat, err := g.authorize(op, secret, forAnySeat)
	if err != nil || g.own == nil {
		return err
	}
	if g.own.others(seat) > 0 {
		return bad(op, "", ErrNeedsConsent, "other people hold seats: ask a takeback, which they grant")
	}
	return nil
}

// lastDecision returns the steps a takeback of seat takes back, 0 when the
// seat has played no move.
func (g *Game) lastDecision(seat int) int {
	for i := g.h.Len() - 1; i >= 0; i-- {
		if e, _ := g.h.Entry(i); int(e.Actor) == seat {
			return g.h.Len() - i
		}
	}
	return 0
}

// askTakeback is a takeback of the protocol in a game, locked: in a game
// that is not owned it takes back at once (seat, or the seat that decided
// last); in an owned game the caller's seat asks to take back its own last
// decision, done at once where no other person holds a seat, else asked
// (g.own.ask) for the others to grant.
func (g *Game) askTakeback(op string, secret *string, seat *int) error {
	caller, err := g.authorize(op, secret, forAnySeat)
	if err != nil {
		return err
	}
	if g.own == nil {
		if seat == nil {
			_, err = g.takebackLast()
		} else {
			_, err = g.takeback(*seat)
		}
		return err
	}
	if seat != nil && *seat != caller {
		return bad(op, strconv.Itoa(*seat), ErrNotYourSeat, "a seat takes back its own moves; the secret is seat "+strconv.Itoa(caller)+"'s")
	}
	n := g.lastDecision(caller)
	if n == 0 {
		return bad(op, strconv.Itoa(caller), ErrNothingTo, "the seat has played no move to take back")
	}
	if g.own.others(caller) == 0 {
		g.wentBack(g.h.Len()-n, false)
		_, err = g.takeback(caller)
		return err
	}
	g.own.ask = &takebackAsk{seat: caller, length: g.h.Len(), steps: n, granted: make([]bool, len(g.seats))}
	g.notify()
	return nil
}

// answerTakeback grants (accept) or declines the takeback asked in an owned
// game, for the caller's seat; once every other claimed person's seat has
// granted it, it is done.
func (g *Game) answerTakeback(op string, secret *string, accept bool) error {
	if g.own == nil {
		return bad(op, "", ErrBadCall, "the game was made without owned seats: takeback takes back at once")
	}
	caller, err := g.authorize(op, secret, forAnySeat)
	if err != nil {
		return err
	}
	a := g.own.ask
	if a == nil || a.length != g.h.Len() {
		g.own.ask = nil
		return bad(op, "", ErrNothingTo, "no takeback is asked")
	}
	if caller == a.seat {
		return bad(op, strconv.Itoa(caller), ErrNotYourSeat, "the seat that asked the takeback does not grant it")
	}
	if !accept {
		g.own.ask = nil
		g.notify()
		return nil
	}
	a.granted[caller] = true
	for i, c := range g.own.claimed {
		if c && i != a.seat && !a.granted[i] {
			g.notify() // granted in part: waits for the others
			return nil
		}
	}
	g.wentBack(g.h.Len()-a.steps, true)
	_, err = g.takeback(a.seat)
	g.own.ask = nil
	return err
}

// takebackJSON is the takeback asked in g, nil for none.
func (g *Game) takebackJSON() *TakebackJSON {
	if g.own == nil || g.own.ask == nil || g.own.ask.length != g.h.Len() {
		return nil
	}
	a := g.own.ask
	t := &TakebackJSON{Seat: a.seat, Steps: a.steps, Granted: []int{}}
	for i, ok := range a.granted {
		if ok {
			t.Granted = append(t.Granted, i)
		}
	}
	return t
}

// claimedSeats is the claimed flag per seat of an owned game for [Info],
// nil for a game that is not owned.
func (g *Game) claimedSeats() []bool {
	if g.own == nil {
		return nil
	}
	return append([]bool{}, g.own.claimed...)
}

// actArgs are the arguments of undo and redo.
type actArgs struct {
	gameArgs
	View
}

type claimArgs struct {
	gameArgs
	Seat *int `json:"seat"`
}

// ClaimJSON is the result of "claim": the seat claimed and its secret,
// which the calls that act for the seat carry. It is given once.
type ClaimJSON struct {
	// Handle is absent in an answer of [Game.Call].
	Handle int    `json:"handle,omitempty"`
	Seat   int    `json:"seat"`
	Secret string `json:"secret"`
}

func claimCall(name string, h int, g *Game, in *claimArgs) ([]byte, error) {
	if in.Seat == nil {
		return nil, missing(name, "seat")
	}
	secret, err := g.claim(*in.Seat)
	if err != nil {
		return nil, err
	}
	return marshal(ClaimJSON{Handle: h, Seat: *in.Seat, Secret: secret})
}

type answerTakebackArgs struct {
	gameArgs
	Accept *bool `json:"accept"`
	View
}

func answerTakebackCall(name string, h int, g *Game, in *answerTakebackArgs) ([]byte, error) {
	if in.Accept == nil {
		return nil, missing(name, "accept")
	}
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	if err := g.answerTakeback(name, in.Secret, *in.Accept); err != nil {
		return nil, err
	}
	return g.stateJSON(h, in.View, name, &played{})
}

// authorizeManual checks throwManual: any seat's holder enters the dice of
// an owned game whose dice are physical (DiceManual); where they are seeded
// nobody chooses them.
func (g *Game) authorizeManual(op string, secret *string) error {
	if _, err := g.authorize(op, secret, forAnySeat); err != nil {
		return err
	}
	if g.own != nil && !g.manual {
		return bad(op, "", ErrBadCall, "the game's dice are seeded: throw them")
	}
	return nil
}

// authorizeBot checks botMove of the bot name: at a person's seat of an
// owned game its holder lets a bot choose for him; at a bot's seat any
// seat's holder lets the seat's own bot play, and no other.
func (g *Game) authorizeBot(op string, secret *string, name string) error {
	p := g.cur.ToMove()
	if g.own == nil || p >= 0 && g.bots[p] == nil {
		_, err := g.authorize(op, secret, forSeatToMove)
		return err
	}
	if _, err := g.authorize(op, secret, forAnySeat); err != nil || p < 0 {
		return err // no seat is to move: botMove refuses
	}
	if name != g.seats[p] {
		return bad(op, name, ErrBadCall, "seat "+strconv.Itoa(int(p))+" is played by the bot "+g.seats[p])
	}
	return nil
}

// closeAs closes the game of a handle for the protocol: a game of owned
// seats is closed by a seat's holder only. It does not wait for a call on
// the game under way: the claims are read under their own lock.
func (t *Table) closeAs(op string, handle int, secret *string) error {
	g, err := t.Game(handle)
	if err != nil {
		return err
	}
	if o := g.own; o != nil { // set once when the game is made
		switch {
		case secret == nil || *secret == "":
			return bad(op, "", ErrNoSecret, "the game's seats are owned: a seat's holder closes it")
		case o.seatOfLocked(*secret) < 0:
			return bad(op, "", ErrBadSecret, "the secret is no seat's of this game")
		}
	}
	return t.Close(handle)
}

// seatOfLocked is seatOf under the claims' own lock.
func (o *owners) seatOfLocked(secret string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.seatOf(secret)
}
