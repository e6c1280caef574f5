package main

import (
	"strings"
	"testing"
)

// schuleOpening is typed by two people at one screen with the Schule and
// dice by hand: the draw, then three throws with their marks; the third
// throw, 6-5, gives Player 1 a hit on Player 2's stone on 18 (through the
// empty 13), which he does not mark.
var schuleOpening = []string{"6-5", "2-1",
	"6-5", "mark 0", "pass", "1/7 1/6", "mark 0", "pass", "mark 0", "pass",
	"6-5", "mark 0", "pass", "1/7 1/6", "mark 0", "pass", "mark 0", "pass",
	"6-5"}

// TestT_W5_TwoPeopleMarkAndClaimAtTheTerminal: with -schule two people
// declare their points by one word (mark 0), and the other claims the
// forgotten hit (schule 1) before the next throw; a hint is refused.
func TestT_W5_TwoPeopleMarkAndClaimAtTheTerminal(t *testing.T) {
	input := strings.Join(append(schuleOpening, "hint", "mark 0", "schule 1", "pass", "quit", "n"), "\n") + "\n"
	out := playWith(t, input, "-i", "-game", "toccateglio", "-schule", "-opponent", "human", "-dice", "manual")
	for _, want := range []string{
		"mark 0     mark 0 for this step",
		"mark 12    mark 12 for this step",
		"no hints in the Schule",
		"Player 1 marks 0 points for his hits",
		"pass       let it pass",
		"right      make him mark exactly what he won",
		"schule 1   send him to school: you mark 1",
		"Player 2 (O) marks his points, or answers the other's marking",
		"Player 2 sends Player 1 to school and marks 1 point",
		"Player 1 lets Player 2's marking pass",
		"What was due: Player 1 scores 1 mark for a hit from 7 on 18 (11)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the terminal lacks %q:\n%s", want, out[max(0, len(out)-4000):])
		}
	}
	// the tutor, strict, says nothing of points forgotten while the claim
	// is open: marking and claiming are the players' own work (T-W5g)
	tutored := playWith(t, input, "-i", "-game", "toccateglio", "-schule", "-opponent", "human", "-dice", "manual", "-tutor", "strict")
	claimed := strings.Index(tutored, "Player 2 sends Player 1 to school")
	if claimed < 0 {
		t.Fatalf("no claim with the tutor on:\n%s", tutored[max(0, len(tutored)-3000):])
	}
	if before := tutored[:claimed]; strings.Contains(before, "point") && strings.Contains(before, "Tutor:") {
		t.Errorf("the tutor spoke of points before the claim:\n%s", before[max(0, len(before)-3000):])
	}
	if strings.Contains(tutored, "you forgot") {
		t.Errorf("the tutor spoke of a forgotten point the other claimed:\n%s", tutored[max(0, len(tutored)-3000):])
	}
	// once the other lets the short declaration pass, the window is
	// closed, and the tutor says what was forgotten
	passed := strings.Join(append(schuleOpening, "mark 0", "pass", "quit", "n"), "\n") + "\n"
	out = playWith(t, passed, "-i", "-game", "toccateglio", "-schule", "-opponent", "human", "-dice", "manual", "-tutor", "strict")
	let := strings.Index(out, "Player 2 lets Player 1's marking pass")
	forgot := strings.Index(out, "Tutor: Player 1, you forgot 1 point; it is lost now (T-W5).")
	if let < 0 || forgot < let {
		t.Errorf("the tutor did not speak of the forgotten point after the window closed (let pass at %d, tutor at %d):\n%s", let, forgot, out[max(0, len(out)-3000):])
	}
	if strings.Count(out, "you forgot") != 1 {
		t.Errorf("the tutor spoke of forgotten points %d times", strings.Count(out, "you forgot"))
	}
	out = playWith(t, passed, "-i", "-game", "toccateglio", "-schule", "-opponent", "human", "-dice", "manual")
	if strings.Contains(out, "you forgot") {
		t.Errorf("the tutor spoke while off")
	}
	// German: the same words to type, the list in German.
	out = playWith(t, input, "-i", "-game", "toccateglio", "-schule", "-opponent", "human", "-dice", "manual", "-lang", "de")
	for _, want := range []string{"mark 3     3 Points markieren für diesen Schritt", "gelten lassen", "Spieler 2 schickt Spieler 1 in die Schule und markiert 1 Point"} {
		if !strings.Contains(out, want) {
			t.Errorf("the German terminal lacks %q:\n%s", want, out[max(0, len(out)-3000):])
		}
	}
}

// TestT_W5g_AgainstABotThePersonMarksHimself: against a bot with the
// Schule the person declares his own points; the bot declares its own.
func TestT_W5g_AgainstABotThePersonMarksHimself(t *testing.T) {
	out := playWith(t, "6-5\n2-1\n6-5\nmark 0\nquit\nn\n", "-i", "-game", "toccateglio", "-schule", "-opponent", "greedy", "-dice", "manual")
	if !strings.Contains(out, "Player 1 marks 0 points for his hits") || !strings.Contains(out, "mark 0     mark 0 for this step") {
		t.Errorf("the person's declaration:\n%s", out[max(0, len(out)-3000):])
	}
}
