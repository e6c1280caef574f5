package kit_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

func TestParseSettings(t *testing.T) {
	keys := []string{"stones", "turn-cap"}
	got, err := kit.ParseSettings("op", "stones=15 turn-cap=9", []string{"stones=15", " turn-cap = 9"}, keys)
	if err != nil || len(got) != 2 || got[0] != (kit.Setting{Key: "stones", Value: "15"}) || got[1] != (kit.Setting{Key: "turn-cap", Value: "9"}) {
		t.Fatalf("ParseSettings = %v, %v", got, err)
	}
	for in, reason := range map[string]string{
		"stones=15 stones=15": "option stones given twice (stones=15, then stones=15)",
		"stones=15 stones=16": "option stones given twice",
		"stones":              `"stones": want key=value`,
		"colour=red":          `unknown option "colour"; the options are stones, turn-cap`,
	} {
		_, err := kit.ParseSettings("op", in, strings.Fields(in), keys)
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadOptions) || e.Reason != reason && !strings.HasPrefix(e.Reason, reason) || e.Input != in || e.Op != "op" {
			t.Errorf("ParseSettings(%q) = %v; want ErrBadOptions saying %q", in, err, reason)
		}
	}
}

func TestSettingInt(t *testing.T) {
	for v, want := range map[string]int{"0": 0, "5000": 5000, "-1": -1} {
		if n, err := (kit.Setting{Key: "k", Value: v}).Int("op", "in"); err != nil || n != want {
			t.Errorf("Int(%q) = %d, %v", v, n, err)
		}
	}
	for v, reason := range map[string]string{
		"+5": "k=+5: want a decimal number", "05": "k=05: want a decimal number", "0x10": "k=0x10: want a decimal number", "": "k=: want a decimal number",
		"9223372036854775808": "k=9223372036854775808: the number is out of range", "2147483648": "k=2147483648: the number is out of range",
	} {
		_, err := (kit.Setting{Key: "k", Value: v}).Int("op", "in")
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadOptions) || e.Reason != reason {
			t.Errorf("Int(%q) = %v; want %q", v, err, reason)
		}
	}
}

// FirstPlayer.Validate reports the value as it was set, not a seat it does
// not name.
func TestFirstPlayerValidate(t *testing.T) {
	for _, f := range []brettspiel.FirstPlayer{brettspiel.DrawForStart, brettspiel.Starts(0), brettspiel.Starts(1)} {
		if err := f.Validate(2); err != nil {
			t.Errorf("%d: %v", f, err)
		}
	}
	for f, reason := range map[brettspiel.FirstPlayer]string{
		-1: "FirstPlayer is -1, which names no seat of 2",
		3:  "FirstPlayer is 3 (Starts(2)), which names no seat of 2",
	} {
		err := f.Validate(2)
		if !errors.Is(err, brettspiel.ErrBadOptions) || !strings.Contains(err.Error(), reason) || strings.Contains(err.Error(), "-3") {
			t.Errorf("FirstPlayer(%d).Validate(2) = %v; want %q", f, err, reason)
		}
	}
}

func ExampleParseSettings() {
	_, err := kit.ParseSettings("parse options", "stones=15 stones=15", []string{"stones=15", "stones=15"}, []string{"stones"})
	fmt.Println(err)
	// Output: brettspiel: parse options "stones=15 stones=15": bad options: option stones given twice (stones=15, then stones=15)
}

func TestSameName(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"Tokkadille 1853, 16 stones", "tokkadille-1853-16-stones", true},
		{"VK band limit 5", "VK_BAND_LIMIT_5", true},
		{"Festungsspiel", "festungsspiel", true},
		{"Toccateglispiel", "Toccadille", false},
		{"VK band limit 5", "VK band limit", false},
		{"", "", false},
		{"--", "", false},
		{"Übung", "übung", true},
	} {
		if got := kit.SameName(c.a, c.b); got != c.same {
			t.Errorf("SameName(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}
