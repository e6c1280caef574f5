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
		at := slices.IndexFunc(t.commands, func(c [2]string) bool { return c[0] == "help" })
		if at < 0 {
			at = len(t.commands)
		}
		t.commands = slices.Insert(t.commands, at, t.analyzeEntry)
	}
}

// analyze prints the analysis of the game so far (package analysis): each
// seat's error rate, luck and rating, the worst decisions and the luckiest
// and unluckiest throws. arg "2" judges the plays two plies deep.
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
	s.say("%s", t.analysis(len(rep.Steps), in(t.judges, rep.Judge), in(t.judges, rep.Unit)))
	for _, p := range rep.Players {
		who := t.roleBot
		if s.typed(brettspiel.Player(p.Seat)) {
			who = t.roleYou
			if s.bot == nil {
				who = t.rolePerson
			}
		}
		rating := in(t.ratings, p.Rating)
		if rating == "" {
			rating = t.noRating
		}
		s.say("%s", t.playerLine(p.Seat, who, p.Decisions, p.ErrorRate, p.Loss, p.Luck, p.Throws, rating))
	}
	var errs, throws []analysis.Step
	for _, st := range rep.Steps {
		if d := st.Decision; d != nil && d.Loss > 0 {
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
		s.say("%s", t.worstLine(st.Index+1, int(st.Actor), st.Notation, d.Played, d.BestNotation, d.Best, d.Loss))
	}
	if len(throws) > 0 {
		sort.SliceStable(throws, func(i, j int) bool { return throws[i].Throw.Luck > throws[j].Throw.Luck })
		for _, c := range []struct {
			lucky bool
			st    analysis.Step
		}{{true, throws[0]}, {false, throws[len(throws)-1]}} {
			s.say("%s", t.luckLine(c.lucky, c.st.Index+1, c.st.Notation, int(c.st.Throw.Mover), c.st.Throw.Luck))
		}
	}
	return nil
}

// in returns the word of the phrasebook's map for the library's word w,
// or w itself where the map has none (as English has none).
func in(m map[string]string, w string) string {
	if v, ok := m[w]; ok {
		return v
	}
	return w
}
