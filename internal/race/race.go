// Package race is a tiny dice game for 2–4 players that exists to test the
// conformance harness and to show the Game interface at work: each player has
// one token on 0; in turn a die is thrown and the player moves his token either
// the number thrown or a single point, never onto another token and never past
// the goal; with neither possible he passes. The first to stand on the goal wins
// (n−1 for him, −1 for each other player). A turn cap ends a game as a draw.
package race

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// Rules of a race. The zero value is a valid two-player race to 20.
type Rules struct {
	Players int // 2…4; 0 means 2
	Goal    int // 1…100; 0 means 20
	TurnCap int // applies before the game ends as a draw; 0 means 10000
}

// Race is the state of a race game.
type Race struct {
	rules  Rules
	pos    [4]int
	toMove brettspiel.Player // seat whose turn it is (the thrower at a chance node)
	die    int               // 0 at a chance node
	winner brettspiel.Player
	steps  int
	events []brettspiel.Event
}

// New starts a race; seat 0 throws first.
func New(rules Rules) (*Race, error) {
	if rules.Players == 0 {
		rules.Players = 2
	}
	if rules.Goal == 0 {
		rules.Goal = 20
	}
	if rules.TurnCap == 0 {
		rules.TurnCap = 10000
	}
	if rules.Players < 2 || rules.Players > 4 || rules.Goal < 1 || rules.Goal > 100 || rules.TurnCap < 0 {
		return nil, &brettspiel.Error{Op: "new race", Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf("%+v", rules)}
	}
	return &Race{rules: rules, winner: brettspiel.Nobody}, nil
}

func (g *Race) NumPlayers() int { return g.rules.Players }

func (g *Race) ToMove() brettspiel.Player {
	switch {
	case g.winner != brettspiel.Nobody || g.steps >= g.rules.TurnCap:
		return brettspiel.Terminal
	case g.die == 0:
		return brettspiel.Chance
	}
	return g.toMove
}

func (g *Race) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }

func (g *Race) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	switch g.ToMove() {
	case brettspiel.Terminal:
		return dst
	case brettspiel.Chance:
		for d := 1; d <= 6; d++ {
			dst = append(dst, kit.NewMove(brettspiel.Chance, uint64(d)))
		}
		return dst
	}
	start := len(dst)
	for _, k := range [2]int{1, g.die} {
		if g.canMove(k) && (len(dst) == start || dst[len(dst)-1].Payload() != uint64(k)) {
			dst = append(dst, kit.NewMove(g.toMove, uint64(k)))
		}
	}
	if len(dst) == start {
		dst = append(dst, kit.NewMove(g.toMove, 0)) // pass
	}
	return dst
}

func (g *Race) canMove(k int) bool {
	to := g.pos[g.toMove] + k
	if to > g.rules.Goal {
		return false
	}
	for p := 0; p < g.rules.Players; p++ {
		if p != int(g.toMove) && g.pos[p] == to {
			return false
		}
	}
	return true
}

func (g *Race) ChanceOutcomes() []brettspiel.Outcome {
	if g.ToMove() != brettspiel.Chance {
		return nil
	}
	outs := make([]brettspiel.Outcome, 6)
	for d := range outs {
		outs[d] = brettspiel.Outcome{Move: kit.NewMove(brettspiel.Chance, uint64(d+1)), Weight: 1}
	}
	return outs
}

func (g *Race) Apply(m brettspiel.Move) error {
	var buf [3]brettspiel.Move
	if err := kit.CheckMove(g.ToMove(), m, g.AppendLegalMoves(buf[:0]), g.MoveString); err != nil {
		return err
	}
	g.events = g.events[:0]
	g.steps++
	if m.Actor() == brettspiel.Chance {
		g.die = int(m.Payload())
		g.events = append(g.events, brettspiel.Event{Kind: brettspiel.EventThrow, Player: g.toMove, Other: brettspiel.Nobody, Amount: g.die, From: brettspiel.NoPlace, To: brettspiel.NoPlace})
		return nil
	}
	k := int(m.Payload())
	if k == 0 {
		g.events = append(g.events, brettspiel.Event{Kind: brettspiel.EventPass, Player: g.toMove, Other: brettspiel.Nobody, From: brettspiel.NoPlace, To: brettspiel.NoPlace})
	} else {
		from := g.pos[g.toMove]
		g.pos[g.toMove] += k
		g.events = append(g.events, brettspiel.Event{Kind: brettspiel.EventMove, Player: g.toMove, Other: brettspiel.Nobody, From: from, To: from + k, Number: k})
		if g.pos[g.toMove] == g.rules.Goal {
			g.winner = g.toMove
			g.events = append(g.events, brettspiel.Event{Kind: brettspiel.EventEnd, Player: g.toMove, Other: brettspiel.Nobody, From: brettspiel.NoPlace, To: brettspiel.NoPlace})
		}
	}
	g.die = 0
	g.toMove = (g.toMove + 1) % brettspiel.Player(g.rules.Players)
	return nil
}

func (g *Race) Events() []brettspiel.Event { return g.events }

func (g *Race) Returns() []int {
	rs := make([]int, g.rules.Players)
	if g.winner != brettspiel.Nobody {
		for p := range rs {
			rs[p] = -1
		}
		rs[g.winner] = g.rules.Players - 1
	}
	return rs
}

func (g *Race) Clone() brettspiel.Game {
	c := *g
	c.events = append([]brettspiel.Event(nil), g.events...)
	return &c
}

func (g *Race) MoveString(m brettspiel.Move) string {
	switch {
	case m.Actor() == brettspiel.Chance:
		return strconv.FormatUint(m.Payload(), 10)
	case m.Payload() == 0:
		return "pass"
	}
	return "+" + strconv.FormatUint(m.Payload(), 10)
}

func (g *Race) ParseMove(s string) (brettspiel.Move, error) {
	p := g.ToMove()
	bad := func(reason string) (brettspiel.Move, error) {
		return brettspiel.NoMove, &brettspiel.Error{Op: "parse move", Input: s, Err: brettspiel.ErrBadNotation, Reason: reason}
	}
	var m brettspiel.Move
	switch {
	case p == brettspiel.Terminal:
		return brettspiel.NoMove, &brettspiel.Error{Op: "parse move", Input: s, Err: brettspiel.ErrGameOver}
	case s == "pass":
		m = kit.NewMove(p, 0)
	case p == brettspiel.Chance:
		d, err := strconv.Atoi(s)
		if err != nil || d < 1 || d > 6 {
			return bad("a throw is one die, 1…6")
		}
		m = kit.NewMove(p, uint64(d))
	case strings.HasPrefix(s, "+"):
		k, err := strconv.Atoi(s[1:])
		if err != nil || k < 1 || k > 6 {
			return bad("a move is +1…+6")
		}
		m = kit.NewMove(p, uint64(k))
	default:
		return bad("want pass, +k, or a die at a throw")
	}
	var buf [6]brettspiel.Move
	if err := kit.CheckMove(p, m, g.AppendLegalMoves(buf[:0]), g.MoveString); err != nil {
		return brettspiel.NoMove, err
	}
	return m, nil
}

func (g *Race) String() string {
	var b strings.Builder
	for p := 0; p < g.rules.Players; p++ {
		fmt.Fprintf(&b, "player %d at %d of %d\n", p, g.pos[p], g.rules.Goal)
	}
	fmt.Fprintf(&b, "to move: %v", g.ToMove())
	if g.die != 0 {
		fmt.Fprintf(&b, ", die %d", g.die)
	}
	return b.String()
}

// Variant returns "race".
func (g *Race) Variant() string { return "race" }

// ID returns "": a race has no position ID.
func (g *Race) ID() string { return "" }
