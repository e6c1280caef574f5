package main

import (
	"strings"
	"testing"
)

// "give up" gives the Partie up after asking (T-W6), in English and in
// German; the Festungsspiel has no giving up and says so.
func TestGiveUpAfterAsking(t *testing.T) {
	out := playWith(t, "give up\nn\ngive up\ny\n\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	for _, want := range []string{"not conceded; play on", "Player 1 gives the Partie up (T-W6).", "Player 2 wins a quadruple Partie (4 strokes)", "The game is over."} {
		if !strings.Contains(out, want) {
			t.Errorf("the give-up lacks %q:\n%s", want, out)
		}
	}
	out = playWith(t, "aufgeben\nj\n\n", "-i", "-lang", "de", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if !strings.Contains(out, "Spieler 1 gibt die Partie auf (T-W6).") {
		t.Errorf("the give-up in German:\n%s", out)
	}
	out = playWith(t, "give up\nquit\n", "-i", "-throw", "auto", "-game", "festung", "-seed", "3", "-opponent", "random")
	if !strings.Contains(out, "the Festungsspiel has no giving up") {
		t.Errorf("give up in the Festungsspiel:\n%s", out)
	}
}
