package festung

import (
	"testing"

	"github.com/brettspiel/brettspiel/internal/gametest"
)

// The text form's shared rules: a key at most once, numbers within their
// documented bounds, the value given in the message.
func TestOptionsTextBounds(t *testing.T) {
	gametest.OptionsTextBounds(t, ParseOptions, map[string]string{
		"turn-cap=9223372036854775807":  "turn-cap=9223372036854775807: the number is out of range",
		"turn-cap=2147483647":           "the turn cap must be 1…10000000 throws, not 2147483647",
		"turn-cap=10000001":             "not 10000001",
		"turn-cap=99999999999999999999": "turn-cap=99999999999999999999: the number is out of range",
		"stock=1048577":                 "the stock must be 1…1048576 markers, not 1048577",
		"stock=25 stock=25":             "option stock given twice",
	}, "", func(o Options) int { return o.TurnCap })
}
