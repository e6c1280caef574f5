package main

import (
	"regexp"
	"strings"
	"testing"
)

// whyAt returns what the terminal printed for the i-th "why" typed (from
// 0): the text from its answer to the next prompt.
func whyAt(t *testing.T, out string, i int) string {
	t.Helper()
	parts := strings.Split(out, "\n> ")
	n := 0
	for _, p := range parts {
		if strings.HasPrefix(p, "What may be marked") || strings.HasPrefix(p, "Was bei diesem Schritt") {
			if n == i {
				return p
			}
			n++
		}
	}
	t.Fatalf("no answer %d to why:\n%s", i, out[max(0, len(out)-3000):])
	return ""
}

// At a decision of the Schule the list says that why gives the rules of
// what may be marked at the step, and why gives their texts: the hits'
// rules at step 2, the opponent's points at step 4. It never tells what is
// due: the answer at a declaration with nothing due and at one with a hit
// due is the same. In German too.
func TestT_W5_WhyAtTheSchuleGivesTheRulesOfTheStep(t *testing.T) {
	args := []string{"-i", "-game", "toccateglio", "-schule", "-opponent", "human", "-dice", "manual"}
	// schuleOpening's first declaration (step 2, nothing hit), its step 4,
	// and its third throw's declaration (step 2, a hit due)
	in := append([]string{}, schuleOpening[:3]...)
	in = append(append(in, "why"), schuleOpening[3:6]...)
	in = append(append(in, "why"), schuleOpening[6:]...)
	in = append(in, "why", "quit", "n")
	out := playWith(t, strings.Join(in, "\n")+"\n", args...)
	if n := strings.Count(out, "  why        the rules of what may be marked at this step\n"); n < 3 {
		t.Errorf("the Schule's list named why %d times:\n%s", n, out[max(0, len(out)-3000):])
	}
	hits, step4, hitDue := whyAt(t, out, 0), whyAt(t, out, 1), whyAt(t, out, 2)
	for _, want := range []string{"T-M1 — ", "T-M2 — ", "T-M3 — "} {
		if !strings.Contains(hits, want) {
			t.Errorf("why at the hits lacks %q:\n%s", want, hits)
		}
	}
	for _, want := range []string{"T-D7 — ", "T-J2 — "} {
		if !strings.Contains(step4, want) || strings.Contains(step4, "T-M1 — ") {
			t.Errorf("why at step 4 lacks %q or names the hits:\n%s", want, step4)
		}
	}
	if hits != hitDue {
		t.Errorf("why told apart a declaration with nothing due from one with a hit due:\n%s\n---\n%s", hits, hitDue)
	}
	if regexp.MustCompile(`(?i)\bdue\b.*\d|\byou (won|hit|scored)\b`).MatchString(hits) {
		t.Errorf("why speaks of what is due:\n%s", hits)
	}
	// outside the Schule why is as before
	out = playWith(t, "why\nquit\n", "-i", "-game", "toccateglio", "-opponent", "human", "-dice", "manual")
	if strings.Contains(out, "What may be marked") || strings.Contains(out, "  why        the rules") {
		t.Errorf("why outside the Schule:\n%s", out)
	}
	// German: the head, the list's line and the rules' German texts
	out = playWith(t, strings.Join(append(append([]string{}, schuleOpening[:3]...), "warum", "quit", "n"), "\n")+"\n", append(args, "-lang", "de")...)
	de := whyAt(t, out, 0)
	if !strings.Contains(out, "  warum      die Regeln dessen, was bei diesem Schritt markiert werden kann\n") || !strings.Contains(de, "T-M1 — ") || strings.Contains(de, "Hitting") {
		t.Errorf("the German Schule's why:\n%s", out[max(0, len(out)-3000):])
	}
}
