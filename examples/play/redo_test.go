package main

import (
	"strings"
	"testing"
)

// The end offers the save once for the same game: declined, then undone
// and redone to the same end, it is not asked again (the question took
// the next command for a file's name, here quit); a different end — the
// concession after another move — asks again.
func TestRedoToTheEndAsksNoSaveAgain(t *testing.T) {
	const question = "save the game? file name or empty to skip: "
	out := playWith(t, "concede\ny\n\nundo\nredo\nquit\n", "-i", "-game", "verkehren", "-seed", "5", "-opponent", "random", "-throw", "auto")
	if n := strings.Count(out, question); n != 1 {
		t.Errorf("the save was offered %d times, want once:\n%s", n, out)
	}
	if n := strings.Count(out, "The game is over."); n != 2 {
		t.Errorf("the end shown %d times, want twice (once again after redo):\n%s", n, out)
	}
	// another game after the undo: its end offers the save again
	out = playWith(t, "concede\ny\n\nundo\n1\nconcede\ny\n\nquit\n", "-i", "-game", "verkehren", "-seed", "5", "-opponent", "random", "-throw", "auto")
	if n := strings.Count(out, question); n != 2 {
		t.Errorf("the save was offered %d times for two different ends, want twice:\n%s", n, out)
	}
}
