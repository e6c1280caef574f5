package session

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/words"
)

// The session's own sentinel errors, beside those of package brettspiel
// (ErrIllegalMove, ErrBadNotation, …) and bot.ErrUnknownBot. Each has a
// stable name ([brettspiel.ErrorName]), the "name" of an error object of
// [Table.Call].
var (
	// ErrBadCall: the arguments of a call are wrong in themselves: not one
	// JSON object, a key unknown, given twice or in another case, a value
	// of the wrong type or out of range, a required key missing.
	ErrBadCall = kit.NewSentinel("ErrBadCall", "bad call")
	// ErrUnknownMethod: Call was given a method it does not have.
	ErrUnknownMethod = kit.NewSentinel("ErrUnknownMethod", "unknown method")
	// ErrUnknownHandle: no game of the table has the handle (never had
	// one, or it was closed).
	ErrUnknownHandle = kit.NewSentinel("ErrUnknownHandle", "unknown handle")
	// ErrTooLarge: the arguments of a call are longer than [MaxArgs].
	ErrTooLarge = kit.NewSentinel("ErrTooLarge", "arguments too large")
	// ErrTableFull: the table holds [Options.MaxGames] games already;
	// close one first.
	ErrTableFull = kit.NewSentinel("ErrTableFull", "the table is full")
	// ErrNothingTo: there is nothing to undo, redo or take back.
	ErrNothingTo = kit.NewSentinel("ErrNothingTo", "nothing to do")
	// ErrNoRecord: the game has no record to save (see [Game.Record]).
	ErrNoRecord = kit.NewSentinel("ErrNoRecord", "no record")
	// ErrUnknownRule: no rule has the ID asked for.
	ErrUnknownRule = kit.NewSentinel("ErrUnknownRule", "unknown rule")
	// ErrInternal: a panic below Call, recovered; a bug of this module.
	ErrInternal = kit.NewSentinel("ErrInternal", "internal error")
)

// ErrorJSON is the "error" object of a failed call.
type ErrorJSON struct {
	// Name is the stable name of the sentinel the error wraps
	// ([brettspiel.ErrorName]), e.g. "ErrIllegalMove"; "Error" for an
	// error that wraps none.
	Name string `json:"name"`
	// Message is the error's text, for programmers; it quotes at most
	// quote.Max bytes of any input.
	Message string `json:"message"`
	// Rules are the rules that refused (brettspiel.Error.Rules) with their
	// texts; absent when no rule refused.
	Rules []RuleJSON `json:"rules,omitempty"`
	// Say is what to tell the player, in his language (words.Lang.Refusal:
	// "You have 4 and 1 to play; 13 to 15 needs a 2."); absent for an error
	// no player's move causes (a bad call, an unknown handle).
	Say string `json:"say,omitempty"`
	// Refusal is what was tried and why it was refused, as data
	// (brettspiel.Refusal); absent for an error that is no refusal by the
	// rules.
	Refusal *brettspiel.Refusal `json:"refusal,omitempty"`
}

// RuleJSON is a rule's text.
type RuleJSON struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Text   string `json:"text"`
	Source string `json:"source"`
}

// bookOf returns the rules in a language of package words.
func bookOf(l words.Lang) rules.Book {
	b, _ := rules.In(l.String()) // words' languages are those of rules
	return b
}

// ruleIn returns the text of the rule with the ID in a book's language, nil
// for none.
func ruleIn(b rules.Book, id string) *RuleJSON {
	if id == "" || len(id) > 8 {
		return nil
	}
	r, ok := b.Lookup(id)
	if !ok {
		return nil
	}
	return &RuleJSON{ID: r.ID, Title: r.Title, Text: r.Text, Source: r.Source}
}

// NewErrorJSON describes err for a frontend: its name, its message, the
// texts of the rules it names as data, and for the player a sentence in
// English (see [NewErrorJSONIn]) with the refusal's data.
func NewErrorJSON(err error) ErrorJSON { return NewErrorJSONIn(err, words.English) }

// NewErrorJSONIn is [NewErrorJSON] with the player's sentence and the
// rules' texts in l.
func NewErrorJSONIn(err error, l words.Lang) ErrorJSON {
	e := ErrorJSON{Name: brettspiel.ErrorName(err), Message: err.Error(), Say: l.Refusal(err), Refusal: brettspiel.RefusalOf(err).Clone()}
	if e.Name == "" {
		e.Name = "Error"
	}
	b := bookOf(l)
	for _, id := range brettspiel.RulesOf(err) {
		if r := ruleIn(b, id); r != nil {
			e.Rules = append(e.Rules, *r)
		}
	}
	return e
}

func bad(op string, input string, err error, reason string) error {
	return &brettspiel.Error{Op: op, Input: input, Err: err, Reason: reason}
}

// The errors of seats that belong to someone, watchers and snapshots.
var (
	// ErrNoSecret: a call that acts for a seat of a game of owned seats
	// ([Config.Owned]) gives no secret: a watcher acting.
	ErrNoSecret = kit.NewSentinel("ErrNoSecret", "no secret")
	// ErrBadSecret: the secret is no claimed seat's of the game.
	ErrBadSecret = kit.NewSentinel("ErrBadSecret", "wrong secret")
	// ErrNotYourSeat: the secret is another seat's than the one the call
	// acts for (the seat to move, the seat to take back).
	ErrNotYourSeat = kit.NewSentinel("ErrNotYourSeat", "not your seat")
	// ErrSeatTaken: the seat is claimed already.
	ErrSeatTaken = kit.NewSentinel("ErrSeatTaken", "seat taken")
	// ErrNeedsConsent: undo or redo in a game where other people hold
	// seats: ask a takeback, which they grant.
	ErrNeedsConsent = kit.NewSentinel("ErrNeedsConsent", "needs the other seats' consent")
)

// The errors of watchers.
var (
	// ErrTooManyWatchers: the game has as many watchers as it takes
	// ([Options.MaxWatchers]).
	ErrTooManyWatchers = kit.NewSentinel("ErrTooManyWatchers", "too many watchers")
	// ErrWatcherClosed: [Watcher.Next] after the watcher's Close.
	ErrWatcherClosed = kit.NewSentinel("ErrWatcherClosed", "watcher closed")
)

// The errors of snapshots and of restoring games at a table.
var (
	// ErrBadSnapshot: the data is no snapshot of this format and version
	// ([Restore]), or it does not hold together.
	ErrBadSnapshot = kit.NewSentinel("ErrBadSnapshot", "bad snapshot")
	// ErrHandleInUse: [Table.Restore] under a handle that a game of the
	// table has.
	ErrHandleInUse = kit.NewSentinel("ErrHandleInUse", "handle in use")
)
