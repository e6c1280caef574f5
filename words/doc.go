// Package words says what happens in a game of this module in sentences a
// player reads, in English or German: the events of a move, the end of a
// game with its worth, why a move was refused, and why a play lost against
// a better one ([Lang.Why], the tutor's reasons that package analysis
// computes as a [Reason] each).
//
// Every frontend — the terminal, the web page, the engine protocol — takes
// its sentences from here, so that the three games are told alike and in
// the same words everywhere. The sentences use the board's points, as the
// board is drawn and the JSON numbers them (never the mover's own track),
// and the fields of the Festungsspiel by their names in the plan (never
// their numbers). The rule behind a sentence is the event's or the error's
// rule ID (brettspiel.Event.Rule, brettspiel.Error.Rules); package rules
// has its text.
//
// The language is a [Lang]: [English] (the zero value) or [German], or one
// read from a tag such as "en" or "de-AT" by [Parse]. A sentence starts with
// a capital and ends with a full stop, and names seats as people count
// them, from 1 ([Lang.Seat]): seat 0 is "Player 1", "Spieler 1".
//
//	English.Event(e)     // "Player 1 moves a stone from 13 to 18 (5)."
//	German.Event(e)      // "Spieler 1 zieht einen Stein von 13 nach 18 (5)."
//	English.Refusal(err) // "You have 4 and 1 to play; 13 to 15 needs a 2."
//
// A refusal is said from the data of the error ([brettspiel.Refusal]: a
// stable code, the steps tried, the numbers left), never from its text,
// which is for programmers; [Codes] lists every code the games give.
//
// # Concurrency
//
// The package has no mutable state; its functions may be called from any
// goroutine.
package words
