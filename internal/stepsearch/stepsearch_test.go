package stepsearch

import (
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

func TestInputIsBounded(t *testing.T) {
	made := make([]brettspiel.Step, 100000)
	for i := range made {
		made[i] = brettspiel.Step{From: 1, To: 3}
	}
	got := Input(made)
	if !strings.HasSuffix(got, ", … (100000 steps)") || strings.Count(got, "1→3") != maxInputSteps {
		t.Errorf("Input = %q", got)
	}
	if got := Input(made[:2]); got != "1→3, 1→3" {
		t.Errorf("Input = %q", got)
	}
}

func TestNotation(t *testing.T) {
	steps := []brettspiel.Step{{TrackFrom: brettspiel.Bar, TrackTo: 3}, {TrackFrom: 3, TrackTo: 9}, {TrackFrom: 20, TrackTo: brettspiel.Off}}
	if got := Notation(steps, "bar"); got != "bar/3 3/9 20/off" {
		t.Errorf("Notation = %q", got)
	}
}
