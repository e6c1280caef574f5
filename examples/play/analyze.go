package main

import (
	"errors"
	"slices"
	"sort"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
)

// The command analyze joins the lists that help prints, before help itself.
func init() {
	for _, t := range []*text{&english, &german} {
		at := slices.IndexFunc(t.commands, func(c [2]string) bool { return c[0] == "help" || c[0] == "hilfe" })
		if at < 0 {
			at = len(t.commands)
		}
		t.commands = slices.Insert(t.commands, at, t.analyzeEntry)
	}
}

// analyze prints the review of the game so far (package analysis): each
// player's loss, error rate, luck and rating, the worst decisions with the
// better play, both in board points, and the luckiest and unluckiest
// throws. arg "2" looks two plies deep.
func (s *session) analyze(arg string) error {
	o, t := analysis.Options{}, s.t()
	switch strings.TrimSpace(arg) {
	case "", "1":
	case "2":
		o.Plies = 2
	default:
		return errors.New(t.analyzeArg(arg))
	}
	rep, err := o.Game(s.h)
	if err != nil {
		return err
	}
	u := unit(s.c.lang, s.variant.Name)
	s.say("%s", t.analysis(len(rep.Steps), rep.Judge, u))
	for _, p := range rep.Players {
		who := t.roleBot
		if s.typed(brettspiel.Player(p.Seat)) {
			who = t.roleYou
			if s.bot == nil {
				who = t.rolePerson
			}
		}
		rating := in(t.ratings, p.Rating)
		if rating == "" && p.Decisions == 0 {
			rating = t.noRating
		}
		s.say("%s", t.playerLine(seatName(s.c.lang, brettspiel.Player(p.Seat)), who, p.Decisions, p.ErrorRate, p.Loss, p.Luck, p.Throws, rating, u))
	}
	var errs, throws []analysis.Step
	for _, st := range rep.Steps {
		if d := st.Decision; d != nil && d.Loss > 1e-9 {
			errs = append(errs, st)
		}
		if t := st.Throw; t != nil && t.Mover >= 0 {
			throws = append(throws, st)
		}
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Decision.Loss > errs[j].Decision.Loss })
	if len(errs) == 0 {
		s.say("%s", t.noLoss)
	} else {
		s.say("%s", t.worstTitle)
	}
	for _, st := range errs[:min(len(errs), 5)] {
		d := st.Decision
		played, best := st.Notation, d.BestNotation
		if before, ok := s.h.Before(st.Index); ok {
			played, best = s.inBoardPoints(before, st.Notation), s.inBoardPoints(before, d.BestNotation)
		}
		s.say("%s", t.worstLine(st.Index+1, seatName(s.c.lang, brettspiel.Player(st.Actor)), played, d.Played, best, d.Best, d.Loss, u))
	}
	if len(throws) > 0 {
		sort.SliceStable(throws, func(i, j int) bool { return throws[i].Throw.Luck > throws[j].Throw.Luck })
		for _, c := range []struct {
			lucky bool
			st    analysis.Step
		}{{true, throws[0]}, {false, throws[len(throws)-1]}} {
			s.say("%s", t.luckLine(c.lucky, c.st.Index+1, c.st.Notation, seatName(s.c.lang, brettspiel.Player(c.st.Throw.Mover)), c.st.Throw.Luck, u))
		}
	}
	return nil
}

// inBoardPoints writes a move given in notation at g in the board's
// points, "24→20 20→15", where it is a play of stones; the notation
// itself otherwise.
func (s *session) inBoardPoints(g brettspiel.Game, notation string) string {
	m, err := g.ParseMove(notation)
	if err != nil {
		return notation
	}
	if steps, ok := boardSteps(s.c.lang, g, m); ok {
		return steps
	}
	return notation
}

// in returns the word of the phrasebook's map for the library's word w,
// or w itself where the map has none (as English has none).
func in(m map[string]string, w string) string {
	if v, ok := m[w]; ok {
		return v
	}
	return w
}
