package stepsearch

import "github.com/brettspiel/brettspiel"

// Flags returns the flags of a single step of a race game from from to to,
// in the mover's track: entering from waiting (the bar, the hand), bearing
// off (to brettspiel.Off), landing on hucke (the mover's Hucke), and hit
// when it hits.
func Flags(from, to, waiting, hucke int, hit bool) brettspiel.StepFlags {
	var f brettspiel.StepFlags
	if hit {
		f |= brettspiel.StepHit
	}
	switch {
	case from == waiting:
		f |= brettspiel.StepEnter
	case to == brettspiel.Off:
		f |= brettspiel.StepBearOff
	}
	if to == hucke {
		f |= brettspiel.StepHucke
	}
	return f
}
