package main

import (
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
	"github.com/brettspiel/brettspiel/words"
)

// waitingPlace names the place where a game's stones wait to enter: the
// hand in Toccateglio (T-S4), the bar in Verkehren.
func waitingPlace(g brettspiel.Game) string {
	if v, ok := g.(interface{ Variant() string }); ok && v.Variant() == "toccateglio" {
		return "hand"
	}
	return "bar"
}

// boardSteps renders the steps of a play in board points, "24→18 20→18*"
// (* a hit), with the rules its step events name; ok is false for a move
// that is no play with steps (a throw, a pass, a decision).
func boardSteps(l words.Lang, g brettspiel.Game, m brettspiel.Move) (steps string, ok bool) {
	d, _ := g.(brettspiel.Describer)
	if d == nil {
		return "", false
	}
	info, err := d.Describe(m)
	if err != nil || info.Kind != brettspiel.MovePlay || len(info.Steps) == 0 {
		return "", false
	}
	bar := waitingPlace(g)
	parts := make([]string, len(info.Steps))
	for i, st := range info.Steps {
		parts[i] = place(l, st.From, bar) + "→" + place(l, st.To, bar)
		if st.Flags&brettspiel.StepHit != 0 {
			parts[i] += "*"
		}
	}
	return strings.Join(parts, " "), true
}

// place names a place of a race board in a play, "5", "hand", "off"; bar
// is the name of the place before the points, "hand" or "bar".
func place(l words.Lang, p int, bar string) string {
	t := textIn(l)
	switch p {
	case brettspiel.Bar:
		if bar == "hand" {
			return t.hand
		}
		return t.bar
	case brettspiel.Off:
		return t.off
	}
	return strconv.Itoa(p)
}

// moveKind returns the kind of move m in g, 0 when g cannot say.
func moveKind(g brettspiel.Game, m brettspiel.Move) brettspiel.MoveKind {
	if d, ok := g.(brettspiel.Describer); ok {
		if info, err := d.Describe(m); err == nil {
			return info.Kind
		}
	}
	return 0
}

// isStepEvent reports whether e is one of the single steps of a play —
// a move, an entry, a bearing off — which the line of the play shows.
func isStepEvent(e brettspiel.Event) bool {
	switch e.Kind {
	case brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff:
		return true
	}
	return false
}

// stepReport says what one step of a game did, played from the position
// before by actor as notation, with its events: a throw once; a play in
// board points with its notation beside and the rules of its steps; a pass,
// a concession or a decision by its event; then the other events, a
// sentence each, indented.
func stepReport(l words.Lang, before brettspiel.Game, actor brettspiel.Player, m brettspiel.Move, notation string, events []brettspiel.Event) []string {
	var lines []string
	rest := events
	switch kind := moveKind(before, m); {
	case actor == brettspiel.Chance:
		// the throw event says who threw what; the notation stands in
		// where there is none
		line, told := textIn(l).throwShows(notation), false
		rest = nil
		for _, e := range events {
			if e.Kind == brettspiel.EventThrow && !told {
				line, told = eventSentence(l, e), true
				continue
			}
			rest = append(rest, e)
		}
		lines = append(lines, line)
	case kind == brettspiel.MovePlay:
		steps, _ := boardSteps(l, before, m)
		var rules []string
		rest = nil
		for _, e := range events {
			if isStepEvent(e) && e.Player == actor {
				if e.Rule != "" {
					rules = append(rules, e.Rule)
				}
				continue
			}
			rest = append(rest, e)
		}
		line := textIn(l).plays(seatName(l, actor), steps, notation)
		if rules = unique(rules); len(rules) > 0 {
			line = withRule(line, strings.Join(rules, ", "))
		}
		lines = append(lines, line)
	case saysItself(actor, events) >= 0:
		// a pass, a concession, a decision: its event says it, first
		i := saysItself(actor, events)
		lines = append(lines, eventSentence(l, events[i]))
		rest = append(append([]brettspiel.Event(nil), events[:i]...), events[i+1:]...)
	default:
		lines = append(lines, textIn(l).chooses(seatName(l, actor), notation))
	}
	due := false // the marks that close a window of the Schule say what was due
	for _, e := range rest {
		switch {
		case e.Kind == toccateglio.EventLetPass || e.Kind == toccateglio.EventRight:
			due = true
		case due && e.Kind == brettspiel.EventMark:
			lines = append(lines, "  "+textIn(l).wasDue+" "+eventSentence(l, e))
			continue
		}
		lines = append(lines, "  "+eventSentence(l, e))
	}
	return lines
}

// saysItself returns the index of the event that says what the actor of a
// move that is no play did — a pass, a concession or a decision of his —
// or -1.
func saysItself(actor brettspiel.Player, events []brettspiel.Event) int {
	for i, e := range events {
		if e.Player != actor {
			continue
		}
		switch e.Kind {
		case brettspiel.EventPass, brettspiel.EventDecide, verkehren.EventConcede:
			return i
		}
	}
	return -1
}
