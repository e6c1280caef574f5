package toccateglio

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// eventsAgainstState returns what in the decoded events does not agree with
// g, the state they stand in, or "". The events are those of the last Apply,
// so they are checked by playing that Apply again: the state before it is
// made from g and the events (a throw moves no stone; a play's steps are
// undone and its marks taken back; a decision leaves the stones as they
// were, or in the setup), and the move played there must give exactly these
// events and this state. Only a Marsch that does not end the Partie sends
// both sides back to the setup and so loses the position it was played
// from; those events are checked for what the setup and the marks show.
// The events have passed eventLimits and checkEvents.
func (g *Game) eventsAgainstState(evs []brettspiel.Event) string {
	if len(evs) == 0 {
		return ""
	}
	switch evs[0].Kind {
	case brettspiel.EventThrow:
		return g.throwAgainstState(evs)
	case brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff, brettspiel.EventPass:
		return g.playAgainstState(evs)
	case brettspiel.EventDecide:
		return g.decisionAgainstState(evs)
	case EventDeclare, EventSchule, EventRight, EventLetPass:
		return g.schuleAgainstState(evs)
	case EventGiveUp:
		return g.giveUpAgainstState(evs)
	}
	return fmt.Sprintf("events[0] is a %s event, but the events of a move begin with its throw, its play or the winner's decision", evs[0].Kind)
}

// replayed compares the events and the state that the predecessor p gives
// with evs and g; what names the move.
func (g *Game) replayed(p *Game, evs []brettspiel.Event, what string) string {
	if reason := kit.SameEvents(evs, p.events, what); reason != "" {
		return reason
	}
	if p.ID() != g.ID() {
		return fmt.Sprintf("%s gives these events, but it leads to another state (%s)", what, p)
	}
	return ""
}

// throwAgainstState checks the events of a throw: the draw for the start by
// seat 0 or 1 (T-S3), or the thrower's throw with his hit marks (T-M1…T-M3)
// and the end of the Partie they may bring (T-W1, T-W2). A throw moves no
// stone, so the state before it is g with the throw still due and what the
// events added taken back.
func (g *Game) throwAgainstState(evs []brettspiel.Event) string {
	e := evs[0]
	hi, lo := uint8(e.Dice[0]), uint8(e.Dice[1]) // checkEvents: a valid throw
	p := *g
	p.events, p.sch = nil, schule{}
	switch {
	case e.Rule == "T-S3" && e.Player == 0:
		p.phase, p.draw0 = phaseDraw0, [2]uint8{}
	case e.Rule == "T-S3" && e.Player == 1:
		p.phase, p.turn, p.dice = phaseDraw1, 0, [2]uint8{}
	case e.Rule == "" && (e.Player == 0 || e.Player == 1):
		me := e.Player
		if g.dice != [2]uint8{hi, lo} {
			return fmt.Sprintf("events[0] is the throw %d-%d, but the dice of this state are %s", hi, lo, throwText(g.dice))
		}
		if g.turn != me || g.phase < phaseMove || g.phase == phaseZero {
			return fmt.Sprintf("events[0] is a throw by player %d, but in this state player %d is in phase %s", me, g.turn, phaseNames[g.phase])
		}
		marks := int(g.marks[me])
		for i, x := range evs[1:] {
			switch {
			case x.Kind == brettspiel.EventMark:
				if x.Amount <= 0 {
					return fmt.Sprintf("events[%d]: a mark of %d", i+1, x.Amount)
				}
				if x.Player != me {
					return fmt.Sprintf("events[%d]: a throw marks for its thrower alone (T-M1…T-M3), not for player %d", i+1, x.Player)
				}
				marks -= x.Amount
			case x.Kind == brettspiel.EventEnd && x.Rule == "T-W2" && (x.Player == 0 || x.Player == 1):
				p.strokes[x.Player] -= int32(x.Amount)
				p.partien--
			}
		}
		if p.partien < 0 {
			return "the events end a Partie, but none is finished"
		}
		if marks < 0 {
			return fmt.Sprintf("the events give player %d %d marks for the throw %d-%d (T-M1…T-M3), but he has %d", me, int(g.marks[me])-marks, hi, lo, g.marks[me])
		}
		p.phase, p.turn, p.dice, p.marks[me] = phaseThrow, me, [2]uint8{}, int8(marks)
	default:
		return fmt.Sprintf("events[0] is a throw by %s under the rule %s: the draw for the start is seat 0's and seat 1's (T-S3), any other throw the thrower's, with no rule", e.Player, quote.Quote(e.Rule))
	}
	what := fmt.Sprintf("the throw %d-%d by player %d", hi, lo, e.Player)
	if reason := p.check(); reason != "" {
		return fmt.Sprintf("%s cannot have been made here: before it, %s", what, reason)
	}
	p.applyThrow(hi, lo)
	return g.replayed(&p, evs, what)
}

// isStep reports whether k is the kind of one step of a play.
func isStep(k brettspiel.EventKind) bool {
	return k == brettspiel.EventMove || k == brettspiel.EventEnter || k == brettspiel.EventBearOff
}

// playAgainstState checks the events of a play (or pass): its steps are
// undone, the marks it gave (T-D7, T-J1…T-J3, T-B3) and the Partie it may
// have ended (T-W2) taken back, and the play is made again with the throw
// its steps and unplayable numbers name.
func (g *Game) playAgainstState(evs []brettspiel.Event) string {
	me := evs[0].Player
	if me != 0 && me != 1 {
		return fmt.Sprintf("events[0]: a %s by %s, but only a seat plays", evs[0].Kind, me)
	}
	st, n, dice, i, reason := stepsOfPlay(evs, me)
	if reason != "" {
		return reason
	}
	p := *g
	p.events, p.sch = nil, schule{}
	setup, ended := false, false
	for j, e := range evs[i:] {
		switch {
		case e.Kind == brettspiel.EventMark && e.Amount <= 0:
			return fmt.Sprintf("events[%d]: a mark of %d", i+j, e.Amount)
		case e.Kind == brettspiel.EventMark && (e.Player == 0 || e.Player == 1):
			if int(p.marks[e.Player]) < e.Amount {
				return fmt.Sprintf("the events of the play give player %d %d marks or more, but he has %d", e.Player, e.Amount, g.marks[e.Player])
			}
			p.marks[e.Player] -= int8(e.Amount)
			if e.Rule == "T-D7" {
				dice = append(dice, e.Number)
			}
		case e.Kind == brettspiel.EventEnd && e.Rule == "T-W2" && (e.Player == 0 || e.Player == 1):
			p.strokes[e.Player] -= int32(e.Amount)
			p.partien--
			ended = true
		case e.Kind == EventSetup:
			setup = true
		case isStep(e.Kind) || e.Kind == brettspiel.EventPass:
			return fmt.Sprintf("events[%d]: a %s after the play's other events", i+j, e.Kind)
		}
	}
	if p.partien < 0 {
		return "the events end a Partie, but none is finished"
	}
	if setup && !ended {
		return g.marschAgainstState(evs, me, st[:max(n, 0)])
	}
	if g.opts.Schule && g.phase == phaseMark && validThrow(g.dice) {
		// Under the Schule a play marks nothing itself: the window of step
		// 4 that follows it holds the throw, which a pass names nowhere in
		// the events.
		dice = []int{int(g.dice[0]), int(g.dice[1])}
	}
	// Undo the steps, the last first.
	for k := n - 1; k >= 0; k-- {
		from, to := st[k].from(), st[k].to()
		if p.sides[me][to] == 0 {
			return fmt.Sprintf("events[%d]: player %d moved a stone to his point %d, but none is there to move back", k, me, to)
		}
		p.sides[me][to]--
		p.sides[me][from]++
	}
	if g.turns == 0 {
		return "the events are of a play, but no turn has been played"
	}
	p.turns--
	p.capped = false
	p.phase, p.turn = phaseMove, me
	payload := uint64(0)
	if n > 0 {
		payload = mkPlay(st[0], st[1])
	}
	return g.replayPlay(&p, evs, kit.NewMove(me, payload), dice)
}

// stepsOfPlay reads the steps of player me's play from the events: the
// pass (n = −1) or up to two steps, the numbers they name, and the index of
// the first event after them; or the reason they are no play.
func stepsOfPlay(evs []brettspiel.Event, me brettspiel.Player) (st [2]step, n int, dice []int, i int, reason string) {
	if evs[0].Kind == brettspiel.EventPass {
		n, i = -1, 1
	}
	for ; i < len(evs) && isStep(evs[i].Kind); i++ {
		e := evs[i]
		switch {
		case n < 0 || n == 2:
			return st, n, dice, i, fmt.Sprintf("events[%d]: a step after %d; a play is a pass or at most two steps (T-D1, T-D2)", i, max(n, 0))
		case e.Player != me:
			return st, n, dice, i, fmt.Sprintf("events[%d]: a step of player %d in player %d's play", i, e.Player, me)
		case e.TrackFrom < hand || e.TrackTo <= e.TrackFrom || e.TrackTo > off:
			return st, n, dice, i, fmt.Sprintf("events[%d]: a step from %d to %d of player %d's track", i, e.TrackFrom, e.TrackTo, me)
		}
		st[n] = mkStep(e.TrackFrom, e.TrackTo)
		dice = append(dice, e.Number)
		n++
	}
	return st, n, dice, i, ""
}

// replayPlay makes the play move again from p, the state before it, with
// each throw that the numbers dice of its events can name, and returns ""
// when one gives exactly the events evs and the state g, else why not.
func (g *Game) replayPlay(p *Game, evs []brettspiel.Event, move brettspiel.Move, dice []int) string {
	payload := move.Payload()
	what := fmt.Sprintf("the play %s by player %d", g.MoveString(move), move.Actor())
	var throws [][2]int // the throws the events can name: a number may be missing
	switch len(dice) {
	case 2:
		throws = append(throws, [2]int{dice[0], dice[1]})
	case 1: // one step, and no unplayable number: the last stone went off (T-D7)
		for d := 1; d <= 6; d++ {
			throws = append(throws, [2]int{dice[0], d})
		}
	default:
		return fmt.Sprintf("the events name the numbers %v of the throw, but a throw has two", dice)
	}
	reason := ""
	for _, t := range throws {
		if t[0] < 1 || t[0] > 6 || t[1] < 1 || t[1] > 6 {
			return fmt.Sprintf("the events name the numbers %v, not a throw of two dice", dice)
		}
		q := *p
		q.dice = [2]uint8{uint8(max(t[0], t[1])), uint8(min(t[0], t[1]))}
		if r := q.check(); r != "" {
			reason = fmt.Sprintf("%s cannot have been made here: before it, %s", what, r)
			continue
		}
		var mv mover
		if !q.isLegal(move, &mv) {
			reason = fmt.Sprintf("%s is no legal play of %s before it", what, throwText(q.dice))
			continue
		}
		q.applyPlay(payload, nil, &mv)
		q.countTurn()
		if r := g.replayed(&q, evs, what+" of "+throwText(q.dice)); r != "" {
			reason = r
			continue
		}
		return ""
	}
	return reason
}

// marschAgainstState checks the events of a play that won the Marsch
// without ending the Partie (T-B3, T-B4): both sides went back to the
// setup, so the position before it is lost. The mover bore off his last
// stone, and throws next from the setup; the marks of the play are his.
func (g *Game) marschAgainstState(evs []brettspiel.Event, me brettspiel.Player, st []step) string {
	var setup Game
	setup.opts = g.opts
	setup.setup()
	switch {
	case len(st) == 0 || st[len(st)-1].to() != off:
		return "the events set the stones up for a new Marsch (T-B4), but the play bore off no stone"
	case g.sides != setup.sides:
		return "the events set the stones up for a new Marsch (T-B4), but they are not in the setup"
	case g.phase != phaseThrow || g.turn != me:
		return fmt.Sprintf("the events set the stones up for a new Marsch (T-B4), whose winner, player %d, throws next; but the state is in phase %s with player %d", me, phaseNames[g.phase], g.turn)
	case g.turns == 0:
		return "the events are of a play, but no turn has been played"
	}
	return ""
}

// decisionAgainstState checks the events of the winner's decision (T-W3):
// the state before it is g at the decision, with the winner's marks as the
// Rest gives them; going on or starting afresh from there must give these
// events and this state.
func (g *Game) decisionAgainstState(evs []brettspiel.Event) string {
	e := evs[0]
	w := e.Player
	if w != 0 && w != 1 {
		return fmt.Sprintf("events[0]: a decision by %s, but only the winner of the Partie decides (T-W3)", w)
	}
	if g.partien == 0 {
		return "events[0] is the decision after a Partie, but no Partie is finished"
	}
	p := *g
	p.events, p.sch = nil, schule{}
	p.phase, p.turn = phaseDecide, w
	p.marks = [2]int8{}
	p.marks[w] = int8(12 + min(max(e.Amount, 0), 11))
	goOn := e.Note != "afresh"
	what := fmt.Sprintf("player %d's decision %s", w, quote.Quote(e.Note))
	p.applyDecision(goOn)
	return g.replayed(&p, evs, what)
}

// throwText is a throw as "4-1", or "none".
func throwText(d [2]uint8) string {
	if d[0] == 0 {
		return "none"
	}
	return fmt.Sprintf("%d-%d", d[0], d[1])
}

// schuleAgainstState checks the events of a move of the Schule (T-W5): a
// declaration, a claim, a correction or a pass, by a seat, in a game with
// the Schule, with amounts the move can have; then what the window's close
// reports. The window before the move is not kept in the state, so these
// events are not played again: they are checked for what they can be.
func (g *Game) schuleAgainstState(evs []brettspiel.Event) string {
	e := evs[0]
	switch {
	case !g.opts.Schule:
		return fmt.Sprintf("events[0] is a %s event of the Schule, but the Schule is off", e.Kind)
	case (e.Player != 0 && e.Player != 1) || e.Other != 1-e.Player:
		return fmt.Sprintf("events[0]: a %s event by %s against %s, want the two seats", e.Kind, e.Player, e.Other)
	case e.Kind == EventDeclare && (e.Amount < 0 || e.Amount > 12 || (e.Number != 2 && e.Number != 4 && e.Number != 5 && e.Number != 6) || e.Note != stepNotes[e.Number]):
		return fmt.Sprintf("events[0]: a declaration of %d for step %d (%s), want 0…12 for step 2, 4, 5 or 6 with its note", e.Amount, e.Number, quote.Quote(e.Note))
	case e.Kind == EventSchule && (e.Amount < 1 || e.Amount > 12 || e.Number < 0 || e.Number > e.Amount):
		return fmt.Sprintf("events[0]: a claim of %d taking back %d, want 1…12 and at most the claim", e.Amount, e.Number)
	case e.Kind == EventRight && (e.Amount < 0 || e.Amount > maxMarksAtOnce || (e.Note != "forgot" && e.Note != "too many" && e.Note != "was right") || (e.Note == "was right") != (e.Amount == 0)):
		return fmt.Sprintf("events[0]: a correction of %d (%s)", e.Amount, quote.Quote(e.Note))
	}
	closes := e.Kind == EventLetPass || e.Kind == EventRight
	for i, x := range evs[1:] {
		switch {
		case !closes:
			return fmt.Sprintf("events[%d]: a %s event after a %s, which closes no window", i+1, x.Kind, e.Kind)
		case x.Kind == EventDeclare || x.Kind == EventSchule || x.Kind == EventRight || x.Kind == EventLetPass || x.Kind == brettspiel.EventThrow || isStep(x.Kind) || x.Kind == brettspiel.EventDecide || x.Kind == brettspiel.EventPass:
			return fmt.Sprintf("events[%d]: a %s event in the close of a window of the Schule", i+1, x.Kind)
		}
	}
	if g.phase == phaseMark && !closes {
		return fmt.Sprintf("events[0]: a %s event, but the state waits for a declaration", e.Kind)
	}
	return ""
}

// giveUpAgainstState checks the events of a Partie given up (T-W6): the
// winner's marks raised to 12 and the end of the Partie (T-W2) are taken
// back, the turn it counted too, and the giver gives up again at his play
// of the same throw.
func (g *Game) giveUpAgainstState(evs []brettspiel.Event) string {
	me := evs[0].Player
	if me != 0 && me != 1 {
		return fmt.Sprintf("events[0]: a give-up by %s, but only a seat gives up", me)
	}
	p := *g
	p.events, p.sch = nil, schule{}
	for i, e := range evs[1:] {
		switch {
		case e.Kind == brettspiel.EventMark && (e.Amount <= 0 || e.Player != 1-me):
			return fmt.Sprintf("events[%d]: a mark of %d for %s after player %d gave up; only the winner's marks rise to 12 (T-W6)", i+1, e.Amount, e.Player, me)
		case e.Kind == brettspiel.EventMark:
			if int(p.marks[e.Player]) < e.Amount {
				return fmt.Sprintf("the events give player %d %d marks, but he has %d", e.Player, e.Amount, g.marks[e.Player])
			}
			p.marks[e.Player] -= int8(e.Amount)
		case e.Kind == brettspiel.EventEnd && e.Rule == "T-W2" && (e.Player == 0 || e.Player == 1):
			p.strokes[e.Player] -= int32(e.Amount)
			p.partien--
		}
	}
	if p.partien < 0 || g.turns == 0 {
		return "the events give a Partie up, but none is finished"
	}
	p.turns--
	p.capped = false
	p.phase, p.turn = phaseMove, me
	what := fmt.Sprintf("player %d's giving up", me)
	if reason := p.check(); reason != "" {
		return fmt.Sprintf("%s cannot have been made here: before it, %s", what, reason)
	}
	if err := p.Apply(kit.NewMove(me, giveUpPayload)); err != nil {
		return fmt.Sprintf("%s cannot have been made here: %v", what, err)
	}
	return g.replayed(&p, evs, what)
}
