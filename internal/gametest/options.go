package gametest

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// WantError fails t unless err, what answered what, is a *brettspiel.Error
// wrapping sentinel whose text says each of want.
func WantError(t *testing.T, what string, err, sentinel error, want ...string) {
	t.Helper()
	if !errors.As(err, new(*brettspiel.Error)) || !errors.Is(err, sentinel) {
		t.Errorf("%s = %v; want a *brettspiel.Error wrapping %v", what, err, sentinel)
		return
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s = %v; want it to say %q", what, err, w)
		}
	}
}

// OptionsTextBounds checks the rules that the text forms of the games'
// options share: parse refuses each input of refused (a key given twice, a
// number outside its documented bounds) as bad options saying the reason
// given for it (WantError), and reads the largest turn cap,
// brettspiel.MaxTurnCap, in "turn-cap=" that number followed by more, as
// turnCap gives it back.
func OptionsTextBounds[O any](t *testing.T, parse func(string) (O, error), refused map[string]string, more string, turnCap func(O) int) {
	t.Helper()
	for in, reason := range refused {
		_, err := parse(in)
		WantError(t, "ParseOptions("+in+")", err, brettspiel.ErrBadOptions, reason)
	}
	if o, err := parse("turn-cap=" + strconv.Itoa(brettspiel.MaxTurnCap) + more); err != nil || turnCap(o) != brettspiel.MaxTurnCap {
		t.Errorf("the largest turn cap: %+v, %v", o, err)
	}
}
