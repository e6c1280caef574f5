package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
)

// The command analyze joins the list that help prints, before help itself.
func init() {
	at := slices.IndexFunc(commands, func(c [2]string) bool { return c[0] == "help" })
	if at < 0 {
		at = len(commands)
	}
	commands = slices.Insert(commands, at, [2]string{"analyze [2]", "judge the game so far: errors, luck, ratings (2: two plies)"})
}

// analyze prints the analysis of the game so far (package analysis): each
// seat's error rate, luck and rating, the worst decisions and the luckiest
// and unluckiest throws. arg "2" judges the plays two plies deep.
func (s *session) analyze(arg string) error {
	o := analysis.Options{}
	switch strings.TrimSpace(arg) {
	case "", "1":
	case "2":
		o.Plies = 2
	default:
		return fmt.Errorf("analyze takes no argument, or 2 for two plies; not %q", arg)
	}
	rep, err := o.Game(s.h)
	if err != nil {
		return err
	}
	s.say("analysis of %d steps, judged by %s, in %s:", len(rep.Steps), rep.Judge, rep.Unit)
	for _, p := range rep.Players {
		who := "bot"
		if s.typed(brettspiel.Player(p.Seat)) {
			who = "you"
			if s.bot == nil {
				who = "person"
			}
		}
		rating := p.Rating
		if rating == "" {
			rating = "no decision to rate"
		}
		s.say("  seat %d (%s): %d decisions, error rate %.3f (lost %.3f), luck %+.3f in %d throws — %s",
			p.Seat, who, p.Decisions, p.ErrorRate, p.Loss, p.Luck, p.Throws, rating)
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
		s.say("  no decision lost anything")
	} else {
		s.say("  the worst decisions:")
	}
	for _, st := range errs[:min(len(errs), 5)] {
		d := st.Decision
		s.say("  %4d. seat %d played %-14s %+.3f; best %-14s %+.3f (loses %.3f)", st.Index+1, st.Actor, st.Notation, d.Played, d.BestNotation, d.Best, d.Loss)
	}
	if len(throws) > 0 {
		sort.SliceStable(throws, func(i, j int) bool { return throws[i].Throw.Luck > throws[j].Throw.Luck })
		for _, c := range []struct {
			what string
			st   analysis.Step
		}{{"luckiest", throws[0]}, {"unluckiest", throws[len(throws)-1]}} {
			s.say("  the %s throw: %d. %s for seat %d, %+.3f", c.what, c.st.Index+1, c.st.Notation, c.st.Throw.Mover, c.st.Throw.Luck)
		}
	}
	return nil
}
