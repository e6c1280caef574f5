package toccateglio

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/google/go-cmp/cmp"
)

// reloads checks that g loads from its position ID and from its JSON as
// the same state; what names the state in the failures.
func reloads(t *testing.T, g *Game, what string) {
	t.Helper()
	if f := reloadFailure(g); f != "" {
		t.Errorf("%s: %s", what, f)
	}
}

// reloadFailure says how g does not load back as the same state from its
// position ID or its JSON; "" when it does from both.
func reloadFailure(g *Game) string {
	for _, trip := range []struct {
		name string
		do   func(brettspiel.Game) (brettspiel.Game, error)
	}{{"position ID", idRoundTrip}, {"JSON", jsonRoundTrip}} {
		back, err := trip.do(g)
		if err != nil {
			return fmt.Sprintf("the %s does not load: %v\n%v", trip.name, err, g)
		}
		if d := cmp.Diff(g, back, cmp.AllowUnexported(Game{}, schule{}), fastCompare); d != "" {
			return fmt.Sprintf("the %s loads as another state:\n%s\n%v", trip.name, d, g)
		}
	}
	return ""
}

// lastStoneGame is a Marsch about to end under the Schule: player 0 has one
// stone left on his 24, player 1 all his stones on his 19; the marks are
// 3 and 4, and player 0 throws.
func lastStoneGame(t *testing.T) *Game {
	t.Helper()
	o := withSchule(ts)
	o.Partien = 2
	var s0, s1 board.Side
	s0[24], s0[off] = 1, 14
	s1[19] = 15
	g, err := FromPosition(o, Position{Stones: [2]board.Side{s0, s1}, Marks: [2]int{3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// setupSides are the stones of o's setup.
func setupSides(o Options) [2]board.Side {
	var s Game
	s.opts = o
	s.setup()
	return s.sides
}

// TestT_W3_SchuleWinAtStep2LeavesTheThrowToItsThrower: a Partie won by the
// hit marks' window goes on with the same throw, played by the player who
// threw it, whoever won (the other player can win there by his claims).
func TestT_W3_SchuleWinAtStep2LeavesTheThrowToItsThrower(t *testing.T) {
	o := withSchule(ts)
	o.Partien = 2
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	// Player 0 begins and throws 4-3; player 1 claims 12 on his
	// declaration of 0 (nothing was due): all of it is too many, and it
	// stands.
	for _, s := range []string{"5-2", "4-1", "4-3", "mark 0", "schule 12"} {
		play(t, g, s)
	}
	evs := play(t, g, "pass")
	if e := evs[len(evs)-1]; e.Kind != brettspiel.EventEnd || e.Player != 1 || g.phase != phaseDecide || g.turn != 1 {
		t.Fatalf("player 1 wins by his claim:\n%s%v", eventsString(evs), g)
	}
	reloads(t, g, "the decision")
	play(t, g, "go-on")
	if g.ToMove() != 0 || g.Turn() != 0 || !slices.Equal(g.Dice(), []int{4, 3}) || g.Marks() != [2]int{0, 0} {
		t.Fatalf("player 0 plays his 4-3 in the new Partie; to move %v with %v, marks %v\n%v", g.ToMove(), g.Dice(), g.Marks(), g)
	}
	for _, m := range g.LegalMoves() {
		if m.Actor() != 0 {
			t.Fatalf("a move of player %d: %s", m.Actor(), g.MoveString(m))
		}
	}
	if !hasPlay(g, "1/4 1/5") || !hasPlay(g, "1/4 4/8") {
		t.Errorf("player 0's plays of 4-3: %q", plays(g))
	}
	reloads(t, g, "the throw played on")

	// Without the Schule only the thrower can win by his throw's hits: a
	// decision that would give it to the other player does not load.
	po := al
	po.Partien = 2
	plain := load(t, po, own(po, 1, map[int]int{4: 1, 10: 1}), opp(po, 1, map[int]int{15: 1, 21: 1}), [2]int{}, [2]int{10, 4})
	play(t, plain, "6-5")
	if plain.phase != phaseDecide || plain.resume != resumeMove || plain.next != 0 {
		t.Fatalf("player 0 wins by his hits:\n%v", plain)
	}
	reloads(t, plain, "the decision without the Schule")
	plain.next = 1
	if _, err := ParseID(kit.EncodeID(Variant, idVersionPlain, plain.payload())); err == nil || !strings.Contains(err.Error(), "only the thrower") {
		t.Errorf("a decision giving player 0's winning throw to player 1 without the Schule: %v", err)
	}

	// Won by the thrower's own declaration: he plays it, as before.
	g = hitsGame(t, [2]int{10, 4})
	play(t, g, "mark 3")
	play(t, g, "pass")
	play(t, g, "go-on")
	if g.ToMove() != 0 || !slices.Equal(g.Dice(), []int{6, 5}) || g.Marks() != [2]int{1, 0} {
		t.Fatalf("player 0 won by his hits and plays his 6-5 with a Rest of 1:\n%v", g)
	}
}

// TestT_B4_SchuleWinAfterTheLastStoneStartsANewMarsch: a Partie won at step
// 4 or 5 of the turn that bore off the last stone ends a Marsch that is
// over: going on sets the stones up again, and the Partie's winner throws.
func TestT_B4_SchuleWinAfterTheLastStoneStartsANewMarsch(t *testing.T) {
	for _, c := range []struct {
		name   string
		moves  []string
		winner brettspiel.Player
	}{
		{"step 5, the mover", []string{"mark 0", "pass", "mark 9", "pass"}, 0},
		{"step 4, the other", []string{"mark 8", "pass"}, 1},
		{"step 4, the mover by a claim", []string{"mark 0", "schule 9", "pass"}, 0},
		{"step 6, the other by a claim", []string{"mark 0", "pass", "mark 0", "pass", "mark 2", "schule 8", "pass"}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := lastStoneGame(t)
			for _, s := range append([]string{"2-1", "mark 0", "pass", "24/off"}, c.moves...) {
				play(t, g, s)
			}
			if g.phase != phaseDecide || g.turn != c.winner || g.sides[0][off] != 15 {
				t.Fatalf("player %d won the Partie as player 0 bore off his last stone:\n%s%v", c.winner, eventsString(g.events), g)
			}
			reloads(t, g, "the decision")
			evs := play(t, g, "go-on")
			if g.sides != setupSides(g.opts) || g.ToMove() != brettspiel.Chance || g.turn != c.winner || g.Marks() != [2]int{0, 0} {
				t.Fatalf("going on: the setup, player %d to throw, marks 0 and 0:\n%s%v", c.winner, eventsString(evs), g)
			}
			if countKind(evs, EventSetup) != 1 {
				t.Errorf("going on tells the new Marsch:\n%s", eventsString(evs))
			}
			reloads(t, g, "the new Marsch")
		})
	}
}

// TestT_W5f_WindowsAfterTheLastStoneReload: every window of steps 4, 5 and
// 6 of the turn that bore off the last stone, claims included, loads from
// its position ID and its JSON.
func TestT_W5f_WindowsAfterTheLastStoneReload(t *testing.T) {
	g := lastStoneGame(t)
	for _, s := range []string{"2-1", "mark 0", "pass"} {
		play(t, g, s)
	}
	for _, s := range []string{"24/off", "mark 0", "schule 1", "pass", "mark 0", "pass", "mark 2", "pass"} {
		play(t, g, s)
		if g.phase != phaseMark && g.phase != phaseSchule {
			break
		}
		reloads(t, g, "after "+s+" at step "+string('0'+rune(g.sch.step)))
	}
	if g.ToMove() != brettspiel.Chance || g.sides != setupSides(g.opts) || g.turn != 0 || g.Marks() != [2]int{6, 4} {
		t.Fatalf("the Marsch's window closed: a new Marsch, player 0 to throw\n%v", g)
	}
}

// TestT_W5f_StepFourWindowAfterAPassReloadsFromJSON: the window of the
// opponent's points after a pass holds the throw that was passed; its JSON
// loads, as the same pass without the Schule does.
func TestT_W5f_StepFourWindowAfterAPassReloadsFromJSON(t *testing.T) {
	for _, schule := range []bool{false, true} {
		o := ts
		o.Schule = schule
		var s0, s1 board.Side
		s0[1] = 15
		s1[1], s1[18] = 14, 1 // a blot on player 0's 7: 6-6 hits it and cannot be played
		g, err := FromPosition(o, Position{Stones: [2]board.Side{s0, s1}})
		if err != nil {
			t.Fatal(err)
		}
		moves := []string{"6-6", "pass"}
		if schule {
			moves = []string{"6-6", "mark 2", "pass", "pass"}
		}
		for _, s := range moves {
			play(t, g, s)
		}
		if schule && (g.phase != phaseMark || g.sch.step != 4 || g.sch.unplayed != 2) {
			t.Fatalf("after the pass player 1 declares the unplayable numbers:\n%v", g)
		}
		reloads(t, g, "after the pass")
	}
}

// TestT_W5a_AnOpenDeclarationOwesNothingInJSON: while a declaration is due,
// the window's JSON tells nothing of what is due; the package doc shows
// this object.
func TestT_W5a_AnOpenDeclarationOwesNothingInJSON(t *testing.T) {
	g := hitsGame(t, [2]int{})
	if g.due() != 3 {
		t.Fatalf("3 hit marks are due, not %d", g.due())
	}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	const want = `"schule":{"step":2,"mover":0,"declarer":0,"author":-1,"claims":0,"changes":0,` +
		`"reached":[0,0],"unplayed":0,"unusedDie":0,"closedBefore":[],` +
		`"due":{"owed":0,"short":false,"extra":0,"opened":[]}}`
	if !strings.Contains(string(data), want) {
		t.Errorf("the window in JSON:\n%s\nwant\n%s", data, want)
	}
}
