package gametest

import (
	"bytes"
	"encoding"
	"fmt"

	"github.com/brettspiel/brettspiel"
)

// IDTrip writes g's position ID, loads it into the game zero makes, which
// must write it back as the same ID, and returns that game with g's events,
// which the ID does not carry: withEvents copies them over.
func IDTrip[G interface {
	brettspiel.Game
	encoding.TextMarshaler
	encoding.TextUnmarshaler
}](g G, zero func() G, withEvents func(back, g G)) (brettspiel.Game, error) {
	text, err := g.MarshalText()
	if err != nil {
		return nil, err
	}
	back := zero()
	if err := back.UnmarshalText(text); err != nil {
		return nil, fmt.Errorf("%s: %w", text, err)
	}
	if again, _ := back.MarshalText(); !bytes.Equal(again, text) {
		return nil, fmt.Errorf("the ID %s loads and is written as %s", text, again)
	}
	withEvents(back, g)
	return back, nil
}
