package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// The tutor (-tutor, or the command tutor) watches the person's plays as
// gnubg's tutor mode does: after a play that loses more than the chosen
// amount by the judgement of package analysis (the learned net in
// Toccateglio and Verkehren, the exact values of the Festungsspiel's
// choices), it says what the play cost, in the game's unit, and why —
// what differs from the better play (analysis.Why: a hit missed, a blot
// left in reach, a point, a Jan or the Hucke given up…) — shows the
// board after the better play and offers to take the play back. It judges
// plays and choices only, never the Schule's marking (T-W5): what a player
// forgot to mark is his own to find, and the other's to claim.

// parseTutor reads a tutor setting: off, mild, strict or an amount in the
// game's unit (0.1). It returns the threshold, −1 for off.
func parseTutor(arg, game string) (float64, bool) {
	switch a := strings.ToLower(strings.TrimSpace(arg)); a {
	case "off", "aus", "":
		return -1, true
	case "mild", "strict", "streng":
		if a == "streng" {
			a = "strict"
		}
		// the amounts are the game's (analysis.Scale): strict speaks of
		// small slips, mild of clear mistakes only
		sc, _ := analysis.ScaleOf(game)
		if a == "mild" {
			return sc.Mild, true
		}
		return sc.Strict, true
	default:
		x, err := strconv.ParseFloat(strings.ReplaceAll(a, ",", "."), 64)
		return x, err == nil && x >= 0 && x < 100
	}
}

// setTutor is the command tutor: with no argument it says the setting.
func (s *session) setTutor(arg string) error {
	t := s.t()
	if strings.TrimSpace(arg) != "" {
		x, ok := parseTutor(arg, s.variant.Name)
		if !ok {
			return fmt.Errorf("%s", t.tutorArg(arg))
		}
		s.tutorAt = x
	}
	s.say("%s", t.tutorIs(s.tutorAt, unit(s.c.lang, s.variant.Name)))
	return nil
}

// tutor judges the step just applied, the last of the history, played by
// the person from before. Over the threshold it says what the play cost
// and why, draws the board after the better play and offers to take the
// play back; yes restores the position before it.
func (s *session) tutor(before brettspiel.Game) error {
	if s.tutorAt < 0 || atSchule(before) || s.h.Len() == 0 {
		return nil
	}
	i := s.h.Len() - 1
	e, _ := s.h.Entry(i)
	if !s.typed(e.Actor) || e.Actor < 0 {
		return nil
	}
	rep, err := analysis.Options{Lang: s.c.lang}.Steps(context.Background(), before, i, []brettspiel.HistoryEntry{e})
	if err != nil || len(rep.Steps) != 1 || rep.Steps[0].Decision == nil {
		return nil // a game the analysis cannot judge has no tutor
	}
	d := rep.Steps[0].Decision
	if !d.Counted || d.Loss <= s.tutorAt || d.Loss < 1e-9 {
		return nil
	}
	t, u := s.t(), unit(s.c.lang, s.variant.Name)
	best, err := before.ParseMove(d.BestNotation)
	if err != nil {
		return nil
	}
	played, better := s.inBoardPoints(before, e.Notation), s.inBoardPoints(before, d.BestNotation)
	typed := d.BestNotation
	if typed == better {
		typed = "" // a field or a word, typed as it is written
	}
	s.say("%s", t.tutorSays(seatName(s.c.lang, e.Actor), played, d.Loss, u, better, typed))
	if d.Why != "" {
		s.say("%s", d.Why) // what differs, in the board's points (analysis.Why)
	}
	if after, ok := after(before, best); ok {
		s.say("%s\n%s", t.tutorBoard, drawBoard(s.c.lang, after))
	}
	back, err := s.yes(t.tutorTakeBack)
	if err != nil || !back {
		return err
	}
	if !s.h.Undo() {
		return nil
	}
	s.g = s.h.Game()
	s.changes++
	s.recent, s.errRules = nil, nil
	s.say("%s", t.tutorTaken(played))
	return nil
}

// tutorForgot speaks, under the Schule, once a person's declaration was
// let pass (T-W5c) — its window closed, nobody can claim it any more —
// and it was less than what was due: "you forgot 2 points". Before the
// window closes the tutor says nothing of points: finding them is the
// other player's work.
func (s *session) tutorForgot(events []brettspiel.Event) {
	if s.tutorAt < 0 {
		return
	}
	for i, e := range events {
		if e.Kind != toccateglio.EventLetPass || !s.typed(e.Other) {
			continue
		}
		due := 0
		for _, m := range events[i+1:] {
			if m.Kind == brettspiel.EventMark && m.Player == e.Other {
				due += m.Amount
			}
		}
		if declared, ok := s.declared(e.Other); ok && due-declared > 0 {
			forgot := due - declared
			s.say("%s", s.t().tutorForgot(seatName(s.c.lang, e.Other), forgot))
		}
	}
}

// declared returns the points seat p declared in his last move of the
// Schule; ok is false when that move was a claim (EventSchule), whose
// passing leaves nothing forgotten.
func (s *session) declared(p brettspiel.Player) (points int, ok bool) {
	for i := s.h.Len() - 1; i >= 0; i-- {
		e, _ := s.h.Entry(i)
		for _, ev := range e.Events {
			switch {
			case ev.Player != p:
			case ev.Kind == toccateglio.EventDeclare:
				return ev.Amount, true
			case ev.Kind == toccateglio.EventSchule:
				return 0, false
			}
		}
	}
	return 0, false
}

// after returns the position after m at g, false when m cannot be played.
func after(g brettspiel.Game, m brettspiel.Move) (brettspiel.Game, bool) {
	c := g.Clone()
	return c, c.Apply(m) == nil
}

// setThrow is the command throw: auto throws the person's dice for him,
// press waits for Enter; the setting holds for the rest of the session.
func (s *session) setThrow(arg string) error {
	t := s.t()
	switch a := strings.ToLower(strings.TrimSpace(arg)); a {
	case "":
	case "auto", "press":
		s.c.throw = a
	case "taste":
		s.c.throw = "press"
	default:
		return fmt.Errorf("%s", t.throwArg(arg))
	}
	s.say("%s", t.throwIs(s.throwSetting() == "auto"))
	return nil
}

// throwSetting is the session's -throw: auto unless the person chose
// press.
func (s *session) throwSetting() string {
	if s.c.throw == "" {
		return "auto"
	}
	return s.c.throw
}
