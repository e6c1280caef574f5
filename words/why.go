package words

import (
	"strconv"
	"strings"
)

// ReasonKind names what differs between a play made and a better play, as
// a tutor names it ([Reason]).
type ReasonKind string

// The kinds of [Reason], in the order of their importance: a tutor says the
// first two or three that hold.
const (
	// ReasonHit: the better play hits Better stones (Verkehren, V-H1), on
	// Points; yours hits Played.
	ReasonHit ReasonKind = "hit"
	// ReasonJanBroken: yours opens the closed quarter Quarter of your track
	// (a Jan, Toccateglio), which the better play keeps closed; the
	// opponent marks Played for it (T-J2).
	ReasonJanBroken ReasonKind = "jan-broken"
	// ReasonJan: the better play closes the quarter Quarter of your track
	// (a Jan, T-J1) and marks Better for it; yours does not close it.
	ReasonJan ReasonKind = "jan"
	// ReasonMarks: the better play marks Better, yours Played (the marks
	// of the play itself: the Marsch, T-B3; a Jan is ReasonJan).
	ReasonMarks ReasonKind = "marks"
	// ReasonHuckeLeft: yours gives up your Hucke, the point Point, which
	// the better play keeps.
	ReasonHuckeLeft ReasonKind = "hucke-left"
	// ReasonHucke: the better play takes your Hucke, the point Point;
	// yours does not.
	ReasonHucke ReasonKind = "hucke"
	// ReasonBlot: yours leaves a blot on Point within the opponent's
	// direct reach, which Played of the 36 throws hit; Better of them hit
	// a blot the better play leaves (0: it leaves none in reach).
	ReasonBlot ReasonKind = "blot"
	// ReasonEntry: the opponent has stones to enter (Verkehren, V-E2); the
	// better play leaves him Better open entry points, yours Played.
	ReasonEntry ReasonKind = "entry"
	// ReasonPointBroken: yours breaks your point Point (two or more
	// stones), which the better play keeps.
	ReasonPointBroken ReasonKind = "point-broken"
	// ReasonPointNotMade: the better play makes a point on Point; yours
	// does not.
	ReasonPointNotMade ReasonKind = "point-not-made"
	// ReasonBehind: yours leaves a single stone behind on Point, your
	// last; after the better play your last stone stands on BetterPoint.
	ReasonBehind ReasonKind = "behind"
	// ReasonFortress: the Festungsspiel's choice of a fortress (F-A2):
	// yours takes from fortress Point and leaves the marker of fortress
	// BetterPoint, which Played opponents may take (their open
	// fortresses, F-A1); the better choice takes from fortress
	// BetterPoint and leaves one that Better opponents may take.
	ReasonFortress ReasonKind = "fortress"
)

// Reason is one difference between a play made and a better play at the
// same throw, computed from the two positions and the events of the plays
// (package analysis, Why). Points are the board's, as the board is drawn;
// a quarter is one of the mover's own track (1, 2 or 4); the numbers
// Played and Better are the same measure for the play made and the better
// play. Each kind's comment says which fields it uses; the others are 0.
type Reason struct {
	Kind        ReasonKind `json:"kind"`
	Point       int        `json:"point,omitempty"`
	BetterPoint int        `json:"betterPoint,omitempty"`
	Points      []int      `json:"points,omitempty"`
	Quarter     int        `json:"quarter,omitempty"`
	Played      int        `json:"played"`
	Better      int        `json:"better"`
}

// Why says what the reasons name, a sentence of l a reason in their
// order, e.g. "The better play hits on 7; yours hits nothing. Your play
// leaves a blot on 5 that 11 throws of 36 hit; the better play leaves
// none in reach." A reason of a kind the package does not know is left
// out; for none Why returns "".
func (l Lang) Why(rs []Reason) string {
	var parts []string
	for _, r := range rs {
		if s := l.reason(r); s != "" {
			parts = append(parts, strings.ToUpper(s[:1])+s[1:]+".")
		}
	}
	return strings.Join(parts, " ")
}

// reason says one reason as a sentence that starts in lower case, without
// its full stop.
func (l Lang) reason(r Reason) string {
	p, bp := strconv.Itoa(r.Point), strconv.Itoa(r.BetterPoint)
	switch r.Kind {
	case ReasonHit:
		on := l.and(numbers(r.Points))
		if r.Played == 0 && r.Better == 1 {
			return l.pick("the better play hits on "+on+"; yours hits nothing",
				"der bessere Zug schlägt auf "+on+"; deiner schlägt nichts")
		}
		return l.pick("the better play hits "+count(r.Better, "stone", "stones")+" (on "+on+"), yours "+strconv.Itoa(r.Played),
			"der bessere Zug schlägt "+count(r.Better, "Stein", "Steine")+" (auf "+on+"), deiner "+strconv.Itoa(r.Played))
	case ReasonJanBroken:
		if r.Played == 0 {
			return l.pick("your play opens the "+l.ordinal(r.Quarter)+" quarter, a closed Jan the better play keeps",
				"dein Zug öffnet das "+l.ordinal(r.Quarter)+" Viertel, einen geschlossenen Jan, den der bessere Zug hält")
		}
		return l.pick("your play opens the "+l.ordinal(r.Quarter)+" quarter, a closed Jan the better play keeps, and gives the opponent "+count(r.Played, "mark", "marks"),
			"dein Zug öffnet das "+l.ordinal(r.Quarter)+" Viertel, einen geschlossenen Jan, den der bessere Zug hält, und gibt dem Gegner "+count(r.Played, "Marke", "Marken"))
	case ReasonJan:
		if r.Better == 0 {
			return l.pick("the better play closes the "+l.ordinal(r.Quarter)+" quarter (a Jan); yours does not",
				"der bessere Zug schließt das "+l.ordinal(r.Quarter)+" Viertel (ein Jan); deiner nicht")
		}
		return l.pick("the better play closes the "+l.ordinal(r.Quarter)+" quarter (a Jan, "+count(r.Better, "mark", "marks")+"); yours does not",
			"der bessere Zug schließt das "+l.ordinal(r.Quarter)+" Viertel (ein Jan, "+count(r.Better, "Marke", "Marken")+"); deiner nicht")
	case ReasonMarks:
		return l.pick("the better play marks "+strconv.Itoa(r.Better)+", yours "+strconv.Itoa(r.Played),
			"der bessere Zug markiert "+strconv.Itoa(r.Better)+", deiner "+strconv.Itoa(r.Played))
	case ReasonHuckeLeft:
		return l.pick("your play gives up your Hucke on "+p+", which the better play keeps",
			"dein Zug gibt deine Hucke auf "+p+" auf, die der bessere Zug hält")
	case ReasonHucke:
		return l.pick("the better play takes your Hucke on "+p+"; yours does not",
			"der bessere Zug nimmt deine Hucke auf "+p+"; deiner nicht")
	case ReasonBlot:
		s := l.pick("your play leaves a blot on "+p+" that "+strconv.Itoa(r.Played)+" throws of 36 hit",
			"dein Zug lässt auf "+p+" einen Bloßen stehen, den "+strconv.Itoa(r.Played)+" von 36 Würfen treffen")
		if r.Better == 0 {
			return s + l.pick("; the better play leaves none in reach", "; der bessere Zug keinen in Reichweite")
		}
		return s + l.pick("; the better play leaves none that more than "+strconv.Itoa(r.Better)+" hit",
			"; der bessere Zug keinen, den mehr als "+strconv.Itoa(r.Better)+" treffen")
	case ReasonEntry:
		return l.pick("the better play leaves the opponent "+count(r.Better, "open point", "open points")+" to enter on, yours "+strconv.Itoa(r.Played),
			"der bessere Zug lässt dem Gegner "+count(r.Better, "offenen Punkt", "offene Punkte")+" zum Einsetzen, deiner "+strconv.Itoa(r.Played))
	case ReasonPointBroken:
		return l.pick("your play breaks your point on "+p+", which the better play keeps",
			"dein Zug löst dein Band auf "+p+" auf, das der bessere Zug hält")
	case ReasonPointNotMade:
		return l.pick("the better play makes a point on "+p+"; yours does not",
			"der bessere Zug macht ein Band auf "+p+"; deiner nicht")
	case ReasonBehind:
		return l.pick("your play leaves a stone behind on "+p+"; after the better play your last stone stands on "+bp,
			"dein Zug lässt einen Stein auf "+p+" zurück; nach dem besseren Zug steht dein letzter auf "+bp)
	case ReasonFortress:
		return l.pick("your choice takes from fortress "+p+" and leaves the marker of fortress "+bp+", which "+l.mayTake(r.Played)+"; taking from fortress "+bp+" leaves one that "+l.mayTake(r.Better),
			"deine Wahl nimmt aus Festung "+p+" und lässt die Marke der Festung "+bp+", die "+l.mayTake(r.Played)+"; aus Festung "+bp+" bliebe eine, die "+l.mayTake(r.Better))
	}
	return ""
}

// mayTake says how many opponents may take a marker: "2 opponents may
// take", "no opponent may take"; "2 Gegner nehmen können", "kein Gegner
// nehmen kann".
func (l Lang) mayTake(n int) string {
	switch {
	case n == 0:
		return l.pick("no opponent may take", "kein Gegner nehmen kann")
	case n == 1:
		return l.pick("1 opponent may take", "1 Gegner nehmen kann")
	}
	return l.pick(strconv.Itoa(n)+" opponents may take", strconv.Itoa(n)+" Gegner nehmen können")
}
