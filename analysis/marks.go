package analysis

import "math"

// Mark grades one step as gnubg's analysis marks it: a decision that lost
// more than a bound of the game's Scale, or a throw whose luck passed one
// either way. The empty mark is no mark.
type Mark string

// The marks of a decision, worst last.
const (
	Doubtful Mark = "doubtful" // gnubg's "?!"
	Bad      Mark = "bad"      // "?"
	VeryBad  Mark = "veryBad"  // "??"
)

// The marks of a throw's luck.
const (
	VeryLucky   Mark = "veryLucky"
	Lucky       Mark = "lucky"
	Unlucky     Mark = "unlucky"
	VeryUnlucky Mark = "veryUnlucky"
)

// Scale holds a game's bounds in its unit (strokes, points, markers): of the
// marks of a decision's loss and a throw's luck, and the amounts a play
// may lose before a tutor speaks. A frontend that marks steps or tutors a
// player reads them here, so that every frontend marks alike.
type Scale struct {
	// A decision that loses more than Doubtful (Bad, VeryBad) is marked so.
	Doubtful float64 `json:"doubtful"`
	Bad      float64 `json:"bad"`
	VeryBad  float64 `json:"veryBad"`
	// A throw whose luck is Lucky (VeryLucky) or more either way is marked
	// lucky or unlucky (very so).
	Lucky     float64 `json:"lucky"`
	VeryLucky float64 `json:"veryLucky"`
	// Strict and Mild are a tutor's levels: it speaks after a play that
	// loses more than the amount, of small slips (Strict) or of clear
	// mistakes only (Mild).
	Strict float64 `json:"strict"`
	Mild   float64 `json:"mild"`
}

// markScales are the bounds by game. A decision's follow gnubg's in the race
// games, whose equity is about a game's worth as a money game's is:
// doubtful beyond 0.04, bad beyond 0.08 (the bound the levels' blunders are
// counted by), very bad beyond 0.16. The Festungsspiel's are in markers:
// doubtful beyond 0.25, bad beyond 0.6, very bad beyond 1 (about what
// taking from fortress 2 rather than 1 costs early on).
//
// A throw's bounds mark about one throw in ten lucky or unlucky and one in
// fifty very so: in 10 games of the greedy bot a game (seeds PCG(1…10, 9),
// judged by Game) a tenth of the throws' luck passed 0.31 strokes
// (Toccateglio), 0.097 points (Verkehren) and 4.1 markers (Festungsspiel),
// a fiftieth 0.64, 0.22 and 7.6.
//
// The tutor's amounts in the race games are placed on the rollouts of the
// published decision sets (TestTutorScale; doc/research.md has the
// table): a tutor names the net's best play as the better one, so each
// amount is the least loss at one ply from which on the plays the net
// calls worse by that much (in bands of 0.03) are worse by the rollouts
// too, in four cases of five by a doubtful play's loss (0.04) on average
// for Strict, in nine of ten by a bad play's (0.08) for Mild. The
// Festungsspiel's choices are judged exactly: its strict tutor speaks of a
// doubtful choice, its mild one of a bad one.
var markScales = map[string]Scale{
	"toccateglio": {Doubtful: 0.04, Bad: 0.08, VeryBad: 0.16, Lucky: 0.3, VeryLucky: 0.6, Strict: 0.05, Mild: 0.10},
	"verkehren":   {Doubtful: 0.04, Bad: 0.08, VeryBad: 0.16, Lucky: 0.1, VeryLucky: 0.2, Strict: 0.04, Mild: 0.07},
	"festung":     {Doubtful: 0.25, Bad: 0.6, VeryBad: 1, Lucky: 4, VeryLucky: 8, Strict: 0.25, Mild: 0.6},
}

// ScaleOf returns the bounds of a variant ("toccateglio", "verkehren",
// "festung"), and false, with Verkehren's, for a variant it does not know.
func ScaleOf(variant string) (Scale, bool) {
	s, ok := markScales[variant]
	if !ok {
		return markScales["verkehren"], false
	}
	return s, true
}

// Decision returns the mark of a decision that lost loss: "" up to
// Doubtful.
func (s Scale) Decision(loss float64) Mark {
	switch {
	case loss > s.VeryBad:
		return VeryBad
	case loss > s.Bad:
		return Bad
	case loss > s.Doubtful:
		return Doubtful
	}
	return ""
}

// Luck returns the mark of a throw's luck: "" below Lucky either way.
func (s Scale) Luck(luck float64) Mark {
	a := math.Abs(luck)
	switch {
	case a >= s.VeryLucky && luck > 0:
		return VeryLucky
	case a >= s.VeryLucky:
		return VeryUnlucky
	case a >= s.Lucky && luck > 0:
		return Lucky
	case a >= s.Lucky:
		return Unlucky
	}
	return ""
}
