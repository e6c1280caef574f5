package main

// The sentences the program says about the game: who a seat is, what an
// event did, how a game ended. They come from package words, in the
// language of -lang; every sentence about the game passes through this
// file, so that its wording is chosen in one place.

import (
	"errors"
	"os"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/words"
)

// langFromEnv returns the language the environment asks for ($LC_ALL,
// $LC_MESSAGES or $LANG, such as "de_DE.UTF-8"), as a tag for -lang: "de"
// for German, else "en".
func langFromEnv() string {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		tag := os.Getenv(v)
		if tag == "" {
			continue
		}
		tag, _, _ = strings.Cut(tag, ".")
		tag, _, _ = strings.Cut(tag, "_")
		if l, err := words.Parse(tag); err == nil && l == words.German {
			return "de"
		}
		return "en"
	}
	return "en"
}

// seatName names a seat as people count them: seat 0 is "Player 1".
func seatName(l words.Lang, p brettspiel.Player) string { return l.Seat(p) }

// eventSentence says what an event did, in the board's points, with the
// rule that caused it: "Player 2 moves a stone from 24 to 21 (3) (T-D2)."
func eventSentence(l words.Lang, e brettspiel.Event) string {
	return withRule(l.Event(e), e.Rule)
}

// withRule puts the ID of a rule before the full stop of a sentence.
func withRule(s, rule string) string {
	if rule == "" {
		return s
	}
	return strings.TrimSuffix(s, ".") + " (" + rule + ")."
}

// refusal says why an input was refused: the library's sentence for a
// player where it has one ("You have 4 and 1 to play; 13 to 15 needs a
// 2."), else the error's text without the module's prefix.
// A text that is no move gets what is wrong with it in English, where the
// library's reason is written; the terminal's own note on board points
// follows on a line of its own.
func refusal(l words.Lang, err error) string {
	if r := (recordError{}); errors.As(err, &r) {
		if say := r.t.badRecord(r.path, r.err); say != "" {
			return say
		}
	}
	note := ""
	if n := (withNote{}); errors.As(err, &n) {
		note = "\n  " + n.note
	}
	say := l.Refusal(err)
	if n := (notAThrow{}); errors.As(err, &n) && errors.Is(err, brettspiel.ErrBadNotation) {
		say = textIn(l).notAThrow
		if form := textIn(l).throwForm[n.game]; form != "" {
			say = strings.TrimSuffix(say, ".") + ": " + form + "."
		}
	}
	if say == "" {
		return strings.TrimPrefix(err.Error(), "brettspiel: ")
	}
	var e *brettspiel.Error
	if l == words.English && errors.Is(err, brettspiel.ErrBadNotation) && errors.As(err, &e) && e.Reason != "" {
		say = strings.TrimSuffix(say, ".") + ": " + e.Reason + "."
	}
	return say + note
}

// notAThrow is the game's error for a text typed where a throw is due: the
// player meant a throw, and is told so, and how a throw of the game (its
// name) is written where the library's reason is not in his language.
type notAThrow struct {
	error
	game string
}

func (e notAThrow) Unwrap() error { return e.error }

// withNote is an error of the games with a line of the terminal's own
// beneath it.
type withNote struct {
	err  error
	note string
}

func (w withNote) Error() string { return w.err.Error() + "\n  " + w.note }
func (w withNote) Unwrap() error { return w.err }

// gameOver says how a finished game ended, from the end events of its
// last step, "Player 2 wins the match by 3 strokes."; a game with none
// there (one loaded over) is simply over.
func gameOver(l words.Lang, last []brettspiel.Event) string {
	var s []string
	for _, e := range last {
		if e.Kind == brettspiel.EventEnd {
			s = append(s, l.Event(e))
		}
	}
	if len(s) == 0 {
		return textIn(l).over
	}
	return strings.Join(s, " ")
}

// unit names the unit of a game's returns in l, for the estimates of hint.
func unit(l words.Lang, game string) string {
	t := textIn(l)
	if u, ok := t.unitOf[game]; ok {
		return u
	}
	return t.unitOf[""]
}
