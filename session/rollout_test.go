//go:build !wasm

package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/words"
)

// rolloutGame returns a table with a game of Verkehren played 40 steps by
// greedy and random, and the index of its last step a seat decided among
// three plays or more.
func rolloutGame(t *testing.T) (*Table, StateJSON, int) {
	t.Helper()
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 3, "seats": []string{"greedy", "random"}}, &s)
	call(t, tab, "advance", map[string]any{"handle": s.Handle, "limit": 40}, &s)
	g, _ := tab.Game(s.Handle)
	for i := g.h.Len() - 1; i >= 0; i-- {
		e, _ := g.h.Entry(i)
		if before, _ := g.h.Before(i); e.Actor >= 0 && len(before.LegalMoves()) >= 3 {
			return tab, s, i
		}
	}
	t.Fatal("no decision among three plays")
	return nil, s, 0
}

// "rollout" of a decision played rolls out its best plays by one ply and
// the play made, each as package analysis does with the same options, and
// gives the same answer twice; the game is as it was.
func TestRolloutCall(t *testing.T) {
	tab, s, step := rolloutGame(t)
	g, _ := tab.Game(s.Handle)
	args := map[string]any{"handle": s.Handle, "step": step, "plays": 2, "games": 12, "turns": 2, "seed": 9}
	var r, again RolloutJSON
	call(t, tab, "rollout", args, &r)
	call(t, tab, "rollout", args, &again)
	a, _ := json.Marshal(r)
	if b, _ := json.Marshal(again); string(a) != string(b) {
		t.Fatalf("the same rollout twice:\n%s\n%s", a, b)
	}
	made, _ := g.h.Entry(step)
	before, _ := g.h.Before(step)
	want, err := analysis.RolloutMoves(context.Background(), before, analysis.RolloutOptions{
		Games: 12, Seed: 9, Truncate: true, Turns: 2, Candidates: 2, Include: []brettspiel.Move{made.Move}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Variant != "verkehren" || r.Unit != "points" || r.Step == nil || *r.Step != step || r.Seat != int(made.Actor) ||
		r.Bot != analysis.DefaultRolloutBot || r.Games != 12 || r.Turns == nil || *r.Turns != 2 || r.Seed != 9 || r.Position != nil {
		t.Fatalf("rollout %s", a)
	}
	if len(r.Plays) != len(want) || len(r.Plays) < 2 || len(r.Plays) > 3 {
		t.Fatalf("%d plays, the package %d: %s", len(r.Plays), len(want), a)
	}
	played := 0
	for i, p := range r.Plays {
		w := want[i]
		if p.Notation != w.Notation || p.Equity != w.Equity || p.StdErr != w.StdErr || p.OnePly != w.OnePly || p.StdErr <= 0 || len(p.Steps) == 0 {
			t.Errorf("play %d: %+v, the package's %+v", i, p, w)
		}
		if p.Played {
			played++
			if p.Notation != made.Notation {
				t.Errorf("%s marked as played, %s was", p.Notation, made.Notation)
			}
		}
	}
	if played != 1 {
		t.Errorf("%d plays marked as played", played)
	}
	typed, err := g.Rollout(context.Background(), RolloutOptions{Step: &step, Plays: 2, Games: 12, Turns: intp(2), Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(typed); string(b) != string(a) {
		t.Errorf("Game.Rollout differs from the call:\n%s\n%s", b, a)
	}
	var after StateJSON
	call(t, tab, "state", map[string]any{"handle": s.Handle}, &after)
	if after.Length != s.Length || after.Rev != s.Rev {
		t.Errorf("length %d rev %d after the rollout, %d %d before", after.Length, after.Rev, s.Length, s.Rev)
	}
	// a review walks the game back to show the position before the step:
	// the step, undone, is rolled out as it was, and the game stays where
	// the walk left it, its undone steps still to redo
	for g.Len() > step {
		call(t, tab, "undo", map[string]any{"handle": s.Handle}, &after)
	}
	var undone RolloutJSON
	call(t, tab, "rollout", args, &undone)
	if b, _ := json.Marshal(undone); string(b) != string(a) {
		t.Errorf("the step undone rolls out otherwise:\n%s\n%s", b, a)
	}
	var walked StateJSON
	call(t, tab, "state", map[string]any{"handle": s.Handle}, &walked)
	if walked.Length != step || walked.Rev != after.Rev || !walked.CanRedo {
		t.Errorf("after the rollout of a step undone: length %d rev %d redo %v, before %d %d", walked.Length, walked.Rev, walked.CanRedo, step, after.Rev)
	}
	if e := fail(t, tab, "rollout", fmt.Sprintf(`{"handle":%d,"step":%d}`, s.Handle, s.Length)); e.Name != "ErrBadCall" {
		t.Errorf("a step beyond the undone ones: %s", e.Name)
	}
}

func intp(n int) *int { return &n }

// The position now, or at a step with "position", is rolled out as
// analysis.Rollout does; "within" keeps the plays near the best by one
// ply; by default the rollout plays 1,296 games to the end.
func TestRolloutPositionAndWithin(t *testing.T) {
	tab, s, step := rolloutGame(t)
	g, _ := tab.Game(s.Handle)
	var r RolloutJSON
	call(t, tab, "rollout", map[string]any{"handle": s.Handle, "step": step, "position": true, "games": 6, "turns": 1, "seed": "4"}, &r)
	before, _ := g.h.Before(step)
	want, err := analysis.Rollout(context.Background(), before, analysis.RolloutOptions{Games: 6, Seed: 4, Truncate: true, Turns: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Plays != nil || r.Position == nil || r.Position.Equity != want.Equity || r.Position.StdErr != want.StdErr || r.Seat != want.Seat || r.Games != 6 {
		t.Fatalf("position %+v %+v, the package's %+v", r, r.Position, want)
	}
	var w RolloutJSON
	call(t, tab, "rollout", map[string]any{"handle": s.Handle, "step": step, "within": 0.02, "games": 2, "turns": 0}, &w)
	best := w.Plays[0].OnePly
	for _, p := range w.Plays {
		best = max(best, p.OnePly)
	}
	for _, p := range w.Plays {
		if !p.Played && p.OnePly < best-0.02 {
			t.Errorf("%s (%v) kept, the best %v", p.Notation, p.OnePly, best)
		}
	}
	typed, err := g.Rollout(context.Background(), RolloutOptions{Step: intp(step), Plays: 1, Turns: intp(0)})
	if err != nil || typed.Games != analysis.DefaultRolloutGames || typed.Seed != 0 {
		t.Fatalf("the default games: %+v, %v", typed, err)
	}
}

// Bad arguments are refused with ErrBadCall (an unknown level with
// ErrUnknownBot) and leave the game as it was; the Festungsspiel is
// refused with ErrExactJudge, in the game's language.
func TestRolloutRefusals(t *testing.T) {
	tab, s, step := rolloutGame(t)
	for _, c := range []struct{ args, name string }{
		{`{}`, "ErrBadCall"},
		{`{"handle":999}`, "ErrUnknownHandle"},
		{`"plays":-1`, "ErrBadCall"},
		{fmt.Sprintf(`"plays":%d`, MaxRolloutPlays+1), "ErrBadCall"},
		{`"games":-1`, "ErrBadCall"},
		{fmt.Sprintf(`"games":%d`, MaxRolloutGames+1), "ErrBadCall"},
		{`"turns":-1`, "ErrBadCall"},
		{fmt.Sprintf(`"turns":%d`, MaxRolloutTurns+1), "ErrBadCall"},
		{`"within":-0.5`, "ErrBadCall"},
		{`"step":-1`, "ErrBadCall"},
		{fmt.Sprintf(`"step":%d`, s.Length), "ErrBadCall"},
		{`"seed":-3`, "ErrBadCall"},
		{`"games":"many"`, "ErrBadCall"},
		{`"depth":2`, "ErrBadCall"},
		{`"bot":"gnubg"`, "ErrUnknownBot"},
	} {
		args := c.args
		if !strings.HasPrefix(args, "{") {
			args = fmt.Sprintf(`{"handle":%d,"step":%d,"games":2,"turns":1,%s}`, s.Handle, step, args)
		}
		if e := fail(t, tab, "rollout", args); e.Name != c.name {
			t.Errorf("rollout(%s): %s %s", args, e.Name, e.Message)
		}
	}
	var after StateJSON
	call(t, tab, "state", map[string]any{"handle": s.Handle}, &after)
	if after.Length != s.Length || after.Rev != s.Rev {
		t.Errorf("length %d rev %d after the refusals, %d %d before", after.Length, after.Rev, s.Length, s.Rev)
	}
	// the refusal's words say the bounds the constants set
	e := fail(t, tab, "rollout", fmt.Sprintf(`{"handle":%d,"plays":-1}`, s.Handle))
	for _, n := range []int{DefaultRolloutPlays, MaxRolloutPlays, analysis.DefaultRolloutGames, MaxRolloutGames, MaxRolloutTurns} {
		if !strings.Contains(e.Message, strconv.Itoa(n)) {
			t.Errorf("the bounds %q do not say %d", e.Message, n)
		}
	}
	for _, l := range []string{"en", "de"} {
		var f StateJSON
		call(t, tab, "newGame", map[string]any{"variant": "festung", "players": 3, "lang": l}, &f)
		call(t, tab, "advance", map[string]any{"handle": f.Handle, "limit": 5}, &f)
		e := fail(t, tab, "rollout", fmt.Sprintf(`{"handle":%d}`, f.Handle))
		lang, _ := words.Parse(l)
		if e.Name != "ErrExactJudge" || e.Say == "" || e.Say != lang.Refusal(analysis.ErrExactJudge) || !strings.Contains(e.Say, "Festungsspiel") {
			t.Errorf("festung in %s: %+v", l, e)
		}
	}
	if words.English.Refusal(analysis.ErrExactJudge) == words.German.Refusal(analysis.ErrExactJudge) {
		t.Error("the exact judge is said alike in English and German")
	}
}

// A rollout stops when its caller's context ends, its game is closed or
// the table's budget per call is spent, and changes nothing; a rollout
// asked on an ended context does not begin.
func TestRolloutStops(t *testing.T) {
	tab, s, step := rolloutGame(t)
	// a rollout of seconds: 10 plays of 10,368 games to the end
	big := fmt.Sprintf(`{"handle":%d,"step":%d,"plays":%d,"games":%d}`, s.Handle, step, MaxRolloutPlays, MaxRolloutGames)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if name := errorName(tab.CallContext(ctx, "rollout", []byte(big))); name != "ErrCancelled" {
		t.Errorf("on an ended context: %s", name)
	}
	ctx, cancel = context.WithCancel(context.Background())
	answer := make(chan []byte)
	go func() { answer <- tab.CallContext(ctx, "rollout", []byte(big)) }()
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	var st StateJSON
	call(t, tab, "state", map[string]any{"handle": s.Handle, "log": false}, &st)
	if d := time.Since(start); d > time.Second {
		t.Errorf("a state during the rollout took %v", d)
	}
	cancel()
	start = time.Now()
	if out := <-answer; errorName(out) != "ErrCancelled" {
		t.Errorf("a cancelled rollout answered %.200s", out)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the rollout stopped %v after its cancellation", d)
	}
	short := NewTable(Options{CallBudget: 100 * time.Millisecond})
	var s2 StateJSON
	call(t, short, "newGame", map[string]any{"variant": "toccateglio", "seed": 2, "seats": []string{"greedy", "greedy"}}, &s2)
	call(t, short, "advance", map[string]any{"handle": s2.Handle, "limit": 20}, &s2)
	out := short.Call("rollout", []byte(fmt.Sprintf(`{"handle":%d,"position":true,"games":%d}`, s2.Handle, MaxRolloutGames)))
	if e := errorOf(out); e == nil || e.Name != "ErrOverBudget" {
		t.Errorf("a rollout past the budget answered %.200s", out)
	}
	g, _ := tab.Game(s.Handle)
	go func() {
		time.Sleep(50 * time.Millisecond)
		g.Close()
	}()
	if _, err := g.Rollout(context.Background(), RolloutOptions{Step: &step, Plays: MaxRolloutPlays, Games: MaxRolloutGames}); !errors.Is(err, ErrGameClosed) {
		t.Errorf("a rollout of a game closed: %v", err)
	}
	if n := g.Len(); n != s.Length {
		t.Errorf("length %d after the stopped rollouts, %d before", n, s.Length)
	}
}
