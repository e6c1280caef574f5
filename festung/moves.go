package festung

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
)

// choices returns the set (bit f for fortress f) of fortresses among which the
// thrower of t chooses the field to take from, and their number. The choice is
// real — a decision node — only with two or more, and not on a fifth Pasch
// (which clears the plan, so that every choice ends alike).
func (g *Game) choices(t dice.Throw3) (mask uint8, n int) {
	if t.L > 5 {
		return 0, 0
	}
	open := min(int(g.pasch[g.turn])+1, 4)
	for f := 1; f <= open; f++ {
		if g.occupiedTwin(f, int(t.L)) != NoField {
			mask |= 1 << f
			n++
		}
	}
	return mask, n
}

// decides reports whether throw t leaves the thrower a real choice.
func (g *Game) decides(t dice.Throw3) (uint8, bool) {
	mask, n := g.choices(t)
	if n < 2 || g.fifthPasch(t) {
		return 0, false
	}
	return mask, true
}

// fifthPasch reports whether t makes the thrower's fifth Pasch.
func (g *Game) fifthPasch(t dice.Throw3) bool {
	if !t.IsPasch() {
		return false
	}
	k := int(g.pasch[g.turn]) + 1
	if t.L == 6 {
		k++
	}
	return k >= 5
}

// occupiedTwin returns the first field numbered n of fortress f's outer works
// that holds a marker, or NoField. Twins are interchangeable: a marker is
// always taken from the first occupied twin.
func (g *Game) occupiedTwin(f, n int) FieldID {
	for t := 0; t < 2; t++ {
		if id := OuterWorkID(f, n, t); id != NoField && g.on.has(id) {
			return id
		}
	}
	return NoField
}

// legal reports whether m is a legal move now.
func (g *Game) legal(m brettspiel.Move) bool {
	switch p := g.ToMove(); {
	case p == brettspiel.Terminal:
		return false
	case p == brettspiel.Chance:
		_, ok := decodeThrow(m.Payload())
		return ok && m.Actor() == brettspiel.Chance
	default:
		mask, _ := g.decides(g.throw)
		f := m.Payload()
		return m.Actor() == p && f >= 1 && f <= 4 && mask&(1<<f) != 0
	}
}
