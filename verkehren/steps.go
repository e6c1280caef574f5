package verkehren

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/stepsearch"
	"github.com/brettspiel/brettspiel/kit"
)

var (
	_ brettspiel.Describer = (*Game)(nil)
	_ brettspiel.Stepper   = (*Game)(nil)
)

// turnState is a position within a turn: both sides, the numbers of the throw
// not yet used, and how many single moves have been made.
type turnState struct {
	me, opp board.Side
	avail   [7]int8
	k       int8
}

// turnEnd is what a legal play leaves: the sides and the numbers it used.
type turnEnd struct {
	me, opp board.Side
	k       int8
}

// turnModel is the turn being played as a graph of single moves, judged by
// the single-move rules (Options.step) that the move generator uses too; a
// sequence ends a play when it leaves the position of a legal play with as
// many numbers used.
type turnModel struct {
	o    *Options
	p    brettspiel.Player
	ends map[turnEnd]brettspiel.Move
}

func (t *turnModel) abs(q int) int {
	if q == bar || q == off {
		return q
	}
	return board.SameDirection.ToAbsolute(int(t.p), q)
}

func (t *turnModel) Edges(s turnState, dst []stepsearch.Edge[turnState]) []stepsearch.Edge[turnState] {
	for from := bar; from <= 24; from++ {
		if s.me[from] == 0 {
			continue
		}
		for d := 6; d >= 1; d-- {
			if s.avail[d] == 0 {
				continue
			}
			to, hit, why := t.o.step(&s.me, &s.opp, from, d)
			if why != okStep {
				continue
			}
			n := s
			n.me[from]--
			n.me[to]++
			if hit {
				n.opp[oppPoint[to]]--
				n.opp[bar]++
			}
			n.avail[d]--
			n.k++
			f := stepsearch.Flags(from, to, bar, hucke, hit)
			st := brettspiel.Step{From: t.abs(from), To: t.abs(to), TrackFrom: from, TrackTo: to, Die: d, Flags: f}
			dst = append(dst, stepsearch.Edge[turnState]{Step: st, To: n})
		}
	}
	return dst
}

func (t *turnModel) Complete(s turnState) brettspiel.Move {
	return t.ends[turnEnd{s.me, s.opp, s.k}]
}

// turnSearch prepares the search over the turn being played, from the legal
// plays.
func (g *Game) turnSearch(legal []brettspiel.Move) (*stepsearch.Search[turnState], *turnModel, turnState) {
	p := g.toMove
	t := &turnModel{o: &g.opts, p: p, ends: make(map[turnEnd]brettspiel.Move, len(legal))}
	start := turnState{me: g.b.Sides[p], opp: g.b.Sides[1-p]}
	if g.dice[0] == g.dice[1] {
		start.avail[g.dice[0]] = 4
	} else {
		start.avail[g.dice[0]], start.avail[g.dice[1]] = 1, 1
	}
	for _, m := range legal {
		pay := m.Payload()
		if pay == 0 || pay == concedePayload {
			continue
		}
		me, opp := start.me, start.opp
		playOn(&me, &opp, pay)
		t.ends[turnEnd{me, opp, int8(countSteps(pay))}] = m
	}
	return stepsearch.New[turnState](t), t, start
}

func countSteps(pay uint64) int {
	k := 0
	for i := 0; i < maxSteps; i++ {
		if _, _, _, ok := stepAt(pay, i); ok {
			k++
		}
	}
	return k
}

// Describe implements brettspiel.Describer: a throw as its two dice; a play
// as its single moves in absolute points and in the mover's track, each with
// its number and what it does (entering, hitting, bearing off, landing on
// the Hucke), in the order of the notation; the pass and "concede" as such.
// Describe refuses a move that is not legal now, and every move of a zero
// Game (brettspiel.ErrZeroGame).
func (g *Game) Describe(m brettspiel.Move) (brettspiel.MoveInfo, error) {
	if g.zero() {
		return brettspiel.MoveInfo{}, errZero(kit.OpDescribe)
	}
	if m.Payload() == concedeAgreedPayload && (m.Actor() == 0 || m.Actor() == 1) {
		if gm, agreed, err := g.GiveUpMove(m.Actor()); err != nil || !agreed || gm != m {
			if err == nil {
				err = kit.CheckMove(g.ToMove(), m, nil, g.MoveString)
			}
			return brettspiel.MoveInfo{}, withOp(err, kit.OpDescribe)
		}
		return brettspiel.MoveInfo{Move: m, Kind: brettspiel.MoveConcede, Player: m.Actor(), Notation: g.MoveString(m),
			Dice: []int{int(g.dice[0]), int(g.dice[1])}}, nil
	}
	legal := g.LegalMoves()
	if err := kit.CheckMove(g.ToMove(), m, legal, g.MoveString); err != nil {
		return brettspiel.MoveInfo{}, withOp(err, kit.OpDescribe)
	}
	info := brettspiel.MoveInfo{Move: m, Player: m.Actor(), Notation: g.MoveString(m)}
	if m.Actor() == brettspiel.Chance {
		t, _ := throwOf(m)
		info.Kind, info.Dice = brettspiel.MoveThrow, []int{int(t.A), int(t.B)}
		return info, nil
	}
	info.Dice = []int{int(g.dice[0]), int(g.dice[1])}
	switch pay := m.Payload(); pay {
	case 0:
		info.Kind = brettspiel.MovePass
	case concedePayload:
		info.Kind = brettspiel.MoveConcede
	default:
		info.Kind = brettspiel.MovePlay
		x, t, start := g.turnSearch(legal)
		var hint []brettspiel.Step
		for i := 0; i < maxSteps; i++ {
			from, to, d, ok := stepAt(pay, i)
			if !ok {
				break
			}
			hint = append(hint, brettspiel.Step{From: t.abs(from), To: t.abs(to), Die: d})
		}
		info.Steps = x.Path(start, m, hint)
	}
	return info, nil
}

// NextSteps implements brettspiel.Stepper for the play of a throw. The
// single moves may be made in any order the rules allow (stones off the
// board enter first, V-E1); a stone may move on with the next number; a
// doublet gives up to four. A stone borne off may be given without its die
// when either number would do. A sequence that uses fewer numbers than a
// legal play, or enters with fewer hits (V-E3), is not complete. NextSteps
// refuses a step with the rule that forbids it; a throw due, the end of the
// game, or steps made when only a pass is possible are errors too. "concede"
// is a move but no step: a frontend offers it from LegalMoves or Describe.
// A zero Game refuses with brettspiel.ErrZeroGame.
func (g *Game) NextSteps(made []brettspiel.Step) ([]brettspiel.Step, brettspiel.Move, error) {
	fail := func(err error, reason string) ([]brettspiel.Step, brettspiel.Move, error) {
		return nil, brettspiel.NoMove, stepsearch.Failed(made, err, reason)
	}
	// refuse completes a refusal with what was tried: the steps made, as
	// given, and the numbers left at the refused one
	refuse := func(e *brettspiel.Error, at int, left []int) ([]brettspiel.Step, brettspiel.Move, error) {
		return nil, brettspiel.NoMove, stepsearch.Refused(e, made, g.toMove, at, left)
	}
	if g.zero() {
		return fail(brettspiel.ErrZeroGame, "")
	}
	switch g.phase {
	case phaseOver:
		return fail(brettspiel.ErrGameOver, "")
	case phaseDraw0, phaseDraw1, phaseThrow:
		return fail(brettspiel.ErrChanceNode, "the dice are to be thrown")
	}
	legal := g.LegalMoves()
	if legal[0].Payload() == 0 {
		if len(made) > 0 {
			e := kit.Refuse(brettspiel.RefuseCannotPlay, "no number of the throw can be played", "V-D2")
			if g.opts.junker(&g.b.Sides[g.toMove], &g.b.Sides[1-g.toMove]) {
				e = kit.Refuse(RefuseJunker, "the player is Junker: more stones off the board than open entry points", "V-J1")
			}
			return refuse(e, 0, g.throwNumbers())
		}
		return nil, legal[0], nil
	}
	x, t, start := g.turnSearch(legal)
	r := x.Next(start, made)
	if r.Bad >= 0 {
		e := stepsearch.StepRefused(g.whyStep(x, t, r.At[0], made[:r.Bad], made[r.Bad]), made, r.Bad)
		return refuse(e, r.Bad, numbersLeft(&r.At[0].avail))
	}
	return r.Next, r.Complete, nil
}

// whyStep says why the step in, tried from s after the steps before, leads
// to no legal play: the single-move rule it breaks, or else the rule of the
// whole play that ParseMove names for a play going on from it.
func (g *Game) whyStep(x *stepsearch.Search[turnState], t *turnModel, s turnState, before []brettspiel.Step, in brettspiel.Step) *brettspiel.Error {
	if e, matched := x.PlayRefusal(s, before, in, "bar", g.ParseMove); e != nil {
		return e
	} else if matched {
		return kit.Refuse(brettspiel.RefuseDeadEnd, "no legal play goes on from it: it uses fewer numbers than another play", "V-D2")
	}
	track := func(a int) int {
		if a == bar || a == off {
			return a
		}
		return board.SameDirection.FromAbsolute(int(t.p), a)
	}
	from, to := track(in.From), track(in.To)
	if from < bar || from > 24 || to < 1 || to > off || (to <= from && from != bar) {
		return kit.Refuse(brettspiel.RefuseNoSuchStep, "no single move leads from "+pointName(in.From)+" to "+pointName(in.To))
	}
	if s.avail == [7]int8{} {
		if g.dice[0] == g.dice[1] {
			return kit.Refuse(brettspiel.RefuseAllUsed, "every number of the throw is used", "V-D1", "V-D2") // four of a doublet
		}
		return kit.Refuse(brettspiel.RefuseAllUsed, "every number of the throw is used", "V-D2")
	}
	for d := 6; d >= 1; d-- {
		if s.avail[d] == 0 || (in.Die != 0 && in.Die != d) {
			continue
		}
		want := to - from
		if from == bar {
			want = to
		}
		if d != want && !(to == off && d > want) {
			continue
		}
		if _, _, why := t.o.step(&s.me, &s.opp, from, d); why != okStep {
			return why.refuse(t.o, from, to, in.From, in.To) // the board's points, as the step was given
		}
	}
	var avail [7]int
	for d := range s.avail {
		avail[d] = int(s.avail[d])
	}
	e := t.o.noNumber(from, to, &avail)
	// the board's points, as the step was given
	e.Reason = "no number of the throw left (" + numberList(e.Refusal.Dice) + ") moves a stone from " + pointName(in.From) + " to " + pointName(in.To)
	return e
}
