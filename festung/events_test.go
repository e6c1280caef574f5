package festung

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/brettspiel/brettspiel"
)

// An event as a Game keeps it is 16 bytes, and every event of play comes
// back from its JSON as the game made it: packed, with nothing kept
// loose.
func TestEventsArePacked(t *testing.T) {
	if n := unsafe.Sizeof(event{}); n != 16 {
		t.Errorf("an event is %d bytes, want 16", n)
	}
	for i, g := range statesOfPlay(t, 2, nil) {
		if i%7 != 0 {
			continue
		}
		data, err := g.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := back.UnmarshalJSON(data); err != nil {
			t.Fatal(err)
		}
		if back.loaded != nil || !reflect.DeepEqual(back.events, g.events) && len(g.events) > 0 {
			t.Fatalf("state %d: loaded %v, events %v; want %v", i, back.loaded, back.events, g.events)
		}
	}
	// what this game does not make stays as it was
	odd := []brettspiel.Event{{Kind: "odd", Player: 0, Other: brettspiel.Nobody, From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace}}
	if _, ok := packEvents(odd); ok {
		t.Error("an event of an unknown kind packs")
	}
}
