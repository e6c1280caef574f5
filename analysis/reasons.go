package analysis

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
	"github.com/brettspiel/brettspiel/words"
)

// MaxReasons is the most reasons [Why] gives: a tutor says two or three
// things, not everything.
const MaxReasons = 3

// Why names what differs between two plays of the seat to move at before,
// the play made and a better one: the reasons a tutor gives (words.Reason,
// said by words.Lang.Why), the most important first, at most MaxReasons
// of them. They are computed from the positions after the two plays and
// the events each play reports, never from the notation:
//
//   - a hit the better play makes and the play made does not (Verkehren,
//     V-H1), with the points hit;
//   - a Jan (a closed quarter, Toccateglio T-J1) that the better play
//     closes or keeps and the play made does not, with its marks (T-J1)
//     or the marks the play made gives the opponent for opening it
//     (T-J2); other marks the better play scores (the Marsch, T-B3);
//   - the own Hucke (point 12 of the track) the better play takes or keeps;
//   - a blot (a single stone) the play made leaves within the opponent's
//     direct reach, with how many of his 36 throws hit it — by a die or by
//     the dice combined through a point he may stop on (D-4; in
//     Toccateglio his hit marks, T-M1, in Verkehren his hit, V-H1, under
//     the default band rule V-B1) — when more throws hit the play made's
//     blots than the better play's;
//   - the open entry points left to an opponent with stones to enter
//     (Verkehren, V-E2);
//   - a point (two or more stones) the play made breaks or the better play
//     makes, the start point and the Hucke left out;
//   - the last stone left behind, when the better play brings it on;
//   - in the Festungsspiel, the fortress taken from (F-A2), when the
//     marker the choice leaves is open to more opponents (F-A1) than the
//     one the better choice leaves.
//
// When either play ends a Marsch or the game, only the hits and the marks
// are compared: the boards after it are set up anew or final. Equal
// plays, plays that differ in none of these, and moves that are no play
// of a throw (Toccateglio's go-on or afresh, the Schule's declarations
// and claims, a concession) give no reasons.
// A position at which no seat is to move, or a move that is not legal
// there, is refused with an error (wrapping brettspiel.ErrBadOptions or
// the game's error for the move); before is not changed.
func Why(before brettspiel.Game, played, better brettspiel.Move) ([]words.Reason, error) {
	if before == nil || before.ToMove() < 0 {
		return nil, &brettspiel.Error{Op: "why", Err: brettspiel.ErrBadOptions, Reason: "no seat is to move"}
	}
	yours, best := before.Clone(), before.Clone()
	if err := yours.Apply(played); err != nil {
		return nil, err
	}
	if err := best.Apply(better); err != nil {
		return nil, err
	}
	if played == better {
		return nil, nil
	}
	if _, fest := before.(*festung.Game); !fest && (!isPlay(before, played) || !isPlay(before, better)) {
		// a decision that moves no stone (go on or afresh, a declaration
		// of the Schule) or a concession: no play to compare
		return nil, nil
	}
	var rs []words.Reason
	switch g := before.(type) {
	case *toccateglio.Game:
		rs = raceWhy(g.Board(), yours.(*toccateglio.Game).Board(), best.(*toccateglio.Game).Board(),
			int(g.ToMove()), yours.Events(), best.Events(), &tocShots{closedHucke: g.Options().ClosedOpponentHucke}, nil)
	case *verkehren.Game:
		y, b := yours.(*verkehren.Game), best.(*verkehren.Game)
		opp := 1 - g.ToMove()
		entries := func() (int, int, bool) {
			stuck := y.Count(opp, board.Waiting) > 0 && b.Count(opp, board.Waiting) > 0
			return y.OpenEntries(opp), b.OpenEntries(opp), stuck
		}
		rs = raceWhy(g.Board(), y.Board(), b.Board(), int(g.ToMove()), yours.Events(), best.Events(), vkShots{}, entries)
	case *festung.Game:
		if r, ok := fortressWhy(g, played, better); ok {
			rs = append(rs, r)
		}
	}
	if len(rs) > MaxReasons {
		rs = rs[:MaxReasons]
	}
	return rs, nil
}

// isPlay reports whether m, legal at g, is a play of the throw (or the
// pass when nothing can be played).
func isPlay(g brettspiel.Game, m brettspiel.Move) bool {
	d, ok := g.(brettspiel.Describer)
	if !ok {
		return false
	}
	info, err := d.Describe(m)
	return err == nil && (info.Kind == brettspiel.MovePlay || info.Kind == brettspiel.MovePass)
}

// hucke is the own Hucke's point in the track of both race games.
const hucke = 12

// raceWhy gives the reasons of a race game, in their order: before, yours
// and best are the boards before and after the two plays, me the mover;
// entries, when set, gives the open entry points of the opponent after
// the two plays and whether he has stones to enter after both.
func raceWhy(before, yours, best board.Board, me int, evYours, evBest []brettspiel.Event, sh shooter, entries func() (int, int, bool)) []words.Reason {
	var rs []words.Reason
	geo := before.Geometry
	abs := func(t int) int { return geo.ToAbsolute(me, t) }
	b0, y, b := &before.Sides[me], &yours.Sides[me], &best.Sides[me]

	// hits
	hy, _ := hitsOf(evYours, me)
	hb, on := hitsOf(evBest, me)
	if hb > hy {
		rs = append(rs, words.Reason{Kind: words.ReasonHit, Points: on, Played: hy, Better: hb})
	}
	// Jans (Toccateglio's T-J1 and T-J2; a quarter of Verkehren never marks)
	janBroken, janMade := map[int]bool{}, map[int]bool{}
	if _, ok := sh.(*tocShots); ok {
		for _, q := range []int{1, 2, 4} {
			switch {
			case closed(b, q) && !closed(y, q) && closed(b0, q):
				janBroken[q] = true
				rs = append(rs, words.Reason{Kind: words.ReasonJanBroken, Quarter: q, Played: janMarks(evYours, 1-me, "T-J2", q), Better: janMarks(evBest, 1-me, "T-J2", q)})
			case closed(b, q) && !closed(y, q):
				janMade[q] = true
				rs = append(rs, words.Reason{Kind: words.ReasonJan, Quarter: q, Played: janMarks(evYours, me, "T-J1", q), Better: janMarks(evBest, me, "T-J1", q)})
			}
		}
	}
	if my, mb := marksOf(evYours, me, "")-marksOf(evYours, me, "T-J1"), marksOf(evBest, me, "")-marksOf(evBest, me, "T-J1"); mb > my {
		rs = append(rs, words.Reason{Kind: words.ReasonMarks, Played: my, Better: mb})
	}
	if ends(evYours) || ends(evBest) {
		// a Marsch or the game ended: the stones went back to the setup or
		// stay as the end left them, and the boards say nothing more
		return rs
	}
	// the Hucke
	if b[hucke] >= 2 && y[hucke] < 2 {
		k := words.ReasonHucke
		if b0[hucke] >= 2 {
			k = words.ReasonHuckeLeft
		}
		rs = append(rs, words.Reason{Kind: k, Point: abs(hucke)})
	}
	// blots within the opponent's reach
	if at, worst, all := exposure(&yours, me, sh); worst > 0 {
		_, worstB, allB := exposure(&best, me, sh)
		if all > allB && worst > worstB {
			rs = append(rs, words.Reason{Kind: words.ReasonBlot, Point: abs(at), Played: worst, Better: worstB})
		}
	}
	// the opponent's entry points
	if entries != nil {
		if oy, ob, stuck := entries(); stuck && ob < oy {
			rs = append(rs, words.Reason{Kind: words.ReasonEntry, Played: oy, Better: ob})
		}
	}
	// points kept or made, the start point, the Hucke and a Jan's quarter
	// left out (their reasons are above); the most advanced first
	for t := board.Points; t > 1; t-- {
		if t == hucke || janBroken[board.Quarter(t)] || janMade[board.Quarter(t)] || b[t] < 2 || y[t] >= 2 {
			continue
		}
		k := words.ReasonPointNotMade
		if b0[t] >= 2 {
			k = words.ReasonPointBroken
		}
		rs = append(rs, words.Reason{Kind: k, Point: abs(t)})
		break
	}
	// the last stone left behind
	if fy, fb := y.Farthest(), b.Farthest(); fy > 0 && fy < fb && y[fy] == 1 && y[board.Waiting] == 0 {
		rs = append(rs, words.Reason{Kind: words.ReasonBehind, Point: abs(fy), BetterPoint: abs(fb)})
	}
	return rs
}

// ends reports whether evs end a Marsch (T-B3) or the game.
func ends(evs []brettspiel.Event) bool {
	for _, e := range evs {
		if e.Kind == brettspiel.EventEnd || e.Rule == "T-B3" || e.Rule == "T-B4" {
			return true
		}
	}
	return false
}

// hitsOf counts the stones me hits in evs and lists the points, in order.
func hitsOf(evs []brettspiel.Event, me int) (int, []int) {
	n, on := 0, []int(nil)
	for _, e := range evs {
		if e.Kind == brettspiel.EventHit && int(e.Player) == me {
			n++
			on = append(on, e.To)
		}
	}
	return n, on
}

// marksOf sums the marks seat p scores in evs by the rule (every rule for
// ""); the Jan's rules T-J1 and T-J3 count as one.
func marksOf(evs []brettspiel.Event, p int, rule string) int {
	n := 0
	for _, e := range evs {
		r := e.Rule
		if r == "T-J3" {
			r = "T-J1"
		}
		if e.Kind == brettspiel.EventMark && int(e.Player) == p && (rule == "" || r == rule) {
			n += e.Amount
		}
	}
	return n
}

// janMarks sums the marks seat p scores in evs by the Jan's rule (T-J1,
// with T-J3, or T-J2) for quarter q.
func janMarks(evs []brettspiel.Event, p int, rule string, q int) int {
	n := 0
	for _, e := range evs {
		if e.Number == q {
			n += marksOf([]brettspiel.Event{e}, p, rule)
		}
	}
	return n
}

// closed reports whether quarter q of the side's track is closed: two or
// more stones on each of its six points (T-J1).
func closed(s *board.Side, q int) bool {
	first, last := board.QuarterPoints(q)
	for t := first; t <= last; t++ {
		if s[t] < 2 {
			return false
		}
	}
	return true
}

// shooter counts the opponent's throws that hit a blot.
type shooter interface {
	// hits reports whether the opponent's throw t hits the mover's blot
	// on the opponent's track point target; opp and mine are the two sides
	// in the opponent's track.
	hits(t dice.Throw, target int, opp, mine *board.Side) bool
}

// exposure returns the mover's blot (track point) that the most of the
// opponent's 36 throws hit, that number, and how many throws hit one of
// his blots at all.
func exposure(bd *board.Board, me int, sh shooter) (at, worst, all int) {
	opp := &bd.Sides[1-me]
	// the mover's stones in the opponent's track
	var mine board.Side
	for t := 1; t <= board.Points; t++ {
		mine[bd.Geometry.OtherTrack(t)] = bd.Sides[me][t]
	}
	var hit [36]bool
	for t := 1; t <= board.Points; t++ {
		if bd.Sides[me][t] != 1 {
			continue
		}
		target := bd.Geometry.OtherTrack(t)
		n := 0
		for i, th := range dice.Ordered2() {
			if sh.hits(th, target, opp, &mine) {
				n++
				hit[i] = true
			}
		}
		if n > worst {
			at, worst = t, n
		}
	}
	for _, h := range hit {
		if h {
			all++
		}
	}
	return at, worst, all
}

// tocShots are Toccateglio's hits (T-M1): from every point holding a stone
// of the opponent, by each die or the dice combined, the point between
// one he may stop on: none of the mover's stones there, not his own empty
// Hucke, not the mover's Hucke unless it lends the pass (T-D4). A doublet
// goes d and 2d.
type tocShots struct{ closedHucke bool }

func (s *tocShots) hits(t dice.Throw, target int, opp, mine *board.Side) bool {
	for x := 1; x < target; x++ {
		if opp[x] == 0 {
			continue
		}
		var blocked dice.Blocked
		for d := 1; x+d < target; d++ {
			y := x + d
			if mine[y] > 0 || y == hucke && opp[y] == 0 || y == hucke+1 && s.closedHucke {
				blocked = blocked.Block(d)
			}
		}
		if dice.Hits(t, target-x, dice.DoubletsOnce, blocked) {
			return true
		}
	}
	return false
}

// vkShots are Verkehren's hits (V-H1) by the default landing rules: a
// stone of the opponent lands on the blot by a die or by the dice
// combined (a doublet up to four times), stopping on the way only where
// the mover has fewer than two stones and where the opponent has none on
// his points 2–11 (V-B1); while he has stones to enter, only they move,
// from his point 0 (V-E1). His house, point 1, is no target.
type vkShots struct{}

func (vkShots) hits(t dice.Throw, target int, opp, mine *board.Side) bool {
	if target <= 1 {
		return false
	}
	for x := 0; x < target; x++ {
		if opp[x] == 0 || opp[board.Waiting] > 0 && x != board.Waiting {
			continue
		}
		var blocked dice.Blocked
		for d := 1; x+d < target; d++ {
			y := x + d
			if mine[y] >= 2 || y == 1 && mine[y] > 0 || y >= 2 && y <= 11 && opp[y] > 0 {
				blocked = blocked.Block(d)
			}
		}
		if dice.Hits(t, target-x, dice.DoubletsFour, blocked) {
			return true
		}
	}
	return false
}

// fortressWhy is the Festungsspiel's reason: the fortresses the two
// choices take from, and how many opponents may take the marker each
// leaves (their open fortresses, F-A1, as they are before the choice).
func fortressWhy(g *festung.Game, played, better brettspiel.Move) (words.Reason, bool) {
	fy, ok1 := fortressOf(g, played)
	fb, ok2 := fortressOf(g, better)
	if !ok1 || !ok2 || fy == fb {
		return words.Reason{}, false
	}
	me := g.ToMove()
	reach := func(f int) int {
		n := 0
		for p := range g.NumPlayers() {
			if brettspiel.Player(p) != me && g.OpenFortresses(brettspiel.Player(p)) >= f {
				n++
			}
		}
		return n
	}
	r := words.Reason{Kind: words.ReasonFortress, Point: fy, BetterPoint: fb, Played: reach(fb), Better: reach(fy)}
	return r, r.Played > r.Better
}

// fortressOf is the fortress whose outer works the choice m takes from.
func fortressOf(g *festung.Game, m brettspiel.Move) (int, bool) {
	info, err := g.Describe(m)
	if err != nil || info.Field == 0 {
		return 0, false
	}
	f, ok := festung.FieldOf(festung.FieldID(info.Field))
	return f.Fortress, ok && f.Fortress > 0
}
