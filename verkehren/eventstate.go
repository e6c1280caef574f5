package verkehren

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// eventsAgainstState returns what in the decoded events does not agree with
// g, the state they stand in, or "". The events are those of the last Apply:
// a throw moves no stone, and a play's events say every stone it moved and
// hit, so the state before that Apply follows from g and the events. The
// Apply is made again from there, with every throw the events leave open
// (a play names the dice it used, not those it could not), and must give
// exactly these events and this state. The events have passed eventLimits
// and checkEventPlaces.
func (g *Game) eventsAgainstState(evs []brettspiel.Event) string {
	if len(evs) == 0 {
		return ""
	}
	e := evs[0]
	if e.Player != 0 && e.Player != 1 {
		return fmt.Sprintf("events[0]: a %s by %s, who is no seat", e.Kind, e.Player)
	}
	switch e.Kind {
	case brettspiel.EventThrow:
		return g.throwAgainstState(evs)
	case brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff, brettspiel.EventPass, EventConcede:
		return g.playAgainstState(evs)
	}
	return fmt.Sprintf("events[0] is a %s event, but the events of a move begin with its throw or its play", e.Kind)
}

// throwAgainstState checks the events of a throw: the draw for the start
// (V-S1), or the thrower's throw (V-D1) with the Junker it may find (V-J1).
func (g *Game) throwAgainstState(evs []brettspiel.Event) string {
	e := evs[0]
	t := dice.Throw{A: uint8(e.Dice[0]), B: uint8(e.Dice[1])} // checkEventPlaces: a valid throw, higher first
	what := fmt.Sprintf("player %d's throw %d-%d", e.Player, t.A, t.B)
	p := g.clone()
	var befores []*Game
	switch {
	case e.Rule == "V-S1" && e.Player == 0:
		p.phase, p.draw0 = phaseDraw0, 0
		befores = append(befores, p)
	case e.Rule == "V-S1":
		// Player 0's total is gone unless both throw again; each is tried.
		for s := uint8(2); s <= 12; s++ {
			q := p.clone()
			q.phase, q.draw0, q.toMove = phaseDraw1, s, 0
			befores = append(befores, q)
		}
	default:
		if g.phase != phasePlay || g.dice != [2]uint8{t.A, t.B} || g.toMove != e.Player {
			return fmt.Sprintf("events[0] is %s, but in this state %s", what, g.dueText())
		}
		p.phase, p.dice = phaseThrow, [2]uint8{}
		befores = append(befores, p)
	}
	reason := what + " cannot have been made in the state before it"
	for _, q := range befores {
		q.events = q.events[:0]
		if q.Apply(throwMove(t)) != nil {
			continue
		}
		if reason = g.replayed(q, evs, what); reason == "" {
			return ""
		}
	}
	return reason
}

// dueText says whose throw is being played, for a message.
func (g *Game) dueText() string {
	if g.phase != phasePlay {
		return "no throw is being played"
	}
	return fmt.Sprintf("player %d plays %d-%d", g.toMove, g.dice[0], g.dice[1])
}

// playAgainstState checks the events of a play, a pass or a concession: the
// steps and hits are undone, and each throw that the numbers of the steps
// allow is tried with each legal move.
func (g *Game) playAgainstState(evs []brettspiel.Event) string {
	me := evs[0].Player
	p := g.clone()
	p.events = p.events[:0]
	var used [7]bool
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		at := func(format string, args ...any) string {
			return fmt.Sprintf("events[%d]: ", i) + fmt.Sprintf(format, args...)
		}
		switch e.Kind {
		case brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff:
			side := &p.b.Sides[me]
			switch {
			case e.Player != me:
				return at("a step of player %d in player %d's play", e.Player, me)
			case e.TrackFrom < bar || e.TrackTo <= e.TrackFrom || e.TrackTo > off || e.Number < 1 || e.Number > 6:
				return at("a step from %d to %d of player %d's track by %d", e.TrackFrom, e.TrackTo, me, e.Number)
			case side[e.TrackTo] == 0:
				return at("player %d moved a stone to %d, but none is there to move back", me, e.TrackTo)
			}
			side[e.TrackTo]--
			side[e.TrackFrom]++
			used[e.Number] = true
		case brettspiel.EventHit:
			opp := &p.b.Sides[1-me]
			if e.Player != me || e.Other != 1-me || e.TrackTo < 1 || e.TrackTo > 24 || opp[bar] == 0 {
				return at("a hit by player %d of player %s's stone on %d", e.Player, e.Other, e.TrackTo)
			}
			opp[bar]--
			opp[oppPoint[e.TrackTo]]++
		}
	}
	if evs[0].Kind != EventConcede { // a concession ends the game without a turn (V-W2)
		if g.turns == 0 {
			return "the events are of a play, but no turn has been played"
		}
		p.turns--
	}
	p.phase, p.toMove, p.winner, p.ending = phasePlay, me, brettspiel.Nobody, NotEnded
	reason := fmt.Sprintf("the events are those of no play of player %d in the state before them", me)
	for a := uint8(1); a <= 6; a++ {
		for b := uint8(1); b <= a; b++ {
			ok := true
			for d := 1; d <= 6; d++ {
				ok = ok && (!used[d] || d == int(a) || d == int(b))
			}
			if !ok {
				continue
			}
			q := p.clone()
			q.dice = [2]uint8{a, b}
			if r := q.check(); r != "" {
				reason = fmt.Sprintf("the play of player %d cannot have been made with %d-%d: before it, %s", me, a, b, r)
				continue
			}
			moves := q.LegalMoves()
			if evs[0].Kind == EventConcede {
				moves = append(moves, kit.NewMove(me, concedeAgreedPayload))
			}
			for _, m := range moves {
				c := q.clone()
				c.events = c.events[:0]
				if c.Apply(m) != nil {
					continue
				}
				if r := g.replayed(c, evs, fmt.Sprintf("player %d's play %s of %d-%d", me, q.MoveString(m), a, b)); r == "" {
					return ""
				} else if c.ID() == g.ID() {
					reason = r
				}
			}
		}
	}
	return reason
}

// check says what is wrong with g as a state before a play, or "".
func (g *Game) check() string {
	if _, err := g.state().build("check"); err != nil {
		return kit.ReasonOf(err)
	}
	return ""
}

// replayed compares the events and the state that p, the state after the
// Apply made again, holds with evs and g (kit.Replayed); what names the
// Apply.
func (g *Game) replayed(p *Game, evs []brettspiel.Event, what string) string {
	return kit.Replayed(evs, p.events, what, p.ID() == g.ID())
}
