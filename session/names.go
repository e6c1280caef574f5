package session

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/brettspiel/brettspiel/words"
)

// Names. A seat's player names it ([Game.Name], the protocol's "name"):
// the name is his, so in a game of owned seats only the seat's secret
// gives it, and it is a change that the watchers learn, as the STATE's
// and the delta's "names" ([Info.Names], [Delta.Names]). A snapshot keeps
// the names. A name is what a person types and every other screen
// shows, so it is short and printable: no control character, no line
// break, no invisible rune that would make two names look alike or
// break the layout of a table.

// The bounds of a seat's name: at most maxNameRunes characters, and at
// most maxNameBytes bytes of UTF-8.
const (
	maxNameRunes = 24
	maxNameBytes = 96
)

// checkName returns the name as a seat keeps it — with its leading and
// trailing space trimmed — or an error wrapping ErrBadCall whose
// operation is words.OpName, which says why in the player's words.
func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	refuse := func(reason string) (string, error) {
		return "", bad(words.OpName, name, ErrBadCall, reason)
	}
	switch {
	case !utf8.ValidString(name):
		return refuse("a name is text in UTF-8")
	case len(name) > maxNameBytes:
		return refuse("a name is at most " + strconv.Itoa(maxNameBytes) + " bytes; this has " + strconv.Itoa(len(name)))
	case utf8.RuneCountInString(name) > maxNameRunes:
		return refuse("a name is at most " + strconv.Itoa(maxNameRunes) + " characters; this has " + strconv.Itoa(utf8.RuneCountInString(name)))
	}
	for i, r := range name {
		if !unicode.IsPrint(r) { // letters, marks, numbers, punctuation, symbols and the plain space
			return refuse("a name holds printable characters only; " + strconv.QuoteRuneToASCII(r) + " at byte " + strconv.Itoa(i) + " is none")
		}
	}
	return name, nil
}

// Name names a seat for its player: name, its leading and trailing space
// trimmed, at most 24 characters and 96 bytes, none of them a control
// character or another that does not print (unicode.IsPrint; the plain
// space is one that does); "" takes the name away. In a game of owned
// seats only the seat's own secret names it — a name is the player's
// word, not the server's — and the secret is checked as a call that acts
// checks it (ErrNoSecret, ErrBadSecret, ErrNotYourSeat); in a game of one
// screen anyone names any person's seat. A bot's seat is named by its bot.
// A bad name is refused with an error wrapping [ErrBadCall] that says why
// in the player's words too. A new name is a change: the revision rises
// and the watchers learn it; the name a seat has already changes nothing.
func (g *Game) Name(seat int, name, secret string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.name("name", seat, name, &secret)
}

func (g *Game) name(op string, seat int, name string, secret *string) error {
	in := strconv.Itoa(seat)
	switch {
	case seat < 0 || seat >= len(g.seats):
		return bad(op, in, ErrBadCall, "seats are 0…"+strconv.Itoa(len(g.seats)-1))
	case g.bots[seat] != nil:
		return bad(op, in, ErrBadCall, "the seat is played by the bot "+g.seats[seat]+", which is its name")
	}
	if g.own != nil {
		// as authorize checks, but for the time: a game ended on time is
		// named as well
		if secret == nil || *secret == "" {
			return bad(op, in, ErrNoSecret, "the game's seats are owned: a seat's holder names it, with its secret")
		}
		switch s := g.own.seatOf(*secret); {
		case s < 0:
			return bad(op, in, ErrBadSecret, "the secret is no seat's of this game")
		case s != seat:
			return bad(op, in, ErrNotYourSeat, "a seat's holder names his own seat; the secret is seat "+strconv.Itoa(s)+"'s")
		}
	}
	name, err := checkName(name)
	if err != nil {
		return err
	}
	if g.nameOf(seat) == name {
		return nil
	}
	if g.names == nil {
		g.names = make([]string, len(g.seats))
	}
	g.names[seat] = name
	g.notify()
	return nil
}

// nameOf is the name of seat, "" for none.
func (g *Game) nameOf(seat int) string {
	if g.names == nil {
		return ""
	}
	return g.names[seat]
}

// seatNames is the names per seat for [Info] and [Delta]: nil while no
// seat has one, so that the key is left out.
func (g *Game) seatNames() []string {
	for _, n := range g.names {
		if n != "" {
			return append([]string(nil), g.names...)
		}
	}
	return nil
}

type nameArgs struct {
	gameArgs
	Seat *int    `json:"seat"`
	Name *string `json:"name"`
	View
}

func nameCall(name string, h int, g *Game, in *nameArgs) ([]byte, error) {
	switch {
	case in.Seat == nil:
		return nil, missing(name, "seat")
	case in.Name == nil:
		return nil, missing(name, "name")
	}
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	if err := g.name(name, *in.Seat, *in.Name, in.Secret); err != nil {
		return nil, err
	}
	return g.stateJSON(h, in.View, name, &played{})
}

// The game that follows. When a game ends its people often play again: the
// transport makes the next game, names it as it names its games, and
// tells this game's people where it is ([Game.SetNext]), through the
// watchers like any change. The name is the transport's, opaque here; it
// never changes once given, so that no one is sent to two games.

// maxNext is the longest name of the game that follows, in bytes.
const maxNext = 64

// SetNext names the game that follows this one (a rematch), as the
// transport names its games: an opaque text of 1 to 64 printable ASCII
// bytes without a space. It is a change the watchers learn ([Info.Next],
// [Delta.Next]), and a snapshot keeps it. Once set it stays: the same
// name again changes nothing, another is refused with [ErrBadCall], as is
// a name of another form. It is the transport's to set and no method of
// the protocol: a client could send the others anywhere.
func (g *Game) SetNext(next string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := checkNext(next); err != nil {
		return err
	}
	switch g.next {
	case next:
		return nil
	case "":
	default:
		return bad("set next", next, ErrBadCall, "the game that follows is named already: "+strconv.Quote(g.next))
	}
	g.next = next
	g.notify()
	return nil
}

// checkNext refuses a name of the game that follows that is not 1 to
// maxNext printable ASCII bytes without a space.
func checkNext(next string) error {
	if len(next) < 1 || len(next) > maxNext {
		return bad("set next", next, ErrBadCall, "the game that follows is named by 1 to "+strconv.Itoa(maxNext)+" bytes; this has "+strconv.Itoa(len(next)))
	}
	for i := range len(next) {
		if c := next[i]; c <= ' ' || c > '~' {
			return bad("set next", next, ErrBadCall, "the game that follows is named in printable ASCII without a space; byte "+strconv.Itoa(i)+" is none")
		}
	}
	return nil
}
