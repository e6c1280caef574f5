package toccateglio

import (
	"errors"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// wantOptionsError fails t unless err wraps ErrBadOptions and says reason.
func wantOptionsError(t *testing.T, what string, err error, reason string) {
	t.Helper()
	gametest.WantError(t, what, err, brettspiel.ErrBadOptions, reason)
}

// The text form's shared rules: a key at most once, numbers within their
// documented bounds, the value given in the message.
func TestOptionsTextBoundsAndRepeats(t *testing.T) {
	gametest.OptionsTextBounds(t, ParseOptions, map[string]string{
		"stones=15 stones=15":              "option stones given twice",
		"partien=3 no-satz=true partien=3": "option partien given twice",
		"turn-cap=10000001":                "TurnCap is 10000001, want 0…10000000",
		"turn-cap=9223372036854775807":     "TurnCap is 9223372036854775807, out of range",
		"turn-cap=9223372036854775808":     "TurnCap is 9223372036854775808, out of range",
		"turn-cap=2147483648":              "TurnCap is 2147483648, out of range",
		"stones=99999999999":               "Stones is 99999999999, out of range",
		"partien=1001":                     "Partien is 1001, want 1…1000",
	}, " partien=1000", func(o Options) int { return o.TurnCap })
	if _, err := New(Options{Partien: 1000}); err != nil {
		t.Errorf("1000 Partien at the default cap: %v", err)
	}
}

// T-S3: FirstPlayer out of range is reported as it was set.
func TestT_S3_FirstPlayerOutOfRangeNamesTheValue(t *testing.T) {
	_, err := New(Options{FirstPlayer: -1})
	wantOptionsError(t, "FirstPlayer -1", err, "FirstPlayer is -1, which names no seat of 2")
	if err != nil && strings.Contains(err.Error(), "seat -3") {
		t.Errorf("the message names a seat that was not given: %v", err)
	}
	_, err = New(Options{FirstPlayer: brettspiel.Starts(2)})
	wantOptionsError(t, "Starts(2)", err, "FirstPlayer is 3 (Starts(2))")
}

// Validate accepts every preset and the zero Options, refuses what New
// refuses with the same error, under the operation "check options"; the
// text form's errors are "parse options".
func TestOptionsValidate(t *testing.T) {
	if err := (Options{}).Validate(); err != nil {
		t.Errorf("the zero Options: %v", err)
	}
	for _, p := range Presets() {
		if err := p.Options.Validate(); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
	}
	for _, o := range []Options{{Stones: 17}, {Partien: -1}, {TurnCap: brettspiel.MaxTurnCap + 1}, {HuckeForce: ForceNever + 1}, {Multipliers: MultipliersTD + 1}, {FirstPlayer: -1}} {
		err := o.Validate()
		_, newErr := New(o)
		var e *brettspiel.Error
		if !errors.As(err, &e) || e.Op != kit.OpCheckOptions || !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Errorf("%+v: Validate = %v, want ErrBadOptions under %q", o, err, kit.OpCheckOptions)
		}
		if newErr == nil || err == nil || newErr.Error() != err.Error() {
			t.Errorf("%+v: New says %v, Validate %v", o, newErr, err)
		}
	}
	for _, in := range []string{"stones=17", "nosuch=1", "no-satz=maybe", "turn-cap=2147483648"} {
		_, err := ParseOptions(in)
		var e *brettspiel.Error
		if !errors.As(err, &e) || e.Op != kit.OpParseOptions {
			t.Errorf("ParseOptions(%q) = %v, want the operation %q", in, err, kit.OpParseOptions)
		}
	}
}
