package neural

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/bot/bearoff"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// RaceJudgement says how a position that is a pure race — every stone of
// both sides on its own last six points, so that nothing can meet any
// more — is judged instead of by the net.
type RaceJudgement uint8

const (
	// NotRace: the position is judged by the net (contact, stones to
	// enter, or a race the tables do not cover).
	NotRace RaceJudgement = iota
	// RaceEstimated: a race of more stones than the two-sided table
	// holds, valued from the one-sided tables (each side's number of turns
	// to bear off, taken as independent).
	RaceEstimated
	// RaceTabled: a race the two-sided table values exactly, in
	// Toccateglio at marks where winning the Marsch does not always end
	// the Partie: the race's odds are exact, the Partie that goes on after
	// it is judged by the net (its setup at the new marks).
	RaceTabled
	// RaceExact: a race the two-sided table values exactly, and its result
	// with it: in Verkehren a single game; in Toccateglio at marks where
	// either side's Marsch wins the Partie (both at 10 or more).
	RaceExact
)

var raceJudgementNames = [...]string{"net", "race-estimated", "race-tabled", "race-exact"}

// String names the judgement: "net", "race-estimated", "race-tabled" or
// "race-exact".
func (r RaceJudgement) String() string {
	if int(r) < len(raceJudgementNames) {
		return raceJudgementNames[r]
	}
	return "RaceJudgement(?)"
}

// Exact says whether the judgement is exact: the table's odds and the
// result they lead to both solved.
func (r RaceJudgement) Exact() bool { return r == RaceExact }

// tablesFor returns the bear-off tables of rules r; nil if none.
func tablesFor(r bearoff.Rules) *bearoff.Tables {
	t, err := bearoff.For(r)
	if err != nil {
		return nil
	}
	return t
}

// raceOdds returns the odds of the race at g for thrower, the seat to throw,
// and how they were found; NotRace when g is no race the tables cover.
// stonesLimit bounds the stones a side may have for the one-sided estimate.
func raceOdds(t *bearoff.Tables, me, other *board.Side, stonesLimit int) (bearoff.Odds, RaceJudgement) {
	if t == nil {
		return bearoff.Odds{}, NotRace
	}
	a, ok := bearoff.PositionOf(me)
	if !ok {
		return bearoff.Odds{}, NotRace
	}
	b, ok := bearoff.PositionOf(other)
	if !ok {
		return bearoff.Odds{}, NotRace
	}
	if o, ok := t.Exact(a, b); ok {
		return o, RaceExact
	}
	if a.Stones() > stonesLimit || b.Stones() > stonesLimit {
		return bearoff.Odds{}, NotRace
	}
	if o, ok := t.Estimate(a, b); ok {
		return o, RaceEstimated
	}
	return bearoff.Odds{}, NotRace
}

// raceVerkehren judges a Verkehren race for thrower: a single game won or
// lost (V-W1; no double game can arise any more).
func (j *judge) raceVerkehren(g *verkehren.Game, thrower brettspiel.Player) (float64, RaceJudgement) {
	o := g.Options()
	b := g.Board()
	me, other := &b.Sides[thrower], &b.Sides[1-thrower]
	// Fifteen stones home with none borne off may yet all reach point 24
	// (a double game, V-W3 c), and a band limit below six bounds how
	// many points a side of twelve or more may hold (V-O1): the one-sided
	// tables know neither, so the net judges those.
	limit := 14
	if o.Opening == verkehren.BandLimit && o.BandLimit < 6 {
		limit = 2*max(o.BandLimit, 5) + 1
	}
	odds, kind := raceOdds(tablesFor(bearoff.Verkehren), me, other, limit)
	if kind == NotRace {
		return 0, NotRace
	}
	return 2*odds.Win - 1, kind
}

// setupKey names a Marsch about to start: the preset's setup, whose marks,
// and who throws.
type setupKey struct {
	stones, inHand int
	mine, theirs   int
}

// raceToccateglio judges a Toccateglio race for thrower in strokes of the
// Partie: each way the Marsch can end (T-B3) valued at the position's
// marks — the Partie won by the multiplier of T-W2 where the Marsch's two
// marks reach 12, or by the Satz, else the next Marsch from the setup, as
// the net judges it.
func (j *judge) raceToccateglio(g *toccateglio.Game, thrower brettspiel.Player) (float64, RaceJudgement) {
	o := g.Options()
	if o.Schule {
		return 0, NotRace // the marks are the players' own work
	}
	r := bearoff.Toccateglio
	if o.ThrowAgainAfterDoublet {
		r = bearoff.Toccadille
	}
	me, other := g.Stones(thrower), g.Stones(1-thrower)
	// twelve stones may close the last quarter (a Jan, T-J1), which the
	// tables do not count: the net judges those
	odds, kind := raceOdds(tablesFor(r), &me, &other, 11)
	if kind == NotRace {
		return 0, NotRace
	}
	marks := g.Marks()
	a, b := marks[thrower], marks[1-thrower]
	satz := !o.NoSatz
	// ends[k]: the value for thrower of the Marsch won by him (k 0, 1) or
	// by the other (2, 3), without (0, 2) or with (1, 3) a doublet last.
	var ends [4]float64
	exact := true
	for k := range 4 {
		winner, wm, lm := thrower, a, b
		if k >= 2 {
			winner, wm, lm = 1-thrower, b, a
		}
		var v float64
		if wm+2 >= 12 || satz && k%2 == 1 {
			v = float64(o.Multipliers.Multiplier(lm))
		} else {
			exact = false
			cont, ok := j.setupEquity(g, winner, wm+2, lm)
			if !ok {
				return 0, NotRace
			}
			v = cont
		}
		if winner != thrower {
			v = -v
		}
		ends[k] = v
	}
	pw := odds.Win - odds.WinDoublet
	pl := 1 - odds.Win - odds.LoseDoublet
	v := pw*ends[0] + odds.WinDoublet*ends[1] + pl*ends[2] + odds.LoseDoublet*ends[3]
	if kind == RaceExact && !exact {
		kind = RaceTabled
	}
	return v, kind
}

// setupEquity returns the net's equity, in strokes of the Partie, for p to
// throw first in a Marsch starting from the setup of g's rules with p at
// mine marks and the other at theirs (T-B4); ok is false when no such game
// can be made (a turn cap too small for it).
func (j *judge) setupEquity(g *toccateglio.Game, p brettspiel.Player, mine, theirs int) (float64, bool) {
	o := g.Options()
	stones := o.Stones
	if stones == 0 {
		stones = 15
	}
	key := setupKey{stones: stones, mine: mine, theirs: theirs}
	if o.EnterFromHand {
		key.inHand = stones
	}
	j.e.setupsMu.Lock()
	v, ok := j.e.setups[key]
	j.e.setupsMu.Unlock()
	if ok {
		return v, true
	}
	var pos toccateglio.Position
	for s := range 2 {
		if key.inHand > 0 {
			pos.Stones[s][board.Waiting] = int8(stones)
		} else {
			pos.Stones[s][1] = int8(stones)
		}
	}
	pos.Marks[p], pos.Marks[1-p] = mine, theirs
	pos.Strokes = g.Strokes()
	pos.Partien = g.Partien()
	pos.Turn = p
	s, err := toccateglio.FromPosition(o, pos)
	if err != nil {
		return 0, false
	}
	// a judge of its own: j may be in the middle of judging from a base
	fresh := newJudge(j.e)
	fresh.netOutputs(s, p)
	v = j.e.v.equity(fresh.out)
	j.e.setupsMu.Lock()
	if j.e.setups == nil {
		j.e.setups = map[setupKey]float64{}
	}
	j.e.setups[key] = v
	j.e.setupsMu.Unlock()
	return v, true
}

// race judges g, at a throw of thrower, when it is a pure race the
// bear-off tables cover: thrower's expected return beyond what is banked.
func (j *judge) race(g brettspiel.Game, thrower brettspiel.Player) (float64, RaceJudgement) {
	switch g := g.(type) {
	case *verkehren.Game:
		return j.raceVerkehren(g, thrower)
	case *toccateglio.Game:
		return j.raceToccateglio(g, thrower)
	}
	return 0, NotRace
}
