package kit

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
)

// UnmarshalState is the frame of a game's UnmarshalJSON: it decodes data
// strictly ([DecodeState]) into a new S, builds the game from it and only
// then sets *dst, so that on error dst is unchanged.
func UnmarshalState[S any, G any](data []byte, dst *G, build func(*S) (*G, error)) error {
	var s S
	if err := DecodeState(data, &s); err != nil {
		return err
	}
	g, err := build(&s)
	if err != nil {
		return err
	}
	*dst = *g
	return nil
}

// UnmarshalID is the frame of a game's UnmarshalText: it reads a position
// ID with parse and only then sets *dst, so that on error dst is
// unchanged.
func UnmarshalID[G any](dst *G, text []byte, parse func(id string) (*G, error)) error {
	g, err := parse(string(text))
	if err != nil {
		return err
	}
	*dst = *g
	return nil
}

// SameEvents compares events decoded from JSON (want) with those that the
// Apply they report, made again, emits (got), for a game's check that a
// decoded state's events agree with it. It returns "" when they agree and
// otherwise what differs first; what names the Apply, e.g. "the play 13/18
// of 5-3".
func SameEvents(want, got []brettspiel.Event, what string) string {
	for i := range max(len(want), len(got)) {
		switch {
		case i >= len(got):
			return fmt.Sprintf("events[%d] is %s, but %s in this state ends before it", i, want[i], what)
		case i >= len(want):
			return fmt.Sprintf("the events end after %d, but %s in this state goes on with %s", i, what, got[i])
		case !want[i].Equal(got[i]):
			return fmt.Sprintf("events[%d] is %s, but %s in this state gives %s", i, want[i], what, got[i])
		}
	}
	return ""
}

// Preset is a named rule set of a game, for a frontend's menu and for game
// records; O is the game's options type.
type Preset[O any] struct {
	Name    string // e.g. "Toccateglispiel"
	Source  string // the source text it follows
	Summary string // what distinguishes it from the game's other presets
	Options O      // its rules
}

// PresetNamed returns the preset of that name among presets; case, spaces
// and punctuation do not count ([SameName]).
func PresetNamed[O any](presets []Preset[O], name string) (Preset[O], bool) {
	for _, p := range presets {
		if SameName(p.Name, name) {
			return p, true
		}
	}
	return Preset[O]{}, false
}

// PresetOf returns the first of presets whose rules o has, as same reports
// it for o and a preset's options.
func PresetOf[O any](presets []Preset[O], o O, same func(o, preset O) bool) (Preset[O], bool) {
	for _, p := range presets {
		if same(o, p.Options) {
			return p, true
		}
	}
	return Preset[O]{}, false
}

// Replayed is a game's check that the Apply made again from the state
// before it agrees with a decoded state: the events it gave (got) must be
// the decoded ones (want, see [SameEvents]) and the state it led to the
// decoded one (same). It returns "" when both agree, else what differs; what
// names the Apply.
func Replayed(want, got []brettspiel.Event, what string, same bool) string {
	if reason := SameEvents(want, got, what); reason != "" {
		return reason
	}
	if !same {
		return what + " gives these events, but it leads to another state"
	}
	return ""
}
