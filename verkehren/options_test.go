package verkehren

import (
	"errors"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// The text form's shared rules: a key at most once, numbers within their
// documented bounds, the value given in the message.
func TestOptionsTextBounds(t *testing.T) {
	gametest.OptionsTextBounds(t, ParseOptions, map[string]string{
		"turn-cap=9223372036854775807":     "turn-cap=9223372036854775807: the number is out of range",
		"turn-cap=2147483647":              "TurnCap 2147483647 is outside 0…10000000",
		"turn-cap=10000001":                "TurnCap 10000001 is outside 0…10000000",
		"turn-cap=-1":                      "TurnCap -1 is outside 0…10000000",
		"turn-cap=99999999999999999999":    "turn-cap=99999999999999999999: the number is out of range",
		"opening=band-limit band-limit=16": "BandLimit 16 is outside 5…15",
		"first=1 first=1":                  "option first given twice",
	}, "", func(o Options) int { return o.TurnCap })
	if _, err := New(Options{TurnCap: brettspiel.MaxTurnCap + 1}); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("New with a turn cap above the bound: %v", err)
	}
}

// V-S1: FirstPlayer out of range is reported as it was set.
func TestV_S1_FirstPlayerOutOfRangeNamesTheValue(t *testing.T) {
	err := Options{FirstPlayer: -1}.Validate()
	if !errors.Is(err, brettspiel.ErrBadOptions) || !strings.Contains(err.Error(), "FirstPlayer is -1, which names no seat of 2") {
		t.Errorf("FirstPlayer -1: %v", err)
	}
}
