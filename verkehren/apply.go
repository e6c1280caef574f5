package verkehren

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// Apply plays m. On error the state is unchanged. A player's play is judged
// without listing the plays (see checkPlay): the same moves are accepted as
// AppendLegalMoves lists, and a refused one gets the reason. A zero Game
// refuses every move with an error wrapping brettspiel.ErrZeroGame.
func (g *Game) Apply(m brettspiel.Move) error {
	tm := g.ToMove()
	if tm == brettspiel.Chance {
		// the legal throws are exactly the canonical ones: no list needed
		if t, ok := throwOf(m); ok {
			g.events = g.events[:0]
			g.applyThrow(t)
			return nil
		}
	}
	if tm == brettspiel.Chance || tm == brettspiel.Terminal || m.Actor() != tm {
		if tm == brettspiel.Terminal && g.zero() {
			return errZero(kit.OpApply)
		}
		var buf [32]brettspiel.Move
		legal := g.AppendLegalMoves(buf[:0])
		if err := kit.CheckMove(tm, m, legal, nil); err != nil {
			// again with the notation for the message (the method value costs an
			// allocation, so only on this path)
			return kit.CheckMove(tm, m, legal, g.MoveString)
		}
		g.events = g.events[:0]
		t, _ := throwOf(m)
		g.applyThrow(t)
		return nil
	}
	if err := g.checkMove(m); err != nil {
		return err
	}
	g.events = g.events[:0]
	g.applyPlay(m.Payload())
	return nil
}

// checkMove judges a move of the player to move: nil when it is legal,
// else the refusal that says why.
func (g *Game) checkMove(m brettspiel.Move) *brettspiel.Error {
	p := g.toMove
	me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
	if m.Payload() == concedeAgreedPayload {
		if !ownSideBand(me) {
			e := kit.Refuse(RefuseNoConcede, "no own Band stands on points 13–24: concede, no agreement needed", "V-W2")
			return g.tried(e, kit.OpApply, concedeAgreedPayload, -1)
		}
		return nil // the other player has consented (V-W2)
	}
	if m.Payload() == concedePayload {
		if ownSideBand(me) {
			e := kit.Refuse(RefuseNoConcede, "a single game may be given up only while no own Band stands on points 13–24", "V-W2")
			return g.tried(e, kit.OpApply, concedePayload, -1)
		}
		return nil
	}
	at, e := g.opts.checkPlay(me, opp, int(g.dice[0]), int(g.dice[1]), m.Payload())
	if e != nil {
		return g.tried(e, kit.OpApply, m.Payload(), at)
	}
	return nil
}

func ev(kind brettspiel.EventKind, rule string, p brettspiel.Player) brettspiel.Event {
	return brettspiel.Event{Kind: kind, Rule: rule, Player: p, Other: brettspiel.Nobody,
		From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace}
}

// absPoint[p][t] is player p's track position t as an absolute point, the
// numbering in which the board is drawn (player 0's track): off the board
// (0) and borne off (25) are the same in both.
var absPoint = func() (a [2][26]int8) {
	for t := range 26 {
		a[0][t], a[1][t] = int8(t), int8(t)
		if t >= 1 && t <= 24 {
			a[1][t] = int8(board.SameDirection.ToAbsolute(1, t))
		}
	}
	return a
}()

// placeNames names the places of an event that are no point: off the board
// ("bar", where a hit stone waits to enter) and borne off ("off").
var placeNames = func() (n [26]string) {
	n[bar], n[off] = "bar", "off"
	return n
}()

// diceOf[a][b] is the Dice of the event of the throw a-b: one read-only
// slice a throw, so that an Apply allocates none ([Game.Events] hands out
// copies).
var diceOf = func() (d [7][7][]int) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			d[a][b] = []int{a, b}[:2:2]
		}
	}
	return d
}()

// moveEvent is an event of p's stone moving from track position from to
// to: From and To absolute, TrackFrom and TrackTo in p's track.
func moveEvent(kind brettspiel.EventKind, rule string, p brettspiel.Player, from, to int) brettspiel.Event {
	return brettspiel.Event{Kind: kind, Rule: rule, Player: p, Other: brettspiel.Nobody, Amount: 1,
		From: int(absPoint[p][from]), To: int(absPoint[p][to]), TrackFrom: from, TrackTo: to,
		FromName: placeNames[from], ToName: placeNames[to]}
}

func (g *Game) applyThrow(t dice.Throw) {
	switch g.phase {
	case phaseDraw0, phaseDraw1:
		p := brettspiel.Player(g.phase - phaseDraw0)
		e := ev(brettspiel.EventThrow, "V-S1", p)
		e.Number, e.Dice, e.Note = t.Sum(), diceOf[t.A][t.B], "draw for the start"
		g.events = append(g.events, e)
		if g.phase == phaseDraw0 {
			g.draw0, g.phase = uint8(t.Sum()), phaseDraw1
			return
		}
		switch s := uint8(t.Sum()); {
		case s == g.draw0:
			g.phase = phaseDraw0
			e := ev(brettspiel.EventDecide, "V-S1", brettspiel.Nobody)
			e.Note = "equal totals: both throw again"
			g.events = append(g.events, e)
		default:
			g.toMove = 0
			if s > g.draw0 {
				g.toMove = 1
			}
			g.phase = phaseThrow
			e := ev(brettspiel.EventDecide, "V-S1", g.toMove)
			e.Note = "the higher total begins and throws anew"
			g.events = append(g.events, e)
		}
		g.draw0 = 0
		return
	}
	g.dice = [2]uint8{t.A, t.B}
	g.phase = phasePlay
	e := ev(brettspiel.EventThrow, "", g.toMove)
	e.Number, e.Dice = t.Sum(), diceOf[t.A][t.B]
	if t.IsDoublet() {
		e.Rule = "V-D1"
	}
	g.events = append(g.events, e)
	me, opp := &g.b.Sides[g.toMove], &g.b.Sides[1-g.toMove]
	if g.opts.junker(me, opp) {
		e := ev(EventJunker, "V-J1", g.toMove)
		e.Amount, e.Number = int(me[bar]), g.opts.openEntries(me, opp)
		e.Note = "more stones off the board than open entry points"
		g.events = append(g.events, e)
	}
}

func (g *Game) applyPlay(pay uint64) {
	p := g.toMove
	me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
	switch pay {
	case concedePayload, concedeAgreedPayload:
		e := ev(EventConcede, "V-W2", p)
		if pay == concedeAgreedPayload {
			e.Note = "by agreement"
		}
		g.events = append(g.events, e)
		g.finish(1-p, Conceded)
		return
	case 0:
		e := ev(brettspiel.EventPass, "V-D2", p)
		if g.opts.junker(me, opp) {
			e.Rule, e.Note = "V-J1", "junker"
		}
		g.events = append(g.events, e)
	}
	for i := 0; i < maxSteps; i++ {
		from, to, die, ok := stepAt(pay, i)
		if !ok {
			break
		}
		hit := to <= 24 && opp[oppPoint[to]] == 1
		me[from]--
		me[to]++
		var e brettspiel.Event
		switch {
		case from == bar:
			e = moveEvent(brettspiel.EventEnter, "V-E1", p, from, to)
		case to == off:
			e = moveEvent(brettspiel.EventBearOff, "V-F1", p, from, to)
		default:
			e = moveEvent(brettspiel.EventMove, "", p, from, to)
		}
		e.Number = die
		g.events = append(g.events, e)
		if hit {
			opp[oppPoint[to]]--
			opp[bar]++
			// the hitter's event: the point in his track; the hit stone goes
			// to Other's bar
			h := ev(brettspiel.EventHit, "V-H1", p)
			if from == bar {
				h.Rule = "V-E3"
			}
			h.Other, h.Amount, h.To, h.TrackTo, h.Number = 1-p, 1, int(absPoint[p][to]), to, die
			g.events = append(g.events, h)
		}
	}
	g.endTurn()
}

// endTurn judges the end of the game after a whole turn (V-W1, V-W3, V-W4)
// and passes the turn on.
func (g *Game) endTurn() {
	p := g.toMove
	me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
	g.turns++
	g.dice = [2]uint8{} // no throw is being played until the next one
	switch {
	case me[off] == 15:
		end := SingleGame
		if d := g.opts.doubleLoss(opp, me); d != NotEnded {
			end = d
		}
		g.finish(p, end)
	case g.opts.doubleLoss(opp, me) != NotEnded:
		g.finish(p, g.opts.doubleLoss(opp, me))
	case me[24] == 15:
		g.finish(p, DoublePoint24)
	case opp[24] == 15:
		g.finish(1-p, DoublePoint24)
	case g.opts.doubleLoss(me, opp) != NotEnded:
		g.finish(1-p, g.opts.doubleLoss(me, opp))
	case g.opts.junker(me, opp) && g.opts.junker(opp, me):
		// neither can ever move again: a Junker enters nowhere and moves
		// nothing else, so the position would only repeat
		g.finish(brettspiel.Nobody, DrawnBothJunker)
	case g.turns >= g.opts.turnCap():
		g.finish(brettspiel.Nobody, TurnCapped)
	default:
		g.toMove = 1 - p
		g.phase = phaseThrow
	}
}

// finish ends the game with its winner (Nobody for a draw and the turn cap)
// and reports it in an EventEnd.
func (g *Game) finish(winner brettspiel.Player, end Ending) {
	// a game over keeps no dice and no seat to move, so that its ID and JSON
	// say only what decides the result
	g.phase, g.winner, g.ending = phaseOver, winner, end
	g.dice, g.toMove = [2]uint8{}, 0
	e := ev(brettspiel.EventEnd, end.Rule(), winner)
	if winner == 0 || winner == 1 {
		e.Other = 1 - winner
	}
	e.Amount, e.Note = end.Points(), end.String()
	g.events = append(g.events, e)
}
