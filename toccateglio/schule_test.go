package toccateglio

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// withSchule returns o with the Schule on.
func withSchule(o Options) Options {
	o.Schule = true
	return o
}

// hitsGame is AL's worked example (T-M4) under the Schule with marks: player
// 0 throws 6-5, which gives him 3 hit marks, and is to declare them.
func hitsGame(t *testing.T, marks [2]int) *Game {
	t.Helper()
	o := withSchule(al)
	o.Partien = 3
	m := map[int]int{4: 1, 10: 1}
	b := map[int]int{15: 1, 21: 1}
	g := load(t, o, own(o, 1, m), opp(o, 1, b), [2]int{}, marks)
	play(t, g, "6-5")
	return g
}

// wantState checks whose move it is and the marks.
func wantState(t *testing.T, g *Game, toMove brettspiel.Player, marks [2]int) {
	t.Helper()
	if g.ToMove() != toMove || g.Marks() != marks {
		t.Fatalf("to move %v with marks %v, want %v with %v\n%v", g.ToMove(), g.Marks(), toMove, marks, g)
	}
}

func countKind(evs []brettspiel.Event, k brettspiel.EventKind) int {
	n := 0
	for _, e := range evs {
		if e.Kind == k {
			n++
		}
	}
	return n
}

func TestT_W5_OffInEveryPresetAndASetting(t *testing.T) {
	for _, p := range Presets() {
		if p.Options.Schule {
			t.Errorf("%s has the Schule on", p.Name)
		}
	}
	// Without the Schule the engine marks the hits itself with the throw.
	g := m4(t, al, false)
	evs := play(t, g, "6-5")
	if sumMarks(evs, 0, "T-M1") != 3 || g.ToMove() != 0 || plays(g)[0] == "mark 0" {
		t.Fatalf("without the Schule:\n%s%v", eventsString(evs), g)
	}
	o, err := ParseOptions("schule=true")
	if err != nil || !o.Schule || o.String() != "schule=true" {
		t.Fatalf("ParseOptions(schule=true) = %+v, %v", o, err)
	}
	// The record names the preset and the Schule beside it.
	rec := NewRecord(withSchule(al))
	text := rec.Header()
	if !strings.Contains(text, "preset: Tokkadille 1853\n") || !strings.Contains(text, "option: schule=true") {
		t.Errorf("the record's head:\n%s", text)
	}
	if p, ok := presetOf(withSchule(al)); !ok || p.Name != "Tokkadille 1853" {
		t.Errorf("the preset of Tokkadille with the Schule: %v %v", p.Name, ok)
	}
}

func TestT_W5a_HitsDeclaredAfterTheThrowBeforeThePlay(t *testing.T) {
	g := hitsGame(t, [2]int{})
	if evs := g.Events(); len(evs) != 1 || evs[0].Kind != brettspiel.EventThrow {
		t.Fatalf("the throw tells no hits under the Schule:\n%s", eventsString(evs))
	}
	want := []string{"mark 0", "mark 1", "mark 2", "mark 3", "mark 4", "mark 5", "mark 6", "mark 7", "mark 8", "mark 9", "mark 10", "mark 11", "mark 12"}
	if got := plays(g); !slices.Equal(got, want) || g.ToMove() != 0 {
		t.Fatalf("the declarations: %q by %v", got, g.ToMove())
	}
	evs := play(t, g, "mark 3")
	if len(evs) != 1 || evs[0].Kind != EventDeclare || evs[0].Amount != 3 || evs[0].Number != 2 || evs[0].Rule != "T-W5a" {
		t.Fatalf("the declaration's event:\n%s", eventsString(evs))
	}
	wantState(t, g, 1, [2]int{3, 0})
	if got := plays(g); len(got) != 14 || got[0] != "pass" || got[1] != "right" || got[2] != "schule 1" || got[13] != "schule 12" {
		t.Fatalf("the answers: %q", got)
	}
	evs = play(t, g, "pass")
	// The window closed: what the rules gave is told now, and the play follows.
	if countKind(evs, EventLetPass) != 1 || sumMarks(evs, 0, "T-M1") != 3 {
		t.Fatalf("the close of the window:\n%s", eventsString(evs))
	}
	wantState(t, g, 0, [2]int{3, 0})
	if g.phase != phaseMove {
		t.Fatalf("after the hits' window the throw is played:\n%v", g)
	}
}

// TestT_W5a_TheListRevealsNothing: whatever is due, the declarations and
// the answers are the same moves.
func TestT_W5a_TheListRevealsNothing(t *testing.T) {
	var first []string
	for _, th := range []string{"6-5", "1-1", "4-2", "6-6"} {
		o := withSchule(al)
		g := load(t, o, own(o, 1, map[int]int{4: 1, 10: 1}), opp(o, 1, map[int]int{15: 1, 21: 1}), [2]int{}, [2]int{})
		play(t, g, th)
		due := g.due()
		got := plays(g)
		if first == nil {
			first = got
		} else if !slices.Equal(got, first) {
			t.Errorf("%s (due %d): declarations %q differ from %q", th, due, got, first)
		}
		info, err := g.Describe(g.LegalMoves()[3])
		if err != nil || info.Marks != nil || info.Kind != brettspiel.MoveDecision {
			t.Errorf("%s: Describe(mark 3) = %+v, %v: a decision that tells no marks", th, info, err)
		}
	}
}

func TestT_W5a_StepsFourFiveSixAreDeclared(t *testing.T) {
	// T-J2 and T-J1 under the Schule: Q1 closed; 1/2 1/3 opens it though
	// 16/19 would keep it; player 1 declares step 4, player 0 step 5.
	o := withSchule(ts)
	g := load(t, o, own(o, 16, map[int]int{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}), opp(o, 1, nil), [2]int{}, [2]int{})
	play(t, g, "2-1")
	play(t, g, "mark 0")
	play(t, g, "pass")
	evs := play(t, g, "1/2 1/3")
	if sumMarks(evs, 1, "") != 0 || g.ToMove() != 1 || g.sch.step != 4 {
		t.Fatalf("after the play player 1 declares step 4:\n%s%v", eventsString(evs), g)
	}
	play(t, g, "mark 2")
	evs = play(t, g, "pass")
	if sumMarks(evs, 1, "T-J2") != 2 || g.ToMove() != 0 || g.sch.step != 5 {
		t.Fatalf("step 4 closed, player 0 declares step 5:\n%s%v", eventsString(evs), g)
	}
	play(t, g, "mark 0")
	play(t, g, "pass")
	wantState(t, g, brettspiel.Chance, [2]int{0, 2})

	// The Marsch (step 6): the last stone borne off.
	g = load(t, o, own(o, 25, map[int]int{24: 1}), opp(o, 24, map[int]int{5: 2}), [2]int{}, [2]int{})
	play(t, g, "3-1")
	play(t, g, "mark 0")
	play(t, g, "pass")
	play(t, g, "24/off")
	for _, s := range []string{"mark 0", "pass", "mark 0", "pass"} {
		play(t, g, s)
	}
	if g.sch.step != 6 || g.ToMove() != 0 {
		t.Fatalf("the Marsch is declared at step 6:\n%v", g)
	}
	play(t, g, "mark 2")
	evs = play(t, g, "pass")
	if sumMarks(evs, 0, "T-B3") != 2 || countKind(evs, EventSetup) != 1 || g.Marks() != [2]int{2, 0} || g.ToMove() != brettspiel.Chance {
		t.Fatalf("the Marsch's window closed:\n%s%v", eventsString(evs), g)
	}
}

// TestT_W5b_ForgottenPointsAreTheClaimers: "man markiert die Points, die
// er vergessen … hat" — the claimer marks what the other forgot.
func TestT_W5b_ForgottenPointsAreTheClaimers(t *testing.T) {
	g := hitsGame(t, [2]int{2, 1})
	play(t, g, "mark 1") // 3 due
	evs := play(t, g, "schule 2")
	if len(evs) != 1 || evs[0].Kind != EventSchule || evs[0].Player != 1 || evs[0].Other != 0 || evs[0].Amount != 2 || evs[0].Number != 0 {
		t.Fatalf("the claim's event:\n%s", eventsString(evs))
	}
	wantState(t, g, 0, [2]int{3, 3}) // the declarer is asked about the claim
	play(t, g, "pass")
	wantState(t, g, 0, [2]int{3, 3})
	// A part of what was forgotten: the rest stays unmarked.
	g = hitsGame(t, [2]int{})
	play(t, g, "mark 0")
	play(t, g, "schule 1")
	play(t, g, "pass")
	wantState(t, g, 0, [2]int{0, 1})
}

// TestT_W5b_TooManyGoBackToTheClaimer: "… oder zu viel markiert hat" — the
// declarer's marks go down and the claimer marks them.
func TestT_W5b_TooManyGoBackToTheClaimer(t *testing.T) {
	g := hitsGame(t, [2]int{2, 1})
	play(t, g, "mark 5") // 3 due
	evs := play(t, g, "schule 2")
	if evs[0].Number != 2 {
		t.Fatalf("the claim takes back 2:\n%s", eventsString(evs))
	}
	wantState(t, g, 0, [2]int{5, 3})
	play(t, g, "pass")
	wantState(t, g, 0, [2]int{5, 3})
}

// TestT_W5b_AWrongClaimIsClaimedBack: "wieder deshalb in die Schule
// geschickt … zurück zu markieren" — who claimed more than was owed is sent
// to school for the rest.
func TestT_W5b_AWrongClaimIsClaimedBack(t *testing.T) {
	g := hitsGame(t, [2]int{2, 1})
	play(t, g, "mark 5")   // 2 too many
	play(t, g, "schule 4") // 2 owed, 2 more claimed
	wantState(t, g, 0, [2]int{5, 5})
	evs := play(t, g, "schule 2")
	if evs[0].Player != 0 || evs[0].Other != 1 || evs[0].Number != 2 {
		t.Fatalf("the claim back:\n%s", eventsString(evs))
	}
	wantState(t, g, 1, [2]int{7, 3})
	play(t, g, "pass")
	wantState(t, g, 0, [2]int{7, 3})
	// A claim against a right declaration is all too many.
	g = hitsGame(t, [2]int{})
	play(t, g, "mark 3")
	play(t, g, "schule 2")
	wantState(t, g, 0, [2]int{3, 2})
	play(t, g, "right") // made to mark right: his claim goes
	wantState(t, g, 0, [2]int{3, 0})
	// Made to mark right when he was: nothing changes.
	g = hitsGame(t, [2]int{})
	play(t, g, "mark 3")
	if evs := play(t, g, "right"); evs[0].Note != "was right" || evs[0].Amount != 0 || g.Marks() != [2]int{3, 0} {
		t.Errorf("right on a right declaration:\n%s", eventsString(evs))
	}
}

// TestT_W5c_MadeToMarkRight: "den Gegner zu zwingen, die Points zu
// markieren, die er gewinnt" — the declaration becomes what was due, and
// nobody marks for it.
func TestT_W5c_MadeToMarkRight(t *testing.T) {
	for _, c := range []struct {
		declare string
		note    string
	}{{"mark 1", "forgot"}, {"mark 7", "too many"}} {
		g := hitsGame(t, [2]int{4, 1})
		play(t, g, c.declare)
		evs := play(t, g, "right")
		if evs[0].Kind != EventRight || evs[0].Note != c.note || evs[0].Amount != 2 && evs[0].Amount != 4 {
			t.Errorf("%s, right:\n%s", c.declare, eventsString(evs))
		}
		wantState(t, g, 0, [2]int{7, 1})
		if g.phase != phaseMove {
			t.Errorf("right closes the window:\n%v", g)
		}
	}
}

// TestT_W5c_LetPassLapsesAtTheThrow: "ehe von Neuem geworfen worden; sonst
// gilt es nichts mehr" — once let pass, the marks stand.
func TestT_W5c_LetPassLapsesAtTheThrow(t *testing.T) {
	g := hitsGame(t, [2]int{})
	play(t, g, "mark 0") // 3 forgotten
	play(t, g, "pass")
	play(t, g, "4/9 10/16")
	for _, s := range []string{"mark 0", "pass", "mark 0", "pass"} {
		play(t, g, s)
	}
	wantState(t, g, brettspiel.Chance, [2]int{0, 0})
	if _, err := g.ParseMove("schule 3"); err == nil {
		t.Errorf("a claim at the throw is no move")
	}
}

// TestT_W5d_TheTwelveWhenSettled: a declaration that reaches 12 wins only
// when the claims are settled, by the marks then; the multiplier is by the
// loser's marks at that moment.
func TestT_W5d_TheTwelveWhenSettled(t *testing.T) {
	g := hitsGame(t, [2]int{8, 4})
	play(t, g, "mark 5") // 13, 2 too many
	if g.phase == phaseDecide {
		t.Fatal("the Partie is won before the claims are settled")
	}
	play(t, g, "schule 2") // 13−2 = 11, 4+2 = 6
	evs := play(t, g, "pass")
	if countKind(evs, brettspiel.EventEnd) != 0 || g.Marks() != [2]int{11, 6} {
		t.Fatalf("claimed below 12: no win\n%s%v", eventsString(evs), g)
	}
	g = hitsGame(t, [2]int{10, 4})
	play(t, g, "mark 3")
	evs = play(t, g, "pass")
	end := evs[len(evs)-1]
	if end.Kind != brettspiel.EventEnd || end.Player != 0 || end.Amount != 2 || g.phase != phaseDecide || g.resume != resumeMove {
		t.Fatalf("13 settled: a double Partie, the throw played on going on\n%s%v", eventsString(evs), g)
	}
}

// TestT_W5d_BothAtTwelveTheFirstWins: both hold 12 or more when the window
// closes: the one whose marks reached 12 first and stayed there wins.
func TestT_W5d_BothAtTwelveTheFirstWins(t *testing.T) {
	g := hitsGame(t, [2]int{10, 11})
	play(t, g, "mark 4")   // 14, 1 too many
	play(t, g, "schule 1") // 13 and 12
	evs := play(t, g, "pass")
	if e := evs[len(evs)-1]; e.Kind != brettspiel.EventEnd || e.Player != 0 || e.Amount != 1 {
		t.Fatalf("player 0 reached 12 first:\n%s", eventsString(evs))
	}
	g = hitsGame(t, [2]int{11, 11})
	play(t, g, "mark 5")   // 16, 2 too many
	play(t, g, "schule 5") // 14 and 16: player 1 claimed 3 too many
	play(t, g, "schule 3") // 17 and 13: player 0 fell below 12 never
	evs = play(t, g, "pass")
	if e := evs[len(evs)-1]; e.Kind != brettspiel.EventEnd || e.Player != 0 {
		t.Fatalf("player 0 stayed at 12 or more since the declaration:\n%s", eventsString(evs))
	}
	g = hitsGame(t, [2]int{11, 11})
	play(t, g, "mark 3")   // 14, right
	play(t, g, "schule 3") // all too many: 14 and 14
	wantState(t, g, 0, [2]int{14, 14})
	evs = play(t, g, "pass")
	if e := evs[len(evs)-1]; e.Kind != brettspiel.EventEnd || e.Player != 0 {
		t.Fatalf("both at 14, player 0 first:\n%s", eventsString(evs))
	}
	// Fallen below 12 and risen again: counted from the rise.
	g = hitsGame(t, [2]int{11, 11})
	play(t, g, "mark 4")   // 15, 1 too many
	play(t, g, "schule 4") // 14, 15: player 1 claimed 3 too many
	play(t, g, "right")    // player 1 back to 12; player 0 stays 14
	if w, ok := g.Winner(); g.phase != phaseDecide && !ok {
		t.Fatalf("the window closed with both at 12 or more: %v %v\n%v", w, ok, g)
	}
	if g.turn != 0 {
		t.Errorf("player 0 reached 12 first:\n%v", g)
	}
}

// TestT_W5e_AJanNotClosedIsTooMany: points declared for a quarter that
// could have been closed but was not are too many (TS's third remark).
func TestT_W5e_AJanNotClosedIsTooMany(t *testing.T) {
	o := withSchule(ts)
	// 1/5 1/6 would close Q1; the player plays 1/6 16/20 instead.
	g := load(t, o, own(o, 16, map[int]int{1: 4, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1}), opp(o, 1, map[int]int{15: 2}), [2]int{}, [2]int{3, 3})
	play(t, g, "5-4")
	play(t, g, "mark 0")
	play(t, g, "pass")
	if !hasPlay(g, "1/5 1/6") {
		t.Fatalf("1/5 1/6 closes Q1: %q", plays(g))
	}
	play(t, g, "1/6 16/20")
	play(t, g, "mark 0") // step 4
	play(t, g, "pass")
	play(t, g, "mark 2") // step 5: nothing closed
	evs := play(t, g, "schule 2")
	if evs[0].Number != 2 {
		t.Fatalf("the Jan's 2 go back:\n%s", eventsString(evs))
	}
	wantState(t, g, 0, [2]int{3, 5})
}

// TestT_W5f_WhoIsAsked: the other player is asked after a declaration, the
// first player after a claim; the throw comes when one lets it pass.
func TestT_W5f_WhoIsAsked(t *testing.T) {
	g := hitsGame(t, [2]int{})
	play(t, g, "mark 2")
	for i, who := range []brettspiel.Player{1, 0, 1, 0, 1, 0} {
		if g.ToMove() != who {
			t.Fatalf("claim %d: asked %v, want %v", i, g.ToMove(), who)
		}
		play(t, g, "schule 1")
	}
	if got := plays(g); !slices.Equal(got, []string{"pass", "right"}) {
		t.Errorf("after %d claims: %q", maxClaims, got)
	}
	play(t, g, "pass")
	if g.phase != phaseMove {
		t.Errorf("a pass closes the window:\n%v", g)
	}
	// Steps 4 and 5: the mover is asked about the opponent's declaration,
	// then the opponent about the mover's; then the throw.
	play(t, g, "4/9 10/16")
	for _, s := range []struct {
		who brettspiel.Player
		mv  string
	}{{1, "mark 0"}, {0, "pass"}, {0, "mark 0"}, {1, "pass"}} {
		if g.ToMove() != s.who {
			t.Fatalf("%s: %v to move, want %v", s.mv, g.ToMove(), s.who)
		}
		play(t, g, s.mv)
	}
	if g.ToMove() != brettspiel.Chance || g.turn != 1 {
		t.Errorf("then player 1 throws:\n%v", g)
	}
}

// TestT_W5g_RuleMoveDeclaresWhatIsDueAndClaimsWhole: what the bots play.
func TestT_W5g_RuleMoveDeclaresWhatIsDueAndClaimsWhole(t *testing.T) {
	g := hitsGame(t, [2]int{})
	rule := func() string {
		m, ok := g.RuleMove()
		if !ok {
			t.Fatalf("no rule move at\n%v", g)
		}
		return g.MoveString(m)
	}
	if got := rule(); got != "mark 3" {
		t.Errorf("declares %s, want mark 3", got)
	}
	for _, c := range []struct{ declare, want string }{{"mark 3", "pass"}, {"mark 1", "schule 2"}, {"mark 7", "schule 4"}} {
		g = hitsGame(t, [2]int{})
		play(t, g, c.declare)
		if got := rule(); got != c.want {
			t.Errorf("after %s: %s, want %s", c.declare, got, c.want)
		}
	}
	play(t, g, "schule 6") // 2 more than owed
	if got := rule(); got != "schule 2" {
		t.Errorf("claims back %s, want schule 2", got)
	}
	g = hitsGame(t, [2]int{})
	play(t, g, "mark 3")
	play(t, g, "pass")
	if _, ok := g.RuleMove(); ok {
		t.Errorf("a play has no rule move")
	}
}

// TestT_W5a_ViewForAPlayerHidesWhatWasDue: the whole JSON holds what was
// due, for the server; a player's view leaves it out, and the ID with it.
func TestT_W5a_ViewForAPlayerHidesWhatWasDue(t *testing.T) {
	g := hitsGame(t, [2]int{})
	play(t, g, "mark 1")
	whole, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	view, err := g.MarshalJSONView(kit.JSONView{NoSecrets: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(whole), `"due":{"owed":2,"short":true`) || !strings.Contains(string(whole), `"id":"toccateglio:2:`) {
		t.Errorf("the whole state keeps what was due and the ID: %s", whole)
	}
	if strings.Contains(string(view), `"due"`) || !strings.Contains(string(view), `"id":""`) {
		t.Errorf("a player's view shows what was due: %s", view)
	}
	var back Game
	if err := back.UnmarshalJSON(view); err == nil || !strings.Contains(err.Error(), "due") {
		t.Errorf("a player's view loads: %v", err)
	}
	if err := back.UnmarshalJSON(whole); err != nil || back.ID() != g.ID() {
		t.Errorf("the whole state does not load: %v", err)
	}
}

// TestT_W5_IDVersions: a game with the Schule has an ID of version 2 that
// holds the window; one without it keeps version 1, and an old ID loads.
func TestT_W5_IDVersions(t *testing.T) {
	const old = "toccateglio:1:AAEAAAGIJwIBAAAAAAAAAAMAAAAAAKoBCwECAVINAQGMXA"
	if g, err := ParseID(old); err != nil || g.ID() != old || g.opts.Schule {
		t.Fatalf("ParseID(%s) = %v, %v", old, g, err)
	}
	g := hitsGame(t, [2]int{})
	play(t, g, "mark 1")
	play(t, g, "schule 4")
	id := g.ID()
	if !strings.HasPrefix(id, "toccateglio:2:") {
		t.Fatalf("ID %s", id)
	}
	back, err := ParseID(id)
	if err != nil || back.sch != g.sch || back.ID() != id {
		t.Fatalf("ParseID(%s) = %v, %v", id, back, err)
	}
	plain, _ := New(Toccateglispiel())
	if _, err := ParseID(kit.EncodeID(Variant, IDVersion, plain.payload())); err == nil {
		t.Errorf("a version-2 ID without the Schule loads")
	}
}

// TestT_W5_BadWindowsAreRefused: a window of the Schule that cannot be, in
// JSON or in an ID, is refused with its reason, and the game is unchanged.
func TestT_W5_BadWindowsAreRefused(t *testing.T) {
	g := hitsGame(t, [2]int{})
	play(t, g, "mark 1")
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to, reason string }{
		{`"step":2`, `"step":3`, "step 3"},
		{`"author":0`, `"author":7`, "author"},
		{`"owed":2`, `"owed":-1`, "out of range"},
		{`"reached":[0,0]`, `"reached":[1,0]`, "12"},
		{`"claims":0`, `"claims":9`, "claims"},
		{`"unplayed":0`, `"unplayed":1`, "not played yet"},
		{`"closedBefore":[]`, `"closedBefore":[3]`, "quarters"},
		{`"declarer":0`, `"declarer":1`, "declarer"},
		{`"schule":true`, `"schule":false`, "Schule is off"},
	} {
		bad := strings.Replace(string(data), c.from, c.to, 1)
		if bad == string(data) {
			t.Fatalf("%s is not in %s", c.from, data)
		}
		back := g.Clone().(*Game)
		err := back.UnmarshalJSON([]byte(bad))
		if err == nil || !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%s → %s: %v, want an error saying %q", c.from, c.to, err, c.reason)
		}
		if back.ID() != g.ID() {
			t.Errorf("%s: a refused state changed the game", c.to)
		}
	}
	// A window in a game without the Schule, by its ID's payload.
	bad := *g
	bad.opts.Schule = false
	if _, err := ParseID(kit.EncodeID(Variant, IDVersion, bad.payload())); err == nil {
		t.Errorf("a window without the Schule loads")
	}
}
