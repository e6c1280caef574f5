package festung

import (
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// Apply implements brettspiel.Game. A throw is resolved at once, rules A, B, C
// in order, unless it leaves the thrower a choice; then his decision resolves
// it. On error the state is unchanged; a zero Game refuses every move with
// an error wrapping brettspiel.ErrZeroGame.
func (g *Game) Apply(m brettspiel.Move) error {
	// legal is membership in the legal list without building it; for a move
	// not in it, CheckMove names the sentinel (game over, throw due, another
	// actor's move, illegal) as for any game of the module.
	if !g.legal(m) {
		if g.zero() {
			return zeroErr(kit.OpApply)
		}
		err := kit.CheckMove(g.ToMove(), m, nil, g.MoveString)
		if p := g.ToMove(); p >= 0 && m.Actor() == p {
			// a decision the rules refuse: a fortress with nothing to take
			// to the thrower, or no fortress (F-A1, F-A2)
			e := kit.Refuse(RefuseNotOffered, "no fortress "+strconv.FormatUint(m.Payload(), 10)+" is offered; "+g.offer(), "F-A2")
			if f := m.Payload(); f >= 1 && f <= 4 {
				e = kit.Refuse(RefuseNothingToTake, "no marker to take in the works of fortress "+strconv.Itoa(int(f))+" open to the thrower; "+g.offer(), "F-A1", "F-A2")
				g.tried(e.Refusal, []brettspiel.Step{fieldStep(g.occupiedTwin(int(f), int(g.throw.L)), g.throw.L)})
			} else {
				g.tried(e.Refusal, nil)
			}
			e.Op, e.Input = kit.OpApply, g.MoveString(m)
			return e
		}
		return err
	}
	g.events, g.loaded = g.events[:0], nil
	if m.Actor() == brettspiel.Chance {
		t, _ := decodeThrow(m.Payload())
		g.events = append(g.events, event{kind: kindThrow, player: g.turn, other: brettspiel.Nobody,
			from: brettspiel.NoPlace, to: brettspiel.NoPlace, number: uint8(t.Sum()), throw: t})
		if _, ok := g.decides(t); ok {
			g.throw = t
			return nil
		}
		g.resolve(t, 0)
		return nil
	}
	t, f := g.throw, int(m.Payload())
	g.throw = dice.Throw3{}
	id := g.occupiedTwin(f, int(t.L))
	g.events = append(g.events, event{kind: kindDecide, rule: ruleA2, player: g.turn, other: brettspiel.Nobody,
		from: int8(id), to: brettspiel.NoPlace, number: t.L, note: noteNone + noteID(f)})
	g.resolve(t, f)
	return nil
}

// event appends an event of the thrower.
func (g *Game) event(kind kindID, rule ruleID, other brettspiel.Player, amount, from, to, number int) {
	if g.quiet {
		return
	}
	g.events = append(g.events, event{kind: kind, rule: rule, player: g.turn, other: other, amount: int32(amount),
		from: int8(from), to: int8(to), number: uint8(number)})
}

// noPlaceEvent is an event of Player that concerns no field.
func noPlaceEvent(kind kindID, rule ruleID, p brettspiel.Player, amount int, note noteID) event {
	return event{kind: kind, rule: rule, player: p, other: brettspiel.Nobody, amount: int32(amount),
		from: brettspiel.NoPlace, to: brettspiel.NoPlace, note: note}
}

// take moves the marker of field id to the thrower.
func (g *Game) take(id FieldID, rule ruleID, number int) {
	g.on.clear(id)
	g.balance[g.turn]++
	g.event(kindTake, rule, brettspiel.Nobody, 1, int(id), brettspiel.NoPlace, number)
}

// place moves a marker of the thrower onto field id.
func (g *Game) place(id FieldID, rule ruleID, number int) {
	g.on.set(id)
	g.balance[g.turn]--
	g.event(kindPlace, rule, brettspiel.Nobody, 1, brettspiel.NoPlace, int(id), number)
	g.buy(g.turn)
}

// toggle takes the marker of field id, or places one if it is empty.
func (g *Game) toggle(id FieldID, rule ruleID, number int) {
	if g.on.has(id) {
		g.take(id, rule, number)
	} else {
		g.place(id, rule, number)
	}
}

// collect makes every other player pay the thrower amount, in turn order
// starting with the seat after the thrower's.
func (g *Game) collect(amount int, rule ruleID, number int) {
	n := brettspiel.Player(g.opts.Players)
	for i := brettspiel.Player(1); i < n; i++ {
		q := (g.turn + i) % n
		g.balance[q] -= amount
		g.balance[g.turn] += amount
		g.event(kindPay, rule, q, amount, brettspiel.NoPlace, brettspiel.NoPlace, number)
		g.buy(q)
	}
}

// buy records that p's balance went below zero further than before.
func (g *Game) buy(p brettspiel.Player) {
	if d := -g.balance[p] - g.bought[p]; d > 0 {
		g.bought[p] += d
		if g.quiet {
			return
		}
		g.events = append(g.events, noPlaceEvent(kindBuy, ruleNone, p, d, noteBuy))
	}
}

// resolve plays throw t for the thrower: A (the large die), B (the small dice),
// C (all three), then passes the dice on. f is the fortress chosen at a
// decision node, or 0 when the throw left no choice.
func (g *Game) resolve(t dice.Throw3, f int) {
	p := g.turn
	g.largeDie(int(t.L), f)
	g.smallDice(int(t.A), int(t.B))
	g.allDice(t)
	g.throws++
	switch {
	case g.winner != brettspiel.Nobody:
		if !g.quiet {
			g.events = append(g.events, noPlaceEvent(kindEnd, ruleC3, p, 0, noteFifthPasch))
		}
	case g.throws >= g.opts.TurnCap:
		g.capped = true
		if !g.quiet {
			g.events = append(g.events, noPlaceEvent(kindEnd, ruleNone, brettspiel.Nobody, 0, noteTurnCap))
		}
	default:
		g.turn = (g.turn + 1) % brettspiel.Player(g.opts.Players)
	}
}

// largeDie plays rule A, the large die l on the outer works (F-A1…F-A3), for
// the fortress f chosen (0 for none); the fortresses open are those of the
// Pasch count before the throw.
func (g *Game) largeDie(l, f int) {
	open := min(int(g.pasch[g.turn])+1, 4)
	if l <= 5 { // F-A2
		id := NoField
		if f != 0 {
			id = g.occupiedTwin(f, l)
		}
		for k := 1; k <= open && id == NoField; k++ {
			id = g.occupiedTwin(k, l)
		}
		if id != NoField {
			g.take(id, ruleA2, l)
		} else {
			g.place(OuterWorkID(1, l, 0), ruleA2, l)
		}
		return
	}
	// F-A3: the premium of all open VI fields
	took := false
	for k := 1; k <= open; k++ {
		for tw := 0; tw < 2; tw++ {
			if id := OuterWorkID(k, 6, tw); id != NoField && g.on.has(id) {
				g.take(id, ruleA3, 6)
				took = true
			}
		}
	}
	if !took {
		g.place(OuterWorkID(1, 6, 0), ruleA3, 6)
	}
}

// smallDice plays rule B, the two small dice a and b (F-B1…F-B4).
func (g *Game) smallDice(a, b int) {
	s := a + b
	g.toggle(SchanzeID(s), ruleB1, s)
	if a == 1 || b == 1 {
		g.toggle(SchanzeID(1), ruleB2, 1)
	}
	if a == b {
		g.collect(a, ruleB3, s)
	}
	if s < 9 {
		return
	}
	bat := BatteryID(s)
	if g.on.has(bat) {
		g.take(bat, ruleB4, s)
		for _, id := range Triangle(s) {
			if g.on.has(id) {
				g.take(id, ruleB4, s)
			}
		}
		return
	}
	g.place(bat, ruleB4, s)
	took := false
	for _, id := range Triangle(s) {
		if g.on.has(id) {
			g.take(id, ruleB4, s)
			took = true
		}
	}
	if !took {
		g.collect(1, ruleB4, s)
	}
}

// allDice plays rule C, all three dice of t (F-C1…F-C5): the line field of
// their sum, and a Pasch.
func (g *Game) allDice(t dice.Throw3) {
	sum := int(t.L) + int(t.A) + int(t.B)
	g.toggle(LineFieldID(sum), ruleC1, sum)
	if !t.IsPasch() {
		return
	}
	steps, rule := 1, ruleC2
	if t.L == 6 {
		steps, rule = 2, ruleC4
	}
	for range steps {
		if g.pasch[g.turn]++; g.pasch[g.turn] == 5 {
			g.fifthPaschWins(sum)
			break
		}
		g.conquer(int(g.pasch[g.turn]), rule, sum)
	}
	if t.L == 1 { // F-C5
		g.collect(1, ruleC5, sum)
	}
}

// conquer plays the thrower's Pasch k (1…4) of a throw of sum under rule
// (F-C2, F-C4): his squares move on, his fortress line is taken or filled,
// and every other player pays him k.
func (g *Game) conquer(k int, rule ruleID, sum int) {
	from, fromP := brettspiel.NoPlace, brettspiel.NoPlace
	if k > 1 {
		from, fromP = int(FortressID(k-1)), int(PaschFieldID(k-1))
	}
	g.event(kindConquer, rule, brettspiel.Nobody, 0, from, int(FortressID(k)), k)
	g.event(kindConquer, rule, brettspiel.Nobody, 0, fromP, int(PaschFieldID(k)), k)
	line := LineFields(k)
	took := false
	for _, id := range line {
		if g.on.has(id) {
			g.take(id, rule, sum)
			took = true
		}
	}
	if !took {
		for _, id := range line {
			g.place(id, rule, sum)
		}
	}
	g.collect(k, rule, sum)
}

// fifthPaschWins plays the thrower's fifth Pasch of a throw of sum (F-C3):
// he conquers fortress 5, takes every marker on the plan, every other player
// pays him 6, and he wins.
func (g *Game) fifthPaschWins(sum int) {
	g.event(kindConquer, ruleC3, brettspiel.Nobody, 0, int(FortressID(4)), int(FortressID(5)), 5)
	for id := FieldID(1); id <= NumMarkerFields; id++ {
		if g.on.has(id) {
			g.take(id, ruleC3, sum)
		}
	}
	g.collect(6, ruleC3, sum)
	g.winner = g.turn
}
