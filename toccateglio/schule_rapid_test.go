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
