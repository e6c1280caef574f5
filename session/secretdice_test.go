package session

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/words"
)

// harvest adds to seeds every whole number in the JSON document b — keys'
// values at any depth, numbers and strings of digits alike: every seed a
// client could learn from what it receives.
func harvest(b []byte, seeds map[uint64]bool) {
	var v any
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return
	}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		case json.Number:
			if n, err := strconv.ParseUint(x.String(), 10, 64); err == nil {
				seeds[n] = true
			}
		case string:
			if n, err := strconv.ParseUint(x, 10, 64); err == nil {
				seeds[n] = true
			}
		}
	}
	walk(v)
}

// A player and a watcher of an owned game keep everything the protocol
// gives them and try, before each throw, to foresee it by replaying the
// dice with every seed they could have learnt. No seed does better than
// chance. (The same test against a session that showed the seed foresaw
// every throw.)
func TestNobodyForeseesTheDice(t *testing.T) {
	tab := NewTable(Options{})
	seeds := map[uint64]bool{0: true, 1: true}
	got := func(method string, args any, out any) []byte {
		t.Helper()
		b, _ := json.Marshal(args)
		res := tab.Call(method, b)
		harvest(res, seeds)
		if e := errorOf(res); e != nil {
			t.Fatalf("%s: %s", method, e.Message)
		}
		if out != nil {
			json.Unmarshal(res, out)
		}
		return res
	}
	var s StateJSON
	got("newGame", map[string]any{"variant": "verkehren", "owned": true}, &s)
	h := s.Handle
	var c0, c1 ClaimJSON
	got("claim", map[string]any{"handle": h, "seat": 0}, &c0)
	got("claim", map[string]any{"handle": h, "seat": 1}, &c1)
	secrets := []string{c0.Secret, c1.Secret}
	g, _ := tab.Game(h)
	if seeds[g.seed] {
		t.Fatalf("the game's seed %d is in what its people received", g.seed)
	}
	hits := map[uint64]int{}
	throws, rev, over := 0, 0, false
	for throws < 40 {
		var st StateJSON
		got("state", map[string]any{"handle": h, "log": false}, &st)
		var w WatchJSON
		got("watch", map[string]any{"handle": h, "rev": rev}, &w)
		rev = w.Rev
		var pos struct {
			ID     string
			Turn   string
			Player int
		}
		json.Unmarshal(st.State, &pos)
		if pos.Turn == "over" {
			over = true // the end reveals the seed
			break
		}
		if pos.Turn != "chance" {
			var legal LegalJSON
			got("legal", map[string]any{"handle": h, "parts": false}, &legal)
			got("apply", map[string]any{"handle": h, "notation": legal.Legal[0].Notation, "secret": secrets[pos.Player]}, nil)
			continue
		}
		// before the throw: what every seed learnt so far says it will be
		here, err := catalog.ParseID(pos.ID)
		if err != nil {
			t.Fatal(err)
		}
		predicted := map[uint64]string{}
		for seed := range seeds {
			m, err := brettspiel.SampleChance(here, Rand(seed, st.Length, Dice))
			if err == nil {
				predicted[seed] = here.MoveString(m)
			}
		}
		var thrown StateJSON
		got("throw", map[string]any{"handle": h, "secret": secrets[0]}, &thrown)
		for seed, p := range predicted {
			if p == thrown.Move {
				hits[seed]++
			}
		}
		throws++
	}
	best, bestSeed := 0, uint64(0)
	for seed, n := range hits {
		if n > best {
			best, bestSeed = n, seed
		}
	}
	t.Logf("%d throws, %d seeds learnt; the best foresaw %d", throws, len(seeds), best)
	if throws < 20 {
		t.Fatalf("only %d throws", throws)
	}
	// a throw of two dice is one of 21, the likeliest 1 in 18: a seed
	// that foresaw a third of them knows the dice
	if best > throws/3 {
		t.Errorf("the seed %d foresaw %d of %d throws", bestSeed, best, throws)
	}
	if seeds[g.seed] && !over {
		t.Errorf("the game's seed %d was in what its people received", g.seed)
	}
}

// Every game made without a seed throws from a fresh one: three games made
// one after the other throw differently; a seed given is honoured.
func TestEveryGameWithoutASeedHasItsOwn(t *testing.T) {
	tab := NewTable(Options{})
	firsts := map[string]bool{}
	seeds := map[string]bool{}
	for range 3 {
		var s StateJSON
		call(t, tab, "newGame", map[string]any{"variant": "festung", "players": 3}, &s)
		if s.Seed == nil {
			t.Fatal("a game of one screen does not show its seed")
		}
		seeds[strconv.FormatUint(uint64(*s.Seed), 10)] = true
		var th StateJSON
		call(t, tab, "throw", map[string]any{"handle": s.Handle}, &th)
		firsts[th.Move] = true
	}
	if len(seeds) != 3 || len(firsts) < 2 {
		t.Errorf("three games without a seed: seeds %v, first throws %v", seeds, firsts)
	}
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": "18446744073709551615"}, &s)
	if s.Seed == nil || *s.Seed != 1<<64-1 {
		t.Errorf("the seed given: %v", s.Seed)
	}
	call(t, tab, "loadID", map[string]any{"id": idOf(t, &s)}, &s)
	if s.Seed == nil || *s.Seed == 1<<64-1 {
		t.Errorf("a game loaded without a seed has seed %v", s.Seed)
	}
}

// An owned game shows its commitment from the start and no seed; at its end
// the seed and the salt are revealed, in the state and to its watchers,
// and they are the commitment's. Then nothing is played: undo, takeback
// and steps are refused.
func TestSecretDiceAreRevealedAtTheEnd(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "toccateglio", "owned": true, "seed": 77, "seats": []string{"person", "greedy"}}, &s)
	if s.Seed != nil || len(s.Commitment) != 64 || s.Salt != "" {
		t.Fatalf("an owned game at the start: seed %v, commitment %q, salt %q", s.Seed, s.Commitment, s.Salt)
	}
	commitment := s.Commitment
	var c ClaimJSON
	call(t, tab, "claim", map[string]any{"handle": s.Handle, "seat": 0}, &c)
	g, _ := tab.Game(s.Handle)
	w, _ := g.Watch(0)
	if d, _ := w.Next(nil); d.Commitment != commitment || d.Seed != nil {
		t.Errorf("the watcher's catch-up: commitment %q, seed %v", d.Commitment, d.Seed)
	}
	rec, _ := g.Record()
	snap, _, _ := g.Snapshot()
	if strings.Contains(rec, "77") && !strings.Contains(string(snap), `"seed":"77"`) {
		t.Errorf("the seed is in the record or not in the snapshot")
	}
	// the person plays greedy's moves until the end
	for g.Position().ToMove() != brettspiel.Terminal {
		args := map[string]any{"handle": s.Handle, "secret": c.Secret}
		switch p := g.Position().ToMove(); {
		case p == brettspiel.Chance:
			call(t, tab, "throw", args, &s)
		case p == 0:
			args["bot"] = "greedy"
			call(t, tab, "botMove", args, &s)
		default:
			call(t, tab, "advance", args, &s)
		}
		if s.Seed != nil && g.Position().ToMove() != brettspiel.Terminal {
			t.Fatalf("the seed shown at step %d, before the end", s.Length)
		}
	}
	call(t, tab, "state", map[string]any{"handle": s.Handle}, &s)
	salt, _ := hex.DecodeString(s.Salt)
	if s.Seed == nil || *s.Seed != 77 || s.Commitment != commitment || Commit(*s.Seed, salt) != commitment {
		t.Fatalf("at the end: seed %v, salt %q, commitment %q (was %q)", s.Seed, s.Salt, s.Commitment, commitment)
	}
	// anyone checks the record against what the game committed to
	var text TextJSON
	call(t, tab, "saveRecord", map[string]any{"handle": s.Handle}, &text)
	var check DiceCheck
	call(t, tab, "verifyDice", map[string]any{"text": text.Text, "commitment": commitment, "seed": *s.Seed, "salt": s.Salt}, &check)
	if !check.OK || !check.Commitment || check.Throws < 10 {
		t.Errorf("verifyDice of the game: %+v", check)
	}
	var last *Delta
	for d, ok := pending(w); ok; d, ok = pending(w) {
		last = d
	}
	if last == nil || last.Seed == nil || *last.Seed != 77 || last.Salt != s.Salt || last.ToMove != int(brettspiel.Terminal) {
		t.Errorf("the watcher's last delta: %+v", last)
	}
	for _, m := range []string{"undo", "takeback"} {
		if e := fail(t, tab, m, fmt.Sprintf(`{"handle":%d,"secret":%q}`, s.Handle, c.Secret)); e.Name != "ErrGameOver" {
			t.Errorf("%s after the reveal: %s", m, e.Name)
		}
	}
	if err := g.Undo(); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("Undo after the reveal: %v", err)
	}
}

// Reveal ends a game that did not end (a server archiving it), and closing
// a game reveals its dice in the last delta.
func TestRevealAndCloseRevealTheDice(t *testing.T) {
	g, err := New(Config{Variant: "verkehren", Owned: true, Seats: []string{"greedy", "greedy"}})
	if err != nil {
		t.Fatal(err)
	}
	g.Advance(context.Background(), 10)
	w, _ := g.Watch(1 << 30)
	w.Next(nil)
	if g.Revealed() || g.Info().Seed != nil {
		t.Fatal("revealed before the end")
	}
	g.Reveal()
	d, err := w.Next(nil)
	if err != nil || d.Seed == nil || d.Salt == "" || d.Rev != 11 {
		t.Errorf("the reveal's delta: %+v %v", d, err)
	}
	if _, err := g.Advance(context.Background(), 1); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("a step after the reveal: %v", err)
	}

	g, _ = New(Config{Variant: "festung", Players: 2, Owned: true, Seats: []string{"random", "random"}})
	g.Advance(context.Background(), 3)
	w, _ = g.Watch(1 << 30)
	w.Next(nil)
	g.Close()
	if d, err := w.Next(nil); err != nil || !d.Closed || d.Seed == nil || Commit(*d.Seed, mustHex(t, d.Salt)) != d.Commitment {
		t.Errorf("the closing delta: %+v %v", d, err)
	}
	// a restored snapshot keeps the dice secret and its commitment
	g, _ = New(Config{Variant: "verkehren", Owned: true, Seats: []string{"greedy", "greedy"}})
	snap, _, _ := g.Snapshot()
	back, err := Restore(snap)
	if err != nil || back.Info().Commitment != g.Info().Commitment || back.Info().Seed != nil || back.seed != g.seed {
		t.Errorf("restored: %+v %v, was %+v", back.Info(), err, g.Info())
	}
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every change a person at the table must learn reaches a watcher: a
// takeback asked and declined as two deltas, a claim as one.
func TestEveryChangeIsTold(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "owned": true, "seed": 2}, &s)
	g, _ := tab.Game(s.Handle)
	w, _ := g.Watch(0)
	w.Next(nil)
	expect := func(what string, check func(d *Delta) bool) {
		t.Helper()
		d, ok := pending(w)
		if !ok || !check(d) {
			t.Fatalf("%s: %+v", what, d)
		}
		if d, ok := pending(w); ok {
			t.Fatalf("%s: a second delta %+v", what, d)
		}
	}
	var c0, c1 ClaimJSON
	call(t, tab, "claim", map[string]any{"handle": s.Handle, "seat": 0}, &c0)
	expect("a claim", func(d *Delta) bool { return d.Claimed[0] && !d.Claimed[1] && d.From == d.Length })
	call(t, tab, "claim", map[string]any{"handle": s.Handle, "seat": 1}, &c1)
	expect("a second claim", func(d *Delta) bool { return d.Claimed[1] })
	secrets := []string{c0.Secret, c1.Secret}
	// play until seat 0 has decided and seat 1 is to move
	for g.Position().ToMove() != 1 || g.lastDecisionOf(0) == 0 {
		args := map[string]any{"handle": s.Handle, "secret": secrets[0]}
		if p := g.Position().ToMove(); p >= 0 {
			var legal LegalJSON
			call(t, tab, "legal", map[string]any{"handle": s.Handle, "parts": false}, &legal)
			args["notation"], args["secret"] = legal.Legal[0].Notation, secrets[p]
			call(t, tab, "apply", args, nil)
		} else {
			call(t, tab, "throw", args, nil)
		}
		pending(w)
	}
	for _, ok := pending(w); ok; _, ok = pending(w) {
	}
	call(t, tab, "takeback", map[string]any{"handle": s.Handle, "secret": secrets[0]}, &s)
	expect("a takeback asked", func(d *Delta) bool { return d.Takeback != nil && d.Takeback.Seat == 0 && d.Rev == s.Rev })
	call(t, tab, "answerTakeback", map[string]any{"handle": s.Handle, "secret": secrets[1], "accept": false}, &s)
	expect("a takeback declined", func(d *Delta) bool { return d.Takeback == nil && d.Rev == s.Rev && d.From == d.Length })
}

// lastDecisionOf is the steps a takeback of seat would take back, for the
// tests.
func (g *Game) lastDecisionOf(seat int) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.lastDecision(seat)
}

// The session's errors of seats and watchers tell the player why, in
// English and German.
func TestSeatErrorsSayWhy(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "owned": true}, &s)
	var c ClaimJSON
	call(t, tab, "claim", map[string]any{"handle": s.Handle, "seat": 0}, &c)
	call(t, tab, "claim", map[string]any{"handle": s.Handle, "seat": 1}, nil)
	h := s.Handle
	for _, c := range []struct{ method, args, name string }{
		{"throw", `{"handle":%d%s}`, "ErrNoSecret"},
		{"throw", `{"handle":%d,"secret":"nobody's"%s}`, "ErrBadSecret"},
		{"undo", `{"handle":%d,"secret":"` + c.Secret + `"%s}`, "ErrNeedsConsent"},
		{"takeback", `{"handle":%d,"seat":1,"secret":"` + c.Secret + `"%s}`, "ErrNotYourSeat"},
	} {
		en := fail(t, tab, c.method, fmt.Sprintf(c.args, h, ""))
		de := fail(t, tab, c.method, fmt.Sprintf(c.args, h, `,"lang":"de"`))
		if en.Name != c.name || en.Say == "" || de.Say == "" || en.Say == de.Say {
			t.Errorf("%s: %s, say %q / %q", c.method, en.Name, en.Say, de.Say)
		}
	}
	if e := fail(t, tab, "claim", fmt.Sprintf(`{"handle":%d,"seat":0}`, h)); e.Name != "ErrSeatTaken" || e.Say == "" {
		t.Errorf("claim of a seat taken: %+v", e)
	}
	g, _ := New(Config{Variant: "verkehren", Owned: true, Lang: "de"})
	g.Claim(0)
	out := g.Call(context.Background(), "apply", []byte(`{"notation":"x"}`), "wrong")
	if e := errorOf(out); e == nil || e.Name != "ErrBadSecret" || e.Say != words.German.Refusal(ErrBadSecret) {
		t.Errorf("Game.Call with a wrong secret in a German game: %s", out)
	}
	for _, err := range []error{ErrNoSecret, ErrBadSecret, ErrNotYourSeat, ErrSeatTaken, ErrNeedsConsent, ErrTooManyWatchers} {
		if en, de := words.English.Refusal(err), words.German.Refusal(err); en == "" || de == "" || en == de {
			t.Errorf("%v says %q, %q", err, en, de)
		}
	}
}

// A game takes at most MaxWatchers watchers; a closed watcher frees its
// place.
func TestWatchersAreBounded(t *testing.T) {
	g, _ := New(Config{Variant: "verkehren", MaxWatchers: 3})
	var ws []*Watcher
	for range 3 {
		w, err := g.Watch(0)
		if err != nil {
			t.Fatal(err)
		}
		ws = append(ws, w)
	}
	if _, err := g.Watch(0); !errors.Is(err, ErrTooManyWatchers) {
		t.Fatalf("a fourth watcher: %v", err)
	}
	ws[0].Close()
	ws[0].Close()
	if _, err := g.Watch(0); err != nil || g.Watchers() != 3 {
		t.Errorf("after a Close: %v, %d watchers", err, g.Watchers())
	}
	tab := NewTable(Options{MaxWatchers: 1})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren"}, &s)
	tg, _ := tab.Game(s.Handle)
	tg.Watch(0)
	if _, err := tg.Watch(0); !errors.Is(err, ErrTooManyWatchers) {
		t.Errorf("a table's MaxWatchers: %v", err)
	}
}

// Watchers that never read cost the game little: 10,000 of them on a game
// of 300 steps add at most 10 KB a watcher, and a step adds no delta of
// theirs.
func TestIdleWatchersCostLittle(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	g, _ := New(Config{Variant: "festung", Players: 3, Seed: SeedOf(3), Seats: []string{"random", "random", "random"}, MaxWatchers: n})
	for g.Len() < 300 && g.Position().ToMove() != brettspiel.Terminal {
		g.Advance(context.Background(), 1)
	}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	ws := make([]*Watcher, 0, n)
	for range n {
		w, err := g.Watch(0)
		if err != nil {
			t.Fatal(err)
		}
		ws = append(ws, w)
	}
	for range 20 {
		g.Undo()
		g.Redo()
	}
	after := heap()
	per := (float64(after) - float64(before)) / float64(n)
	t.Logf("%d watchers on a game of %d steps: %.0f B a watcher", n, g.Len(), per)
	if per > 10<<10 {
		t.Errorf("a watcher that never reads costs %.0f B", per)
	}
	runtime.KeepAlive(ws)
}
