package toccateglio

import (
	"errors"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/stepsearch"
	"github.com/brettspiel/brettspiel/kit"
)

// Hand is Toccadille's hand, where the stones wait before they enter
// (T-S4), in the places of [brettspiel.Step] and [brettspiel.Event]. It is
// the place of the bar, which this game does not have.
const Hand = brettspiel.Bar

// turnState is a position within the play of a throw: the mover's stones,
// the dice not yet used, how many steps have been made, and what the first
// step asks of the second.
type turnState struct {
	s    board.Side
	left [2]int8 // the dice not yet used, 0 once used
	k    int8
	// onOpp: the first step borrowed the opponent's empty Hucke (T-D4), so
	// the same stone must move on from it. loneHucke: the first step set a
	// lone stone on the empty own Hucke, which may not move on from there
	// (T-H1).
	onOpp, loneHucke bool
	force            step // the other step of the force play (T-H3) once one is made
}

// turnEnd is what a legal play leaves: the mover's stones and the steps made.
type turnEnd struct {
	s board.Side
	k int8
}

// turnModel is the play of the throw as a graph of single steps, judged by
// the rules the move generator applies step by step (mover.stepTo, and the
// rules between the two steps of generalPlays), with the force play (T-H3)
// as its own two steps. A sequence ends a play when it leaves the stones of
// a legal play with as many steps.
type turnModel struct {
	m         mover
	p         int
	forceA    step // the force play's steps when it is legal, else 0
	forceB    step
	ends      map[turnEnd]brettspiel.Move
	forceEnd  board.Side
	forceMove brettspiel.Move
}

func (t *turnModel) abs(q int) int {
	if q == hand || q == off {
		return q
	}
	return board.Opposite.ToAbsolute(t.p, q)
}

func (t *turnModel) track(a int) int {
	if a == hand || a == off {
		return a
	}
	return board.Opposite.FromAbsolute(t.p, a)
}

func (t *turnModel) mkStep(from, to, die int, f brettspiel.StepFlags) brettspiel.Step {
	f |= stepsearch.Flags(from, to, hand, ownHucke, false)
	return brettspiel.Step{From: t.abs(from), To: t.abs(to), TrackFrom: from, TrackTo: to, Die: die, Flags: f}
}

func (t *turnModel) Edges(s turnState, dst []stepsearch.Edge[turnState]) []stepsearch.Edge[turnState] {
	if s.force != 0 {
		n := s
		n.s[s.force.from()]--
		n.s[ownHucke]++
		n.k, n.force = 2, 0
		st := t.mkStep(s.force.from(), ownHucke, oppHucke-s.force.from(), brettspiel.StepForce)
		return append(dst, stepsearch.Edge[turnState]{Step: st, To: n})
	}
	if s.k == 0 && t.forceA != 0 {
		for _, pair := range [2][2]step{{t.forceA, t.forceB}, {t.forceB, t.forceA}} {
			n := s
			n.s[pair[0].from()]--
			n.s[ownHucke]++
			n.k, n.force = 1, pair[1]
			st := t.mkStep(pair[0].from(), ownHucke, oppHucke-pair[0].from(), brettspiel.StepForce)
			dst = append(dst, stepsearch.Edge[turnState]{Step: st, To: n})
		}
	}
	if s.k >= 2 || s.s[off] == t.m.stones {
		return dst
	}
	for p := 0; p <= 24; p++ {
		if s.s[p] == 0 || (s.onOpp && p != oppHucke) || (s.loneHucke && p == ownHucke) {
			continue
		}
		for i, d := range s.left {
			if d == 0 || (i == 1 && s.left[0] == d) {
				continue // used, or the same number as the other die
			}
			to, ok := t.m.stepTo(&s.s, p, int(d), s.k == 0)
			if !ok {
				continue
			}
			n := s
			n.s[p]--
			n.s[to]++
			n.left[i] = 0
			n.k++
			if s.k == 0 {
				n.onOpp = to == oppHucke
				n.loneHucke = to == ownHucke && t.m.s[ownHucke] == 0
			} else {
				n.onOpp, n.loneHucke = false, false
			}
			dst = append(dst, stepsearch.Edge[turnState]{Step: t.mkStep(p, to, int(d), 0), To: n})
		}
	}
	return dst
}

func (t *turnModel) Complete(s turnState) brettspiel.Move {
	if s.force != 0 {
		return brettspiel.NoMove
	}
	if t.forceMove != brettspiel.NoMove && s.k == 2 && s.s == t.forceEnd {
		return t.forceMove
	}
	if s.onOpp {
		return brettspiel.NoMove // a stone may not stay on the opponent's Hucke
	}
	return t.ends[turnEnd{s.s, s.k}]
}

// turnSearch prepares the search over the play of the throw, from the legal
// plays.
func (g *Game) turnSearch(legal []brettspiel.Move) (*stepsearch.Search[turnState], *turnModel, turnState) {
	t := &turnModel{m: g.newMover(), p: int(g.turn), ends: make(map[turnEnd]brettspiel.Move, len(legal))}
	start := turnState{s: t.m.s, left: [2]int8{int8(t.m.hi), int8(t.m.lo)}}
	if a, b, ok := g.forcePlay(&t.m); ok {
		f := kit.NewMove(g.turn, mkPlay(a, b))
		for _, m := range legal {
			if m == f {
				t.forceA, t.forceB, t.forceMove = a, b, f
				t.forceEnd = afterPlay(start.s, f.Payload())
			}
		}
	}
	for _, m := range legal {
		if m.Payload() == 0 || m == t.forceMove {
			continue
		}
		k := int8(1)
		if _, b := playSteps(m.Payload()); b != 0 {
			k = 2
		}
		t.ends[turnEnd{afterPlay(start.s, m.Payload()), k}] = m
	}
	return stepsearch.New[turnState](t), t, start
}

var _ brettspiel.Describer = (*Game)(nil)

// Describe implements brettspiel.Describer: a throw as its two dice (with
// the marks its hits score, T-M1…T-M5); a play as its steps in absolute
// points and in the mover's track, each with its number and what it does
// (entering from the hand, bearing off, landing on the own Hucke, the force
// play), with the marks the play scores (unplayable numbers, closed
// quarters, the Marsch; not under the Schule, where the players declare
// them); the pass; go-on and afresh, and the Schule's declarations and
// answers, as decisions. Describe
// refuses a move that is not legal now.
func (g *Game) Describe(m brettspiel.Move) (brettspiel.MoveInfo, error) {
	if g.phase == phaseZero {
		return brettspiel.MoveInfo{}, zeroGame(kit.OpDescribe)
	}
	if m.Payload() == giveUpPayload && (m.Actor() == 0 || m.Actor() == 1) {
		if err := g.mayGiveUp(m.Actor(), kit.OpDescribe); err != nil {
			return brettspiel.MoveInfo{}, err
		}
		return brettspiel.MoveInfo{Move: m, Kind: brettspiel.MoveConcede, Player: m.Actor(), Notation: "give up"}, nil
	}
	legal := g.LegalMoves()
	if err := kit.CheckMove(g.ToMove(), m, legal, g.MoveString); err != nil {
		var e *brettspiel.Error
		if errors.As(err, &e) {
			e.Op = kit.OpDescribe
		}
		return brettspiel.MoveInfo{}, err
	}
	info := brettspiel.MoveInfo{Move: m, Player: m.Actor(), Notation: g.MoveString(m)}
	switch pay := m.Payload(); {
	case m.Actor() == brettspiel.Chance:
		info.Kind, info.Dice = brettspiel.MoveThrow, []int{int(pay >> 3 & 7), int(pay & 7)}
	case g.phase == phaseDecide, g.phase == phaseMark, g.phase == phaseSchule:
		info.Kind, info.Decision = brettspiel.MoveDecision, info.Notation
	case pay == 0:
		info.Kind, info.Dice = brettspiel.MovePass, []int{int(g.dice[0]), int(g.dice[1])}
	default:
		info.Kind, info.Dice = brettspiel.MovePlay, []int{int(g.dice[0]), int(g.dice[1])}
		x, t, start := g.turnSearch(legal)
		var hint []brettspiel.Step
		a, b := playSteps(pay)
		for _, st := range [2]step{a, b} {
			if st != 0 {
				hint = append(hint, brettspiel.Step{From: t.abs(st.from()), To: t.abs(st.to())})
			}
		}
		info.Steps = x.Path(start, m, hint)
	}
	// Under the Schule the players mark themselves: a move's marks are
	// not told before they are declared (T-W5a).
	if info.Kind != brettspiel.MoveDecision && !g.opts.Schule {
		c := g.Clone().(*Game)
		c.quiet = false // the marks are read from the events
		if err := c.Apply(m); err == nil {
			info.Marks = make([]int, 2)
			for _, e := range c.events {
				if e.Kind == brettspiel.EventMark && e.Player >= 0 && e.Player < 2 {
					info.Marks[e.Player] += e.Amount
				}
			}
		}
	}
	return info, nil
}

var _ brettspiel.Stepper = (*Game)(nil)

// NextSteps implements brettspiel.Stepper for the play of a throw: the
// steps of two stones in either order, or one stone moving both numbers
// through an open point (any that the rules allow, not only the notation's),
// a stone entered from the hand (Toccadille: the hand first, T-S4), borne
// off, or the two steps of the force play (T-H3), each one point short onto
// the own Hucke. A doublet is two steps of its number (T-D1). When only the
// force play can be played, the pass is complete with no step made and the
// force play's steps are offered beside it. NextSteps
// refuses a step with the rule that forbids it. At a throw, at the end and
// at the winner's decision (go-on or afresh: a move, but no step) it returns
// an error.
func (g *Game) NextSteps(made []brettspiel.Step) ([]brettspiel.Step, brettspiel.Move, error) {
	fail := func(err error, reason string) ([]brettspiel.Step, brettspiel.Move, error) {
		return nil, brettspiel.NoMove, stepsearch.Failed(made, err, reason)
	}
	// refuse completes a refusal with what was tried: the steps made, as
	// given, and the numbers left at the refused one (nil: the throw's)
	refuse := func(e *brettspiel.Error, at int, left []int) ([]brettspiel.Step, brettspiel.Move, error) {
		if left == nil {
			left = g.throwNumbers()
		}
		return nil, brettspiel.NoMove, stepsearch.Refused(e, made, g.turn, at, left)
	}
	switch g.phase {
	case phaseZero:
		return fail(brettspiel.ErrZeroGame, "")
	case phaseOver:
		return fail(brettspiel.ErrGameOver, "the match is over")
	case phaseDraw0, phaseDraw1, phaseThrow:
		return fail(brettspiel.ErrChanceNode, "the dice are to be thrown")
	case phaseDecide:
		return refuse(kit.Refuse(RefuseDecision, "the winner of the Partie decides to go on or start afresh, a decision and no step", "T-W3"), -1, []int{})
	case phaseMark, phaseSchule:
		return refuse(kit.Refuse(RefuseDecision, "the points are declared, claimed or let pass, a decision of the Schule and no step", "T-W5a", "T-W5b", "T-W5c"), -1, []int{})
	}
	legal := g.LegalMoves()
	pass := legal[0].Payload() == 0
	if pass && len(legal) == 1 {
		if len(made) > 0 {
			return refuse(kit.Refuse(brettspiel.RefuseCannotPlay, "no number of "+g.throwString()+" can be played", "T-D7"), 0, nil)
		}
		return nil, legal[0], nil
	}
	x, t, start := g.turnSearch(legal)
	r := x.Next(start, made)
	if r.Bad >= 0 {
		e := stepsearch.StepRefused(g.whyNot(x, t, r.At[0], made[:r.Bad], made[r.Bad]), made, r.Bad)
		return refuse(e, r.Bad, leftOf(r.At[0]))
	}
	if pass && len(made) == 0 {
		// nothing but the force play can be played, and it is never
		// compulsory (T-H3): the pass is complete, its steps may follow
		r.Complete = legal[0]
	}
	return r.Next, r.Complete, nil
}

// whyNot says why the step in, tried from s after the steps before, leads to
// no legal play: the single-step rule it breaks (whyStep), or else the rule
// of the whole play that ParseMove names for a play going on from it.
func (g *Game) whyNot(x *stepsearch.Search[turnState], t *turnModel, s turnState, before []brettspiel.Step, in brettspiel.Step) *brettspiel.Error {
	if e, matched := x.PlayRefusal(s, before, in, "in", g.ParseMove); matched {
		if e == nil {
			e = kit.Refuse(brettspiel.RefuseDeadEnd, "no legal play of "+g.throwString()+" goes on from it", "T-D2")
		}
		return e
	}
	from, to := t.track(in.From), t.track(in.To)
	if from < hand || from > 24 || to < 1 || to > off || to <= from {
		return kit.Refuse(brettspiel.RefuseNoSuchStep, "no step leads from "+strconv.Itoa(in.From)+" to "+strconv.Itoa(in.To))
	}
	if s.force != 0 {
		return kit.Refuse(RefuseForceFollow, "the own Hucke is taken by force by two stones together: "+stepString(s.force)+" must follow", "T-H3")
	}
	if s.k >= 2 || s.left == [2]int8{} {
		rules := []string{"T-D2"}
		if g.dice[0] == g.dice[1] {
			rules = []string{"T-D1", "T-D2"} // a doublet gives two moves only
		}
		return kit.Refuse(brettspiel.RefuseAllUsed, "both numbers of "+g.throwString()+" are played", rules...)
	}
	x0 := mkStep(from, to)
	if s.onOpp && from != oppHucke {
		return kit.Refuse(RefuseOppHuckeMoveOn, stepString(x0)+": the stone on the opponent's Hucke must move on", "T-D4")
	}
	if s.loneHucke && from == ownHucke {
		return kit.Refuse(RefuseLoneHucke, stepString(x0)+": a lone stone may not stop on the empty own Hucke on its way", "T-H1")
	}
	fits := false
	for _, d := range s.left {
		if d != 0 && (to-from == int(d) || to == off && int(d) > to-from) {
			fits = true
		}
	}
	if !fits {
		if to == ownHucke && s.k == 0 && (from+int(s.left[0]) == oppHucke || from+int(s.left[1]) == oppHucke) {
			return kit.Refuse(RefuseShortHucke, stepString(x0)+": a stone stops one point short on the own Hucke only when two take it by force together, as the rules allow", "T-H3")
		}
		return noNumber(stepString(x0)+" moves "+strconv.Itoa(to-from)+"; the throw is "+g.throwString(), to-from, leftOf(s))
	}
	_, occ := g.view(t.p)
	cur := s.s
	if why := g.whyStep(&cur, &occ, x0, false, s.k == 0); why != nil {
		return why
	}
	if to == off {
		return kit.Refuse(brettspiel.RefuseFartherBack, stepString(x0)+": a higher number bears off only from the farthest occupied point", "T-B1")
	}
	return kit.Refuse(brettspiel.RefuseNotListed, stepString(x0)+": not a legal step of "+g.throwString())
}

// leftOf lists the numbers not yet used at s, higher first.
func leftOf(s turnState) []int {
	out := []int{}
	for _, d := range s.left {
		if d != 0 {
			out = append(out, int(d))
		}
	}
	// at most four numbers: an insertion sort, which costs the WebAssembly
	// build nothing where slices.SortFunc would add its whole sort
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] > out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
