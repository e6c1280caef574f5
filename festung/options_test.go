package festung

import (
	"strconv"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// The text form's shared rules: a key at most once, numbers within their
// documented bounds, the value given in the message.
func TestOptionsTextBounds(t *testing.T) {
	for in, reason := range map[string]string{
		"turn-cap=9223372036854775807":  "turn-cap=9223372036854775807: the number is out of range",
		"turn-cap=2147483647":           "the turn cap must be 1…10000000 throws, not 2147483647",
		"turn-cap=10000001":             "not 10000001",
		"turn-cap=99999999999999999999": "turn-cap=99999999999999999999: the number is out of range",
		"stock=1048577":                 "the stock must be 1…1048576 markers, not 1048577",
		"stock=25 stock=25":             "option stock given twice",
	} {
		_, err := ParseOptions(in)
		wantErr(t, "ParseOptions("+in+")", err, brettspiel.ErrBadOptions, reason)
	}
	if o, err := ParseOptions("turn-cap=" + strconv.Itoa(brettspiel.MaxTurnCap)); err != nil || o.TurnCap != brettspiel.MaxTurnCap {
		t.Errorf("the largest turn cap: %+v, %v", o, err)
	}
}
