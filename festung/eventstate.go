package festung

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// eventsAgainstState returns what in the decoded events does not agree with
// g, the state they stand in, or "". The events are those of the last Apply
// (or of New's setup), and together they say all it changed: the markers
// taken and placed, the payments, the markers bought, the Pasches; a throw
// or a decision also passes the dice on, and may end the game. So the state
// before that Apply is g with these changes undone, and the Apply made again
// from there must give exactly these events and this state. The events have
// passed eventLimits and checkEventPlaces.
func (g *Game) eventsAgainstState(evs []brettspiel.Event) string {
	if len(evs) == 0 {
		return ""
	}
	e := evs[0]
	switch {
	case e.Kind == brettspiel.EventPlace && e.Rule == "F-S1":
		setup, _ := New(g.opts)
		if g.throws != 0 || g.throw != (dice.Throw3{}) {
			return "the events are the setup's (F-S1), but a throw has been made since"
		}
		return g.replayed(setup, evs, "the setup (F-S1)")
	case e.Kind != brettspiel.EventThrow && e.Kind != brettspiel.EventDecide:
		return fmt.Sprintf("events[0] is a %s event, but the events of a move begin with its throw or its thrower's decision", e.Kind)
	case !g.seat(e.Player):
		return fmt.Sprintf("events[0]: a %s by %s, who is no seat of %d players", e.Kind, e.Player, g.opts.Players)
	}
	pending := g.throw != (dice.Throw3{})
	if e.Kind == brettspiel.EventThrow {
		t := dice.Throw3{L: uint8(e.Dice[0]), A: uint8(e.Dice[1]), B: uint8(e.Dice[2])} // checkEventPlaces: three dice
		if pending && t != g.throw {
			return fmt.Sprintf("events[0] is the throw %v, but the throw awaiting seat %d's decision is %v", t, g.turn, g.throw)
		}
		if pending && len(evs) > 1 {
			return fmt.Sprintf("events[1] is a %s event, but the throw %v awaits its thrower's decision: nothing of it is resolved yet", evs[1].Kind, t)
		}
	} else if pending {
		return fmt.Sprintf("events[0] is a decision, but the throw %v still awaits one", g.throw)
	}
	p, reason := g.undo(evs[1:])
	if reason != "" {
		return reason
	}
	p.turn, p.throw = e.Player, dice.Throw3{}
	if !pending {
		p.throws--
	}
	if p.throws < 0 {
		return "the events are of a throw, but no throw has been made"
	}
	if e.Kind == brettspiel.EventThrow {
		t := dice.Throw3{L: uint8(e.Dice[0]), A: uint8(e.Dice[1]), B: uint8(e.Dice[2])}
		what := fmt.Sprintf("seat %d's throw %v", e.Player, t)
		if !t.Valid() || p.ToMove() != brettspiel.Chance || p.Apply(ThrowMove(t)) != nil {
			return what + " cannot have been made in the state before it"
		}
		return g.replayed(p, evs, what)
	}
	// A decision: the throw it decides is gone from the state, and the
	// events give its large die alone; each throw with that die is tried.
	reason = fmt.Sprintf("events[0]: seat %d decides a throw with the large die %d, but no such throw leaves him that choice here", e.Player, e.Number)
	for a := uint8(1); a <= 6; a++ {
		for b := a; b <= 6; b++ {
			t := dice.Throw3{L: uint8(e.Number), A: a, B: b}
			if !t.Valid() {
				continue
			}
			if _, ok := p.decides(t); !ok {
				continue
			}
			q := p.clone()
			q.throw = t
			for _, m := range q.LegalMoves() {
				c := q.clone()
				c.events = c.events[:0]
				if c.Apply(m) != nil {
					continue
				}
				r := g.replayed(c, evs, fmt.Sprintf("seat %d's decision %s on the throw %v", e.Player, q.MoveString(m), t))
				if r == "" {
					return ""
				}
				reason = r
			}
		}
	}
	return reason
}

// undo returns g with the changes that the events after the first of an
// Apply report taken back, the last first: markers taken and placed,
// payments, markers bought, Pasches, the end of the game. The first event
// (the throw or the decision) is the caller's.
func (g *Game) undo(evs []brettspiel.Event) (*Game, string) {
	p := g.clone()
	p.events = p.events[:0]
	p.winner, p.capped = brettspiel.Nobody, false
	pasch, thrower := -1, brettspiel.Player(-1)
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		at := func(format string, args ...any) (*Game, string) {
			return nil, fmt.Sprintf("events[%d]: ", i+1) + fmt.Sprintf(format, args...)
		}
		if !p.seat(e.Player) && e.Kind != brettspiel.EventEnd {
			return at("a %s event of %s, who is no seat of %d players", e.Kind, e.Player, g.opts.Players)
		}
		switch e.Kind {
		case brettspiel.EventTake:
			id := FieldID(e.From)
			if e.From < 1 || id > NumMarkerFields || p.on.has(id) || e.Amount != 1 {
				return at("seat %d takes %d from %s, which holds one marker or none", e.Player, e.Amount, quote.Quote(e.FromName))
			}
			p.on.set(id)
			p.balance[e.Player]--
		case brettspiel.EventPlace:
			id := FieldID(e.To)
			if e.To < 1 || id > NumMarkerFields || !p.on.has(id) || e.Amount != 1 {
				return at("seat %d places %d on %s, which does not hold it now", e.Player, e.Amount, quote.Quote(e.ToName))
			}
			p.on.clear(id)
			p.balance[e.Player]++
		case brettspiel.EventPay:
			if !p.seat(e.Other) || e.Other == e.Player {
				return at("seat %s pays seat %d", e.Other, e.Player)
			}
			p.balance[e.Player] -= e.Amount
			p.balance[e.Other] += e.Amount
		case EventBuy:
			if e.Amount <= 0 || p.bought[e.Player] < e.Amount {
				return at("seat %d buys %d markers, but has bought %d", e.Player, e.Amount, p.bought[e.Player])
			}
			p.bought[e.Player] -= e.Amount
		case EventConquer:
			if e.Number < 1 || e.Number > int(g.pasch[e.Player]) || (thrower >= 0 && e.Player != thrower) {
				return at("seat %d reaches his Pasch %d, but has %d", e.Player, e.Number, g.pasch[e.Player])
			}
			if pasch < 0 || e.Number-1 < pasch {
				pasch, thrower = e.Number-1, e.Player
			}
		}
	}
	if pasch >= 0 {
		p.pasch[thrower] = uint8(pasch)
	}
	return p, ""
}

// replayed compares the events and the state that p, the state after the
// Apply made again, holds with evs and g (kit.Replayed); what names the
// Apply.
func (g *Game) replayed(p *Game, evs []brettspiel.Event, what string) string {
	return kit.Replayed(evs, p.Events(), what, p.ID() == g.ID())
}
