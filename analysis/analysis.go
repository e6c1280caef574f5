package analysis

import (
	"context"
	"math"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/festungbot"
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/words"
)

// Report is the analysis of one game.
type Report struct {
	Variant string `json:"variant"`
	// Judge names how equities were judged: "net, 1 ply", "net, 2 plies"
	// (Toccateglio, Verkehren) or "exact" (the Festungsspiel: its decisions
	// by the exact expected markers of each choice, its throws by the
	// balance).
	Judge string `json:"judge"`
	// Unit is the unit of every equity: the game's Returns ("strokes",
	// "points", "markers").
	Unit string `json:"unit"`
	// Scale is the game's bounds of the marks (and of a tutor's levels),
	// by which each Decision's and Throw's Mark is set.
	Scale Scale `json:"scale"`
	// Before is each seat's equity at the position before the first step
	// judged, as Step.Equities has it after each step.
	Before []float64 `json:"before"`
	// Steps are the steps of the game in order, one a step.
	Steps []Step `json:"steps"`
	// Players sums the steps up per seat.
	Players []PlayerReport `json:"players"`
	// Truncated says that the game goes on after the last step judged: a
	// caller judged a part of it ([Options.Steps]), and Players sums up
	// that part only.
	Truncated bool `json:"truncated,omitempty"`
}

// Step is the analysis of one step: a decision of a seat or a throw.
type Step struct {
	Index    int    `json:"index"`
	Actor    int    `json:"actor"` // the seat, −1 for a throw
	Notation string `json:"notation"`
	// Decision is set on a seat's step, Throw on a throw of the dice.
	Decision *Decision `json:"decision,omitempty"`
	Throw    *Throw    `json:"throw,omitempty"`
	// Equities is each seat's equity after the step, by seat, for a graph
	// of the game: in the race games the judge's (the mover's Played or
	// the thrower's Equity, the other seat's its opposite; the last value
	// again after a step the judge gives none, the draw for the start),
	// in the Festungsspiel each seat's balance, the markers won so far.
	Equities []float64 `json:"equities"`
}

// Decision is a seat's choice judged: the equity of the play made and of the
// best play, from the mover's view.
type Decision struct {
	// Choices is the number of legal moves that do not concede; a decision
	// with fewer than two had no choice (unless the mover conceded) and does
	// not count in the error rate.
	Choices int `json:"choices"`
	// Counted reports whether the decision counts in the error rate.
	Counted bool    `json:"counted"`
	Played  float64 `json:"played"`
	Best    float64 `json:"best"`
	// BestNotation is the best play in the game's notation (the play made
	// when it is as good as any).
	BestNotation string `json:"bestNotation"`
	// PlayedSteps and BestSteps are the single steps of the play made and
	// of the best play in the board's points (brettspiel.MoveInfo.Steps),
	// for a frontend that writes plays as its board is numbered; nil for a
	// move that is no play of stones (a decision, a pass, a concession).
	PlayedSteps []brettspiel.Step `json:"playedSteps,omitempty"`
	BestSteps   []brettspiel.Step `json:"bestSteps,omitempty"`
	// Judge says how the decision was judged when it was not as the
	// Report's Judge says: by the bear-off tables of package bot/bearoff
	// in a pure race, "race-exact" (solved: its Loss is exact),
	// "race-tabled" (Toccateglio: the race's odds exact, the Partie after
	// it by the net) or "race-estimated" (a race of more stones, from the
	// one-sided tables); "" otherwise. See neural.RaceJudgement.
	Judge string `json:"judge,omitempty"`
	// Loss is Best − Played, never below 0.
	Loss float64 `json:"loss"`
	// Mark grades Loss on the game's Scale ("" when it is small, or the
	// decision does not count).
	Mark Mark `json:"mark,omitempty"`
	// Reasons name what differs between the play made and the best play
	// when they differ (Why): the most important first, at most
	// MaxReasons; Why says them in one sentence of Options.Lang. Both are
	// empty when the plays are the same or differ in nothing Why names.
	Reasons []words.Reason `json:"reasons,omitempty"`
	Why     string         `json:"why,omitempty"`
}

// Throw is a throw of the dice judged: its luck for the seat who threw.
type Throw struct {
	// Mover is the seat whose throw it was, −1 when it was nobody's (the
	// draw for the start), which has no luck.
	Mover int `json:"mover"`
	// Equity is the mover's equity after the throw (his best play made),
	// Mean the mean of that over every throw he could have thrown, by their
	// weights, and Luck their difference.
	Equity float64 `json:"equity"`
	Mean   float64 `json:"mean"`
	Luck   float64 `json:"luck"`
	// Mark grades Luck on the game's Scale ("" when it is small).
	Mark Mark `json:"mark,omitempty"`
}

// PlayerReport is one seat's summary.
type PlayerReport struct {
	Seat int `json:"seat"`
	// Decisions counts the decisions that counted (had a choice), Loss is
	// the equity they lost in all, ErrorRate the mean loss per decision
	// (0 when there were none).
	Decisions int     `json:"decisions"`
	Loss      float64 `json:"loss"`
	ErrorRate float64 `json:"errorRate"`
	// Throws counts the seat's throws and Luck sums their luck.
	Throws int     `json:"throws"`
	Luck   float64 `json:"luck"`
	// Rating grades the error rate on the game's scale (Grades); "" when
	// the seat made no decision that counted.
	Rating string `json:"rating"`
}

// Options sets how a game is analysed. The zero value is the default.
type Options struct {
	// Plies is how deep the race games' plays are judged: 1 (or 0), every
	// play by the net over the position after it; 2, the best few plays of
	// one ply and the play made averaged over the opponent's throws, each
	// answered by his best play at one ply. The throws' luck is judged at
	// one ply either way. The Festungsspiel is judged at one ply.
	Plies int
	// Lang is the language of each Decision's Why (English by default).
	Lang words.Lang
}

// candidates2 is how many of the best plays of one ply are judged two
// plies deep, beside the play made.
const candidates2 = 4

// Game analyses the steps played in h (not the undone ones) at the default
// Options.
func Game(h *brettspiel.History) (*Report, error) { return Options{}.Game(h) }

// GameContext is [Options.Game] within ctx (nil for none): when ctx is done the analysis
// stops between two steps and returns ctx's error (context.Canceled or
// context.DeadlineExceeded) and no report.
func (o Options) GameContext(ctx context.Context, h *brettspiel.History) (*Report, error) {
	if h == nil {
		return nil, &brettspiel.Error{Op: "analyse", Err: brettspiel.ErrBadOptions, Reason: "no game to analyse"}
	}
	steps := make([]brettspiel.HistoryEntry, 0, h.Len())
	for _, e := range h.All() {
		steps = append(steps, e)
	}
	return o.Steps(ctx, h.Start(), 0, steps)
}

// Record analyses a record in its text form at the default Options.
func Record(text string) (*Report, error) { return Options{}.Record(text) }

// Record analyses a record in its text form: it is read by
// brettspiel.ParseRecord and loaded as catalog.LoadRecord loads it, and a
// record either refuses is refused with the same error.
func (o Options) Record(text string) (*Report, error) {
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	if _, err := catalog.LoadRecord(rec); err != nil {
		return nil, err
	}
	h, err := catalog.LoadHistory(rec)
	if err != nil {
		return nil, err
	}
	return o.Game(h)
}

// Game analyses the steps played in h, which it does not change.
func (o Options) Game(h *brettspiel.History) (*Report, error) {
	return o.GameContext(nil, h)
}

// Steps analyses a part of a game: the steps played from the position
// start, the first of them the game's step of index first (its Index in
// the report). Only each entry's Move, Notation and Actor are read. A
// caller that holds a History under a lock copies start (History.Before)
// and the entries under it and judges them after, without it. When ctx
// (nil for none) is done it stops between two steps and returns ctx's
// error.
func (o Options) Steps(ctx context.Context, start brettspiel.Game, first int, steps []brettspiel.HistoryEntry) (*Report, error) {
	if start == nil {
		return nil, &brettspiel.Error{Op: "analyse", Err: brettspiel.ErrBadOptions, Reason: "no game to analyse"}
	}
	if o.Lang > words.German {
		return nil, &brettspiel.Error{Op: "analyse", Err: brettspiel.ErrBadOptions, Reason: "the languages are English and German"}
	}
	if o.Plies < 0 || o.Plies > 2 {
		return nil, &brettspiel.Error{Op: "analyse", Err: brettspiel.ErrBadOptions, Reason: "plies are 1 or 2"}
	}
	g := start.Clone()
	a, err := newAnalyst(g, o)
	if err != nil {
		return nil, err
	}
	rep := &Report{Variant: g.Variant(), Judge: a.name, Unit: unitOf(g.Variant()), Steps: make([]Step, 0, len(steps))}
	rep.Scale, _ = ScaleOf(rep.Variant)
	rep.Players = make([]PlayerReport, g.NumPlayers())
	for p := range rep.Players {
		rep.Players[p].Seat = p
	}
	rep.Before = a.equities(g)
	prev := rep.Before
	for k, e := range steps {
		if ctx != nil && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		s := Step{Index: first + k, Actor: int(e.Actor), Notation: e.Notation}
		switch q := g.ToMove(); {
		case q == brettspiel.Chance:
			s.Throw = a.throw(g, e.Move)
			s.Throw.Mark = rep.Scale.Luck(s.Throw.Luck)
			if t := s.Throw; t.Mover >= 0 && t.Mover < len(rep.Players) {
				rep.Players[t.Mover].Throws++
				rep.Players[t.Mover].Luck += t.Luck
			}
		case q >= 0 && int(q) < len(rep.Players):
			s.Decision = a.decision(g, e.Move)
			if d := s.Decision; d.Counted {
				d.Mark = rep.Scale.Decision(d.Loss)
				rep.Players[q].Decisions++
				rep.Players[q].Loss += d.Loss
			}
		}
		if err := g.Apply(e.Move); err != nil {
			// a history holds only legal steps; kept as a plain error for
			// safety
			return nil, err
		}
		s.Equities = a.equitiesAfter(g, s, prev)
		prev = s.Equities
		rep.Steps = append(rep.Steps, s)
	}
	for p := range rep.Players {
		pr := &rep.Players[p]
		if pr.Decisions > 0 {
			pr.ErrorRate = pr.Loss / float64(pr.Decisions)
			pr.Rating = Rate(rep.Variant, pr.ErrorRate)
		}
	}
	return rep, nil
}

func unitOf(variant string) string {
	switch variant {
	case "toccateglio":
		return "strokes"
	case "verkehren":
		return "points"
	case "festung":
		return "markers"
	}
	return "returns"
}

// analyst judges the positions of one game.
type analyst struct {
	name  string
	plies int
	lang  words.Lang
	// value is p's equity in g judged statically: at the end exactly, at a
	// throw by the net (the race games) or the balance (the Festungsspiel).
	value func(g brettspiel.Game, p brettspiel.Player) float64
	// rank, when set, ranks the moves of a seat's decision by the same
	// judgement as value, best first, faster than a value each (the nets
	// judge the plays of one position incrementally); it leaves out the
	// moves that concede unless every move does.
	rank func(g brettspiel.Game, legal []brettspiel.Move) []neural.Ranked
	// choices, when set, values the moves of a seat's decision exactly
	// from the mover's view (festungbot.ChoiceValues); ok is false where it
	// cannot, and value judges them then.
	choices func(g brettspiel.Game, legal []brettspiel.Move) (values []float64, ok bool)
	// race, when set, says whether a decision is a race the bear-off
	// tables judge.
	race func(g brettspiel.Game) neural.RaceJudgement
}

func newAnalyst(g brettspiel.Game, o Options) (*analyst, error) {
	a := &analyst{plies: max(o.Plies, 1), lang: o.Lang}
	switch v := g.Variant(); v {
	case "toccateglio", "verkehren":
		e, err := neural.Load(v)
		if err != nil {
			return nil, err
		}
		a.name = "net, 1 ply"
		if a.plies == 2 {
			a.name = "net, 2 plies"
		}
		a.value = e.Equity
		b := neural.Bot{Level: neural.Advanced}
		a.rank = func(g brettspiel.Game, legal []brettspiel.Move) []neural.Ranked { return b.Rank(g, legal, nil) }
		a.race = e.RaceJudgement
	case "festung":
		// a choice changes only what the outer works numbered as the large
		// die give from then on, which festungbot values exactly
		a.name, a.plies = "exact", 1
		a.value = bot.Evaluate
		a.choices = festungbot.ChoiceValues
	default:
		a.name, a.plies = "balance", 1
		a.value = bot.Evaluate
	}
	return a, nil
}

// equities returns each seat's equity at g, as the judge values it: the
// balance in the Festungsspiel; in the race games the net's at a throw or
// the end, and with the decision at g taken by one ply otherwise.
func (a *analyst) equities(g brettspiel.Game) []float64 {
	v := make([]float64, g.NumPlayers())
	for p := range v {
		if g.ToMove() < 0 || a.rank == nil {
			v[p] = finite(a.value(g, brettspiel.Player(p)))
		} else {
			v[p] = finite(a.settled(g, brettspiel.Player(p)))
		}
	}
	return v
}

// equitiesAfter returns each seat's equity after step s, g the position
// after it and prev the equities before it. The race games' come from the
// step's judgement, at no cost (their two seats' equities are opposites);
// the Festungsspiel's balance is read from g.
func (a *analyst) equitiesAfter(g brettspiel.Game, s Step, prev []float64) []float64 {
	if a.rank == nil {
		return a.equities(g)
	}
	v, mover := 0.0, -1
	switch {
	case s.Decision != nil:
		v, mover = s.Decision.Played, s.Actor
	case s.Throw != nil && s.Throw.Mover >= 0:
		v, mover = s.Throw.Equity, s.Throw.Mover
	}
	if mover < 0 || len(prev) != 2 {
		return prev
	}
	out := []float64{v, -v}
	if mover == 1 {
		out[0], out[1] = -v, v
	}
	return out
}

// finite replaces a value that is not a finite number by 0, so that no
// report carries one (JSON has none).
func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

// after returns the position after m, false when m cannot be played.
func after(g brettspiel.Game, m brettspiel.Move) (brettspiel.Game, bool) {
	c := g.Clone()
	return c, c.Apply(m) == nil
}

// settled returns p's equity at g with a seat's decision at g taken: the
// decider's best move by one ply (his view), judged from p's view; g itself
// when no seat is to decide.
func (a *analyst) settled(g brettspiel.Game, p brettspiel.Player) float64 {
	q := g.ToMove()
	if q < 0 {
		return a.value(g, p)
	}
	legal := g.LegalMoves()
	if a.rank != nil && len(legal) > 1 {
		if r := a.rank(g, legal); len(r) > 1 {
			// more than one move ranked: each has its value (a single one
			// is returned unjudged)
			if p == q {
				return r[0].Value
			}
			if c, ok := after(g, r[0].Move); ok {
				return a.value(c, p)
			}
		}
	}
	best, bestP, found := math.Inf(-1), 0.0, false
	for _, m := range legal {
		c, ok := after(g, m)
		if !ok {
			continue
		}
		v := a.value(c, q)
		if !found || v > best {
			best, found = v, true
			bestP = v
			if p != q {
				bestP = a.value(c, p)
			}
		}
	}
	if !found {
		return a.value(g, p)
	}
	return bestP
}

// deep returns p's equity of the position c (after p's play) two plies
// deep: at a throw the mean, over the throws, of the position with the
// decision after each taken by one ply; c's static value otherwise.
func (a *analyst) deep(c brettspiel.Game, p brettspiel.Player) float64 {
	if c.ToMove() != brettspiel.Chance {
		return a.value(c, p)
	}
	return a.mean(c, p)
}

// mean returns p's mean equity over the throws of the chance node g, each
// followed by its decision by one ply.
func (a *analyst) mean(g brettspiel.Game, p brettspiel.Player) float64 {
	sum, total := 0.0, 0
	for _, o := range g.ChanceOutcomes() {
		c, ok := after(g, o.Move)
		if !ok || o.Weight <= 0 {
			continue
		}
		sum += float64(o.Weight) * a.settled(c, p)
		total += o.Weight
	}
	if total == 0 {
		return a.value(g, p)
	}
	return sum / float64(total)
}

// decision judges the move played at g, a seat's decision.
func (a *analyst) decision(g brettspiel.Game, played brettspiel.Move) *Decision {
	p := g.ToMove()
	legal := g.LegalMoves()
	con, _ := g.(kit.Conceder)
	d := &Decision{}
	concedes := false
	for _, m := range legal {
		if con != nil && con.Concedes(m) {
			concedes = concedes || m == played
			continue
		}
		d.Choices++
	}
	d.Counted = d.Choices > 1 || concedes && d.Choices > 0
	vals, exact := []float64(nil), false
	if a.choices != nil {
		vals, exact = a.choices(g, legal)
	}
	if !exact {
		vals = make([]float64, len(legal))
		for i, m := range legal {
			vals[i] = math.Inf(-1)
			if c, ok := after(g, m); ok {
				vals[i] = a.value(c, p)
			}
		}
	}
	race := neural.NotRace
	if a.race != nil {
		race = a.race(g)
	}
	if race != neural.NotRace {
		d.Judge = race.String()
	}
	// a race the two-sided table covers is judged at one ply as well as
	// at any depth
	if a.plies == 2 && d.Counted && race != neural.RaceExact && race != neural.RaceTabled {
		a.twoPlies(g, played, legal, vals)
	}
	best, bestM, playedV := math.Inf(-1), played, math.Inf(-1)
	for i, m := range legal {
		if m == played {
			playedV = vals[i]
		}
		if vals[i] > best {
			best, bestM = vals[i], m
		}
	}
	if playedV >= best {
		bestM = played
	}
	d.Played, d.Best = finite(playedV), finite(best)
	d.Loss = max(d.Best-d.Played, 0)
	d.BestNotation = g.MoveString(bestM)
	d.PlayedSteps, d.BestSteps = boardSteps(g, played), boardSteps(g, bestM)
	if bestM != played {
		if rs, err := Why(g, played, bestM); err == nil && len(rs) > 0 {
			d.Reasons, d.Why = rs, a.lang.Why(rs)
		}
	}
	return d
}

// boardSteps are the steps of m, a legal play at g, in the board's points,
// or nil for a move that moves no stone or a game that cannot say.
func boardSteps(g brettspiel.Game, m brettspiel.Move) []brettspiel.Step {
	d, ok := g.(brettspiel.Describer)
	if !ok {
		return nil
	}
	info, err := d.Describe(m)
	if err != nil || info.Kind != brettspiel.MovePlay {
		return nil
	}
	return info.Steps
}

// twoPlies judges the best candidates2 plays of one ply and the play made
// two plies deep, and leaves every other play out (−∞).
func (a *analyst) twoPlies(g brettspiel.Game, played brettspiel.Move, legal []brettspiel.Move, vals []float64) {
	p := g.ToMove()
	// the best candidates2 by one ply, chosen one pass each
	deep := make([]bool, len(legal))
	for k := 0; k < candidates2 && k < len(legal); k++ {
		b := -1
		for i := range legal {
			if !deep[i] && (b < 0 || vals[i] > vals[b]) {
				b = i
			}
		}
		deep[b] = true
	}
	for i, m := range legal {
		if m == played {
			deep[i] = true
		}
	}
	for i, m := range legal {
		if !deep[i] {
			vals[i] = math.Inf(-1)
			continue
		}
		if c, ok := after(g, m); ok {
			vals[i] = a.deep(c, p)
		}
	}
}

// throw judges the throw t at the chance node g: its luck for the seat
// whose throw it is.
func (a *analyst) throw(g brettspiel.Game, t brettspiel.Move) *Throw {
	mover := brettspiel.Player(-1)
	if tu, ok := g.(interface{ Turn() brettspiel.Player }); ok {
		mover = tu.Turn()
	}
	if mover < 0 || int(mover) >= g.NumPlayers() {
		return &Throw{Mover: -1}
	}
	c, ok := after(g, t)
	if !ok {
		return &Throw{Mover: int(mover)}
	}
	eq := finite(a.settled(c, mover))
	mean := finite(a.mean(g, mover))
	return &Throw{Mover: int(mover), Equity: eq, Mean: mean, Luck: eq - mean}
}
