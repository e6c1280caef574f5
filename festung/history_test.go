package festung

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/wire"
	"github.com/brettspiel/brettspiel/kit"
)

// rawSeat and rawID spell out the payload of a position ID field by field, in
// 64 bits, so that a test can write values the game itself never holds (and
// that do not fit an int on 32-bit platforms).
type rawSeat struct {
	balance       int64
	bought, pasch uint64
}

type rawID struct {
	players, stock, empty, cap uint64
	on                         [2]uint64 // fields 1…63 at bits 0…62, fields 64…68
	seats                      []rawSeat
	thrower, throw, throws     uint64
	end                        uint64
}

func (r rawID) String() string {
	var w wire.Writer
	for _, v := range []uint64{r.players, r.stock, r.empty, r.cap, r.on[0], r.on[1]} {
		w.Uint(v)
	}
	for _, s := range r.seats {
		w.Int(s.balance)
		w.Uint(s.bought)
		w.Uint(s.pasch)
	}
	for _, v := range []uint64{r.thrower, r.throw, r.throws, r.end} {
		w.Uint(v)
	}
	return kit.EncodeID(Variant, IDVersion, w.Bytes())
}

// rawOf returns the fields of g's ID.
func rawOf(g *Game) rawID {
	r := rawID{players: uint64(g.opts.Players), stock: uint64(g.opts.Stock), empty: uint64(g.opts.EmptyField), cap: uint64(g.opts.TurnCap),
		on: [2]uint64{g.on[0] >> 1, g.on[1]}, thrower: uint64(g.turn), throw: throwCode(g.throw), throws: uint64(g.throws), end: uint64(g.ending())}
	for p := range g.opts.Players {
		r.seats = append(r.seats, rawSeat{int64(g.balance[p]), uint64(g.bought[p]), uint64(g.pasch[p])})
	}
	return r
}

// wantRefused fails t unless ParseID refuses id with an error wrapping
// sentinel whose reason says reason.
func wantRefused(t *testing.T, id string, sentinel error, reason string) {
	t.Helper()
	g, err := ParseID(id)
	var e *brettspiel.Error
	if err == nil || !errors.As(err, &e) || !errors.Is(err, sentinel) || !strings.Contains(e.Reason, reason) || g != nil {
		t.Errorf("ParseID(%s) = %v; want %v saying %q", id, err, sentinel, reason)
	}
}

// The states of the hardening report that the decoder accepted: each is
// refused now, with the reason.
func TestParseIDRefusesImpossibleStates(t *testing.T) {
	// A balance of 2^40 (the old limit), from which one throw led to a state
	// that could not be saved.
	wantRefused(t, "festung:1:BhkAiCf______wEAgICAgIBAAACb_v___z-AgICAgCAAAAAAAAAAAAAAAAAAAAAAAMNg", brettspiel.ErrBadNotation, "seat 0's balance: 1099511627776 is outside")
	// Won with five Pasches after one throw.
	wantRefused(t, "festung:1:BhkAiCcAAKwCAAUAAAAAAAAAAAAAAAAAAAAAAAECZDw", brettspiel.ErrBadPosition, "seat 0 has 5 Pasches from 1 throw of his; a throw adds at most two")

	six := rawOf(newGame(t, 6))
	for p := range six.seats {
		six.seats[p].pasch = 4
	}
	wantRefused(t, six.String(), brettspiel.ErrBadPosition, "seat 0 has 4 Pasches from 0 throws of his")

	// 2^40 bought at throw 0: out of range for any game.
	bought := rawOf(newGame(t, 2))
	bought.seats[0].bought = 1 << 40
	wantRefused(t, bought.String(), brettspiel.ErrBadNotation, "seat 0's bought markers")
	// Bought, but less: still more than the setup makes anyone buy.
	bought.seats[0].bought = 3
	wantRefused(t, bought.String(), brettspiel.ErrBadPosition, "seat 0 bought 3 markers, but the setup and 0 throws make him buy 0 to 0")
}

// Seat 0 throws first and the dice go round (F-S1's seat order); at the end
// the last thrower stays.
func TestF_S1_ThrowerFollowsTheThrows(t *testing.T) {
	g := newGame(t, 3)
	r := rawOf(g)
	r.thrower = 1
	wantRefused(t, r.String(), brettspiel.ErrBadPosition, "seat 1's throw after 0 throws, but seat 0 throws first and the dice go round: seat 0's")
	play(t, g, "5/1-6")
	play(t, g, "6/5-5")
	if _, err := ParseID(g.ID()); err != nil || g.Turn() != 2 {
		t.Fatalf("after two throws, seat %d to throw: %v", g.Turn(), err)
	}
	r = rawOf(g)
	r.thrower = 0
	wantRefused(t, r.String(), brettspiel.ErrBadPosition, "seat 0's throw after 2 throws")

	capped, err := New(Options{Players: 3, TurnCap: 2})
	if err != nil {
		t.Fatal(err)
	}
	play(t, capped, "5/1-6")
	play(t, capped, "4/2-3")
	if !capped.Capped() || capped.Position().Thrower != 1 {
		t.Fatalf("capped %v, last thrower %d", capped.Capped(), capped.Position().Thrower)
	}
	if _, err := ParseID(capped.ID()); err != nil {
		t.Fatal(err)
	}
	r = rawOf(capped)
	r.thrower = 2
	wantRefused(t, r.String(), brettspiel.ErrBadPosition, "seat 2's throw after 2 throws")
}

// A throw adds at most two Pasches (6-6-6, F-C4): two after one throw is
// possible, three is not.
func TestF_C4_PaschesAgainstThrows(t *testing.T) {
	g := newGame(t, 2)
	play(t, g, "6/6-6")
	if g.Pasches(0) != 2 {
		t.Fatalf("6-6-6 gave %d Pasches", g.Pasches(0))
	}
	back, err := ParseID(g.ID())
	if err != nil || back.ID() != g.ID() {
		t.Fatalf("two Pasches after one throw: %v", err)
	}
	r := rawOf(g)
	r.seats[0].pasch = 3
	wantRefused(t, r.String(), brettspiel.ErrBadPosition, "seat 0 has 3 Pasches from 1 throw of his")
	r = rawOf(g)
	r.seats[1].pasch = 1 // seat 1 has not thrown yet
	wantRefused(t, r.String(), brettspiel.ErrBadPosition, "seat 1 has 1 Pasches from 0 throws of his")
}

// F-C3: the fifth Pasch needs three throws of the winner (6-6-6, 6-6-6 and
// one more): with fewer the ID is refused, with three it loads.
func TestF_C3_FifthPaschNeedsThreeThrows(t *testing.T) {
	g := newGame(t, 2)
	for _, th := range []string{"6/6-6", "1/2-3", "6/6-6", "1/2-3"} {
		play(t, g, th)
	}
	play(t, g, "1/1-1")
	if w, ok := g.Winner(); !ok || w != 0 {
		t.Fatalf("no winner after the fifth Pasch")
	}
	if _, err := ParseID(g.ID()); err != nil {
		t.Fatalf("a fifth Pasch after 5 throws: %v", err)
	}
	// The same end one throw of his earlier.
	early := rawOf(g)
	early.throws = 3
	wantRefused(t, early.String(), brettspiel.ErrBadPosition, "seat 0 has 5 Pasches from 2 throws of his")
}

// Before the first throw the plan is the setup (F-S1), balances are the
// stock less the stake, and only a stock below the stake has bought.
func TestF_S1_ThrowZeroIsTheSetup(t *testing.T) {
	g, err := New(Options{Players: 4, Stock: 5})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseID(g.ID()); err != nil || g.Bought(0) != 4 {
		t.Fatalf("stock 5 under a stake of 9: bought %d, %v", g.Bought(0), err)
	}
	moved := rawOf(g)
	moved.on[0] ^= 1<<0 | 1<<40 // W1.I's marker on field 41
	wantRefused(t, moved.String(), brettspiel.ErrBadPosition, "no throw has been made, but the markers on the plan are not those of the setup")
	paid := rawOf(g)
	paid.seats[0].balance++
	paid.seats[1].balance--
	paid.seats[1].bought++
	wantRefused(t, paid.String(), brettspiel.ErrBadPosition, "seat 0's balance is -3, but 0 throws (0 of them his) leave a balance of -4 after the setup between -4 and -4")
	rich := rawOf(g)
	rich.seats[0].bought = 0
	wantRefused(t, rich.String(), brettspiel.ErrBadPosition, "seat 0 bought 0 markers")
}

// The rules (rules/rules.md, F-S1): "bought" is the deepest a balance has gone below zero,
// judged transfer by transfer. A thrower at 0 who places on fortress 1, then
// takes markers back, has bought 1 and holds 1; the ID keeps what he bought,
// and its decoder accepts it.
func TestBoughtIsTheDeepestDeficit(t *testing.T) {
	g := edit(t, newGame(t, 2), 1, func(p *Position) {
		off(p, ow(1, 2, 0), ow(1, 2, 1))    // no II open: the large die 2 places (F-A2)
		on(p, SchanzeID(7), LineFieldID(9)) // 3-4 takes Schanze VII (F-B1) and L9 (F-C1)
		p.Balances[1] += p.Balances[0]
		p.Balances[0] = 0
	})
	got := play(t, g, "2/3-4")
	want(t, got, "0 throws 2/3-4", "0 places W1.II F-A2", "0 buys 1", "0 takes S.VII F-B1", "0 takes L9 F-C1")
	if g.Balance(0) != 1 || g.Bought(0) != 1 {
		t.Fatalf("balance %d, bought %d; want 1 and 1 (down to -1, then up)", g.Balance(0), g.Bought(0))
	}
	// The same state after a throw of seat 1 as well (a history the decoder
	// accepts: seat 1 gained on his throw).
	r := rawOf(g)
	r.throws, r.thrower = 2, 0
	back, err := ParseID(r.String())
	if err != nil || back.Balance(0) != 1 || back.Bought(0) != 1 {
		t.Fatalf("bought 1 at balance 1: %v", err)
	}
}

// How far one throw moves a balance, found by trying every throw and every
// decision in states of random games of every player count, stays within the
// decoder's bounds: at most maxLossPerThrow down (transfer by transfer, so
// also what is bought) and maxGainPerThrow up; and the most a seat pays, 17,
// is reached by 6-6-6 from three Pasches.
func TestF_C4_MostAThrowMovesABalance(t *testing.T) {
	worstLoss, worstGain := 0, 0
	check := func(before *Game, m brettspiel.Move) {
		g := before.clone()
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		for len(g.LegalMoves()) > 0 && g.ToMove() >= 0 {
			if err := g.Apply(g.LegalMoves()[0]); err != nil {
				t.Fatal(err)
			}
		}
		for p := range g.opts.Players {
			worstLoss = max(worstLoss, before.balance[p]-g.balance[p], g.bought[p]-before.bought[p], minDuring(before, g, brettspiel.Player(p)))
			worstGain = max(worstGain, g.balance[p]-before.balance[p])
		}
	}
	r := rand.New(rand.NewPCG(14, 1))
	for n := 2; n <= 6; n++ {
		for _, stock := range []int{1, 25} {
			g, err := New(Options{Players: n, Stock: stock})
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; g.ToMove() != brettspiel.Terminal; step++ {
				if g.ToMove() == brettspiel.Chance && step%7 == 0 {
					for _, m := range g.LegalMoves() {
						check(g, m)
					}
				}
				if err := g.Apply(gametest.Step(g, r, brettspiel.RandomPolicy)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if worstLoss > maxLossPerThrow || worstGain > maxGainPerThrow {
		t.Errorf("a throw moved a balance by -%d/+%d; the bounds are %d and %d", worstLoss, worstGain, maxLossPerThrow, maxGainPerThrow)
	}

	// The most a seat pays on another's throw: 6-6-6 from three Pasches, with
	// a marker on Schanze XII (taken by F-B1, so that the empty battery 12
	// finds its Schanzen empty and each other seat pays 1, F-B4).
	g := edit(t, newGame(t, 3), 1, func(p *Position) {
		p.Pasches[0] = 3
		off(p, BatteryID(12), SchanzeID(10), SchanzeID(11))
		on(p, SchanzeID(12))
	})
	before := balances(g)
	play(t, g, "6/6-6")
	for p := 1; p < 3; p++ {
		if paid := before[p] - g.Balance(brettspiel.Player(p)); paid != maxLossPerThrow {
			t.Errorf("6-6-6 from three Pasches made seat %d pay %d; want %d", p, paid, maxLossPerThrow)
		}
	}
}

// minDuring returns how far p's balance went below its start during the
// events of g's last Apply, transfer by transfer.
func minDuring(before, g *Game, p brettspiel.Player) int {
	bal, low := before.balance[p], before.balance[p]
	for _, e := range g.Events() {
		switch {
		case e.Kind == brettspiel.EventPlace && e.Player == p:
			bal--
		case e.Kind == brettspiel.EventTake && e.Player == p:
			bal++
		case e.Kind == brettspiel.EventPay && e.Other == p:
			bal -= e.Amount
		case e.Kind == brettspiel.EventPay && e.Player == p:
			bal += e.Amount
		}
		low = min(low, bal)
	}
	return before.balance[p] - low
}

// Room to the end: a saved state at the edge of what the decoder accepts —
// the largest stock, the turn cap a few throws away, balances as far from the
// setup as the throws allow — plays every throw to the turn cap, and every
// state on the way saves and loads again, as an ID and as JSON.
func TestSavedStatesKeepRoomToTheTurnCap(t *testing.T) {
	for _, n := range []int{2, 6} {
		o, err := Options{Players: n, Stock: maxStock, TurnCap: maxTurnCap}.normalized()
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		// n-1 throws are left before the cap.
		T := maxTurnCap - (n - 1)
		g.throws, g.turn = T, brettspiel.Player(T%n)
		// Every other seat lost what the throws can take, and gave it to
		// the seat before him.
		for p := 1; p < n; p += 2 {
			g.balance[p] -= maxLossPerThrow * T
			g.bought[p] = max(0, -g.balance[p])
			g.balance[p-1] += maxLossPerThrow * T
		}
		if _, err := ParseID(g.ID()); err != nil {
			t.Fatalf("%d players: the edge state: %v", n, err)
		}
		states := []*Game{g}
		for len(states) > 0 {
			s := states[len(states)-1]
			states = states[:len(states)-1]
			if s.ToMove() == brettspiel.Terminal {
				continue
			}
			moves := s.LegalMoves()
			if s.ToMove() == brettspiel.Chance && (s.throws < maxTurnCap-1 || n > 2) {
				moves = []brettspiel.Move{ThrowMove(dice.Throw3{L: 6, A: 6, B: 6}), ThrowMove(dice.Throw3{L: 1, A: 1, B: 1}), ThrowMove(dice.Throw3{L: 2, A: 3, B: 4})}
			}
			for _, m := range moves {
				c := s.clone()
				if err := c.Apply(m); err != nil {
					t.Fatal(err)
				}
				back, err := ParseID(c.ID())
				if err != nil {
					t.Fatalf("%d players, after %s: %v", n, s.MoveString(m), err)
				}
				if back.ID() != c.ID() {
					t.Fatalf("the ID does not read back")
				}
				js, err := c.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				var fromJSON Game
				if err := fromJSON.UnmarshalJSON(js); err != nil {
					t.Fatalf("%d players, after %s: JSON: %v", n, s.MoveString(m), err)
				}
				states = append(states, c)
			}
		}
	}
}
