package festung

import (
	"testing"

	"github.com/brettspiel/brettspiel/internal/gametest"
)

func TestCopyFromPlaysOnAsClone(t *testing.T) {
	for _, players := range []int{2, 6} {
		g, err := New(ForPlayers(players))
		if err != nil {
			t.Fatal(err)
		}
		gametest.CopyFromPlaysOnAsClone(t, gametest.Played(t, g, 5), &Game{})
	}
}
