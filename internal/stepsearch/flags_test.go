package stepsearch

import (
	"testing"

	"github.com/brettspiel/brettspiel"
)

func TestFlags(t *testing.T) {
	const waiting, hucke = brettspiel.Bar, 12
	cases := []struct {
		from, to int
		hit      bool
		want     brettspiel.StepFlags
	}{
		{3, 7, false, 0},
		{3, 7, true, brettspiel.StepHit},
		{waiting, 4, true, brettspiel.StepEnter | brettspiel.StepHit},
		{20, brettspiel.Off, false, brettspiel.StepBearOff},
		{8, hucke, false, brettspiel.StepHucke},
		{waiting, hucke, false, brettspiel.StepEnter | brettspiel.StepHucke},
	}
	for _, c := range cases {
		if got := Flags(c.from, c.to, waiting, hucke, c.hit); got != c.want {
			t.Errorf("Flags(%d, %d, hit %v) = %v, want %v", c.from, c.to, c.hit, got, c.want)
		}
	}
}
