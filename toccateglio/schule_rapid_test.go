package toccateglio

import (
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"pgregory.net/rapid"
)

// schuleModel recounts a window of the Schule from T-W5a–d alone: the
// marks before it, its declaration, claims and correction, and what was due
// (the marks the window's close tells, as without the Schule).
type schuleModel struct {
	start    [2]int
	declarer brettspiel.Player
	declared int
	claims   []int // the claims in order, the first by the declarer's opponent
	right    bool
}

// marks returns the marks after the window with due u, and who won the
// Partie by them (Nobody if none).
func (w *schuleModel) marks(u int) ([2]int, brettspiel.Player) {
	m := w.start
	var reached [2]int
	seq := 0
	note := func() {
		seq++
		for p := range m {
			switch {
			case m[p] < 12:
				reached[p] = 0
			case reached[p] == 0:
				reached[p] = seq
			}
		}
	}
	a := w.declarer
	m[a] += w.declared
	short, owed, extra := w.declared < u, w.declared-u, 0
	if owed < 0 {
		owed = -owed
	}
	if w.declared == 12 && u > 12 {
		short, owed, extra = false, 0, u-12
	}
	note()
	for _, k := range w.claims {
		c := 1 - a
		m[c] += k
		if !short {
			m[a] -= min(k, owed)
		}
		a, short, owed = c, false, max(0, k-owed)
		note()
	}
	if w.right {
		if short {
			m[a] += owed
		} else {
			m[a] -= owed
		}
		note()
	}
	if extra > 0 {
		m[w.declarer] += extra
		note()
	}
	switch {
	case m[0] >= 12 && m[1] >= 12:
		if reached[1] < reached[0] {
			return m, 1
		}
		return m, 0
	case m[0] >= 12:
		return m, 0
	case m[1] >= 12:
		return m, 1
	}
	return m, brettspiel.Nobody
}

// TestT_W5_RapidMarksAreWhatTheRulesGive plays games with the Schule whose
// throws, plays, declarations (right, short, over), claims (right, short,
// over), corrections and passes rapid draws, and after every window checks
// the marks and the winner against schuleModel.
func TestT_W5_RapidMarksAreWhatTheRulesGive(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		v := rapid.SampledFrom(variants()).Draw(rt, "variant")
		o := withSchule(v.o)
		o.Partien = 2
		g, err := New(o)
		if err != nil {
			rt.Fatal(err)
		}
		var w *schuleModel
		for steps := 0; g.ToMove() != brettspiel.Terminal; steps++ {
			if steps > 20000 {
				rt.Fatalf("no end after %d steps", steps)
			}
			legal := g.LegalMoves()
			rule, isSchule := g.RuleMove()
			var m brettspiel.Move
			switch {
			case g.phase == phaseMark:
				w = &schuleModel{start: g.Marks(), declarer: g.declarer()}
				n := int(rule.Payload() & 31)
				switch rapid.IntRange(0, 2).Draw(rt, "declaration") { // right, short, over
				case 1:
					n = max(0, n-rapid.IntRange(1, 3).Draw(rt, "short by"))
				case 2:
					n = min(12, n+rapid.IntRange(1, 3).Draw(rt, "over by"))
				}
				w.declared = n
				m = legal[n]
			case isSchule:
				owed := int(rule.Payload()&31) - 1 // the rule's claim, or −1/0 for pass and right
				switch c := rapid.IntRange(0, 4).Draw(rt, "answer"); {
				case c == 0 || len(legal) == 2:
					m = legal[c%2] // pass or right
				case c == 1:
					m = legal[1]
				default: // a claim right (the rule's), short or over
					k := max(owed, 1)
					if c == 3 {
						k = max(1, k-1)
					} else if c == 4 {
						k = min(12, k+rapid.IntRange(1, 3).Draw(rt, "claimed over by"))
					}
					m = legal[1+k]
				}
				switch {
				case m == legal[1]:
					w.right = true
				case m != legal[0]:
					w.claims = append(w.claims, int(m.Payload()-schuleAsk-1))
				}
			case g.ToMove() == brettspiel.Chance:
				m = legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "throw")]
			default:
				m = legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "move")]
			}
			closing := isSchule && g.phase == phaseSchule && (m == legal[0] || m == legal[1])
			if err := g.Apply(m); err != nil {
				rt.Fatalf("%s: %v", g.MoveString(m), err)
			}
			if err := checkInvariant(g); err != nil {
				rt.Fatal(err)
			}
			if !closing {
				continue
			}
			due, winner := 0, brettspiel.Nobody
			for _, e := range g.events {
				switch {
				case e.Kind == brettspiel.EventMark:
					due += e.Amount
				case e.Kind == brettspiel.EventEnd && e.Rule == "T-W2":
					winner = e.Player
				}
			}
			marks, wantWinner := w.marks(due)
			if g.Marks() != marks || winner != wantWinner {
				rt.Fatalf("after %+v with %d due: marks %v, winner %v; the rules give %v, %v\n%s%v", *w, due, g.Marks(), winner, marks, wantWinner, eventsString(g.events), g)
			}
			if winner != brettspiel.Nobody {
				loser := int(g.marks[1-winner])
				if e := g.events[len(g.events)-1]; e.Kind == brettspiel.EventEnd && e.Rule == "T-W2" && e.Amount != o.Multipliers.Multiplier(loser) {
					rt.Fatalf("a Partie won against %d marks is worth %d, not %d", loser, o.Multipliers.Multiplier(loser), e.Amount)
				}
			}
		}
	})
}

// TestRapidMachineSchule: the harness's checks as a state machine over a
// game with the Schule, every move (the Schule's at random too) drawn by
// rapid, with the ID and JSON round trips.
func TestRapidMachineSchule(t *testing.T) {
	o := withSchule(Toccateglispiel())
	o.Partien = 2
	rapid.Check(t, func(rt *rapid.T) {
		conformance.Machine(rt, newGameFunc(t, o), conformance.Config{Invariant: checkInvariant, Compare: fastCompare,
			RoundTrips: []conformance.RoundTrip{{Name: "position ID", Do: idRoundTrip}, {Name: "JSON", Do: jsonRoundTrip}}})
	})
}

// nearTheEnd draws a position near the end of a Marsch: the player to
// throw has one to three stones left in his last quarter and the rest borne
// off; the other has his stones in the second half of his track, some of
// them borne off when all are home. The marks are drawn too, so that the
// Partie may end in any window.
func nearTheEnd(rt *rapid.T, o Options) Position {
	var pos Position
	me := rapid.IntRange(0, 1).Draw(rt, "mover")
	pos.Turn = brettspiel.Player(me)
	s := &pos.Stones[me]
	left := rapid.IntRange(1, 3).Draw(rt, "stones left")
	for range left {
		s[rapid.IntRange(19, 24).Draw(rt, "stone left")]++
	}
	s[off] = int8(o.Stones - left)
	y := &pos.Stones[1-me]
	lo, onBoard := 14, o.Stones // never on his 12 or 13: no lone stone on a Hucke
	if rapid.Bool().Draw(rt, "other home") {
		lo, onBoard = 19, rapid.IntRange(1, o.Stones).Draw(rt, "other on the board")
	}
	for range onBoard {
		y[rapid.IntRange(lo, 24).Draw(rt, "other stone")]++
	}
	y[off] = int8(o.Stones - onBoard)
	for p := range pos.Marks {
		pos.Marks[p] = rapid.IntRange(0, 11).Draw(rt, "marks")
	}
	return pos
}

// TestT_W5_RapidEveryNodeReloads plays games with the Schule from near the
// end of a Marsch (nearTheEnd) on, through the setup of the next Marsch and
// the next Partie, their declarations, claims, corrections and passes drawn
// by rapid, and loads every state — the windows, the winner's decisions and
// the end included — from its position ID and from its JSON as the same
// state. The winner goes on until the first Marsch has ended, so that every
// game reaches the end of one unless the match is over first.
func TestT_W5_RapidEveryNodeReloads(t *testing.T) {
	maxMoves := conformance.Games(100, 2000)
	var games, ended int
	rapid.Check(t, func(rt *rapid.T) {
		v := rapid.SampledFrom(variants()).Draw(rt, "variant")
		o := withSchule(v.o)
		o.Partien = rapid.IntRange(2, 3).Draw(rt, "Partien")
		o, err := o.normalized()
		if err != nil {
			rt.Fatal(err)
		}
		g, err := FromPosition(o, nearTheEnd(rt, o))
		if err != nil {
			rt.Fatal(err)
		}
		games++
		marschOver := false
		for moves := 0; ; moves++ {
			if f := reloadFailure(g); f != "" {
				rt.Fatal(f)
			}
			if g.sides[0][off] == int8(o.Stones) || g.sides[1][off] == int8(o.Stones) {
				if !marschOver {
					ended++
				}
				marschOver = true
			}
			if g.ToMove() == brettspiel.Terminal || moves == maxMoves {
				return
			}
			legal := g.LegalMoves()
			rule, isSchule := g.RuleMove()
			var m brettspiel.Move
			switch {
			case g.phase == phaseMark:
				// mostly right, else short or over by a little, now and
				// then anything
				n := int(rule.Payload() & 31)
				switch c := rapid.IntRange(0, 9).Draw(rt, "declaration"); {
				case c == 6 || c == 7:
					n = max(0, n-rapid.IntRange(1, 3).Draw(rt, "short by"))
				case c == 8:
					n = min(12, n+rapid.IntRange(1, 3).Draw(rt, "over by"))
				case c == 9:
					n = rapid.IntRange(0, 12).Draw(rt, "any")
				}
				m = legal[n]
			case isSchule:
				// the rule's answer, pass or right, a small claim, now and
				// then any claim
				switch c := rapid.IntRange(0, 19).Draw(rt, "answer"); {
				case c < 10:
					m = rule
				case c < 14 || len(legal) == 2:
					m = legal[c%2] // pass or right
				case c < 19:
					m = legal[2+rapid.IntRange(0, 2).Draw(rt, "small claim")]
				default:
					m = legal[2+rapid.IntRange(0, len(legal)-3).Draw(rt, "claim")]
				}
			case g.phase == phaseDecide && !marschOver:
				m = legal[1] // go on: the Marsch goes on
			case g.phase == phaseMove && rapid.Bool().Draw(rt, "bear off"):
				// the play that bears off the most, so that the Marsch ends
				m = legal[0]
				for _, x := range legal[1:] {
					if afterPlay(g.sides[g.turn], x.Payload())[off] > afterPlay(g.sides[g.turn], m.Payload())[off] {
						m = x
					}
				}
			default:
				m = legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "move")]
			}
			if err := g.Apply(m); err != nil {
				rt.Fatalf("%s: %v", g.MoveString(m), err)
			}
		}
	})
	t.Logf("%d of %d games reached the end of a Marsch", ended, games)
	if ended == 0 {
		t.Errorf("none of %d games reached the end of a Marsch", games)
	}
}
