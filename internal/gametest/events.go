package gametest

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// Edited returns the JSON of g edited by edit, which works on the document
// decoded into maps.
func Edited(tb testing.TB, g any, edit func(m map[string]any)) []byte {
	tb.Helper()
	data, err := json.Marshal(g)
	if err != nil {
		tb.Fatal(err)
	}
	return EditedDoc(tb, data, edit)
}

// EditedDoc returns the JSON object data edited by edit, which works on
// the object decoded into maps.
func EditedDoc(tb testing.TB, data []byte, edit func(m map[string]any)) []byte {
	tb.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		tb.Fatal(err)
	}
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// Events returns the "events" of a state's JSON decoded into maps.
func Events(m map[string]any) []any { return m["events"].([]any) }

// Event returns the i-th of Events(m).
func Event(m map[string]any, i int) map[string]any { return Events(m)[i].(map[string]any) }

// EventEdit is an edit of the events in the JSON of a state reached in
// play, after which the state must be refused as an impossible position.
type EventEdit[G any] struct {
	name   string
	g      G
	edit   func(m map[string]any)
	reason string
}

// Edit returns the edit named name of the events in the JSON of g, after
// which g must be refused as an impossible position whose reason contains
// reason.
func Edit[G any](name string, g G, edit func(m map[string]any), reason string) EventEdit[G] {
	return EventEdit[G]{name, g, edit, reason}
}

// EventEditsAreRefused checks each edit: the state as played loads into the
// game zero makes; edited, it is refused with a *brettspiel.Error wrapping
// brettspiel.ErrBadPosition whose reason contains the edit's, and the game
// loaded into stays as zero made it (untouched says so).
func EventEditsAreRefused[G State](t *testing.T, edits []EventEdit[G], zero func() G, untouched func(G) bool) {
	t.Helper()
	for _, c := range edits {
		data, err := json.Marshal(c.g)
		if err != nil {
			t.Fatal(err)
		}
		if err := zero().UnmarshalJSON(data); err != nil {
			t.Fatalf("%s: the state as played does not load: %v", c.name, err)
		}
		back := zero()
		err = back.UnmarshalJSON(Edited(t, c.g, c.edit))
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(e.Reason, c.reason) {
			t.Errorf("%s: UnmarshalJSON = %v, want ErrBadPosition saying %q", c.name, err, c.reason)
		}
		if !untouched(back) {
			t.Errorf("%s: a refused state changed the game", c.name)
		}
	}
}

// WithEventsLoads is the body of a fuzz target over the events of states
// of play: g, a state of play, loads from its JSON into the game zero
// makes; with its events replaced by evs it is either refused with a
// *brettspiel.Error that gives a reason, leaving the game as zero made it
// (untouched says so), or loads to the same state, and ok is true: then the
// caller checks that evs fit g.
func WithEventsLoads[G State](t *testing.T, g G, evs []brettspiel.Event, zero func() G, untouched func(G) bool) (ok bool) {
	t.Helper()
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := zero().UnmarshalJSON(data); err != nil {
		t.Fatalf("a state of play does not load: %v\n%s", err, g)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m["events"], err = json.Marshal(evs); err != nil {
		t.Fatal(err)
	}
	edited, _ := json.Marshal(m)
	back := zero()
	if err := back.UnmarshalJSON(edited); err != nil {
		var e *brettspiel.Error
		if !errors.As(err, &e) || e.Reason == "" {
			t.Fatalf("refused without a reason: %v", err)
		}
		if !untouched(back) {
			t.Fatal("a refused state changed the game")
		}
		return false
	}
	if back.ID() != g.ID() {
		t.Fatalf("the edited events load another state")
	}
	return true
}

// SameEvents says whether a and b are the same events in the same order.
func SameEvents(a, b []brettspiel.Event) bool { return slices.EqualFunc(a, b, brettspiel.Event.Equal) }

// Reorder edits evs at event i by op: 0 drops it, 1 gives it twice, 2
// swaps it with the next (when there is one).
func Reorder(evs []brettspiel.Event, i, op int) []brettspiel.Event {
	switch op {
	case 0:
		return append(evs[:i:i], evs[i+1:]...)
	case 1:
		return append(evs[:i+1:i+1], evs[i:]...)
	}
	if i+1 < len(evs) {
		evs[i], evs[i+1] = evs[i+1], evs[i]
	}
	return evs
}
