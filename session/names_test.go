package session

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel/words"
)

// A name is kept trimmed, at most 24 characters and 96 bytes, printable
// (the plain space is; a tab, a line break, a no-break space, a zero-width
// or a direction mark are not); "" takes it away. A bad one is refused
// with ErrBadCall and a sentence for the player in his language.
func TestNameRules(t *testing.T) {
	for _, c := range []struct {
		name, want string
		ok         bool
	}{
		{"Anna", "Anna", true},
		{"  Anna Schüßler  ", "Anna Schüßler", true},
		{"\tAnna\n", "Anna", true},
		{"Zoë 🎲", "Zoë 🎲", true},
		{"", "", true},
		{"   ", "", true},
		{strings.Repeat("ä", 24), strings.Repeat("ä", 24), true},
		{strings.Repeat("🎲", 24), strings.Repeat("🎲", 24), true}, // 96 bytes
		{strings.Repeat("ä", 25), "", false},
		{strings.Repeat("a", 25), "", false},
		{"An\tna", "", false},
		{"An\nna", "", false},
		{"An\u00a0na", "", false},
		{"An\u200bna", "", false},
		{"An\u202ena", "", false},
		{"An\x00na", "", false},
		{"An\xffna", "", false},
	} {
		g, err := New(Config{Variant: "verkehren", Seed: SeedOf(1)})
		if err != nil {
			t.Fatal(err)
		}
		g.Name(0, "Bert", "")
		err = g.Name(0, c.name, "")
		if c.ok != (err == nil) {
			t.Errorf("Name(%q): %v", c.name, err)
			continue
		}
		if !c.ok {
			if !errors.Is(err, ErrBadCall) {
				t.Errorf("Name(%q): %v, want ErrBadCall", c.name, err)
			}
			en, de := NewErrorJSON(err).Say, NewErrorJSONIn(err, words.German).Say
			if !strings.Contains(en, "24 characters") || !strings.Contains(de, "24 Zeichen") {
				t.Errorf("Name(%q) says %q and %q", c.name, en, de)
			}
			c.want = "Bert" // unchanged
		}
		names := g.Info().Names
		if c.want == "" && names != nil {
			t.Errorf("Name(%q): names %q, want none", c.name, names)
		} else if c.want != "" && !slices.Equal(names, []string{c.want, ""}) {
			t.Errorf("Name(%q): names %q, want %q for seat 0", c.name, names, c.want)
		}
	}
}

// In a game of owned seats only a seat's own secret names it, with the
// seats' errors otherwise; in a game of one screen anyone names any
// person's seat. No bot's seat, no seat beyond the game's, is named.
func TestNameWhoMay(t *testing.T) {
	tab := NewTable(Options{})
	h, secrets := ownedGame(t, tab, `{"variant":"festung","players":3,"seats":["person","person","greedy"],"owned":true}`, 3)
	g, _ := tab.Game(h)
	one, err := New(Config{Variant: "verkehren", Seats: []string{Person, "greedy"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g      *Game
		seat   int
		secret string
		want   error
	}{
		{g, 0, secrets[0], nil},
		{g, 1, secrets[1], nil},
		{g, 0, "", ErrNoSecret},
		{g, 0, "not a secret", ErrBadSecret},
		{g, 0, secrets[1], ErrNotYourSeat},
		{g, 2, secrets[0], ErrBadCall},
		{g, 3, secrets[0], ErrBadCall},
		{g, -1, secrets[0], ErrBadCall},
		{one, 0, "", nil},
		{one, 0, "anything", nil},
		{one, 1, "", ErrBadCall},
	} {
		if err := c.g.Name(c.seat, "Cleo", c.secret); !errors.Is(err, c.want) || (err == nil) != (c.want == nil) {
			t.Errorf("seat %d with secret %.8q: %v, want %v", c.seat, c.secret, err, c.want)
		}
	}
	if got := g.Info().Names; !slices.Equal(got, []string{"Cleo", "Cleo", ""}) {
		t.Errorf("names %q", got)
	}
}

// A name is a change that watchers learn: the revision rises, and the
// deltas and the state carry the names; the same name again changes
// nothing, and taking the last one away leaves them out. The protocol's
// "name" does the same through Table.Call and Game.Call (the secret beside
// the arguments), and its answer is the state.
func TestNameIsAChange(t *testing.T) {
	tab := NewTable(Options{})
	h, secrets := ownedGame(t, tab, `{"variant":"toccateglio","seed":2,"owned":true}`, 2)
	g, _ := tab.Game(h)
	w, _ := g.Watch(0)
	var f follower
	waiting(t, w, &f)
	rev := g.Rev()
	var s StateJSON
	call(t, tab, "name", map[string]any{"handle": h, "seat": 1, "name": " Ida ", "secret": secrets[1]}, &s)
	if !slices.Equal(s.Names, []string{"", "Ida"}) || s.Rev != rev+1 {
		t.Fatalf("the answer of name: names %q at revision %d, want [\"\" Ida] at %d", s.Names, s.Rev, rev+1)
	}
	d, ok := pending(w)
	if !ok || d.Rev != rev+1 || !slices.Equal(d.Names, []string{"", "Ida"}) || d.From != d.Length || len(d.Log) != 0 {
		t.Fatalf("the delta of a name: %+v", d)
	}
	if out := g.Call(context.Background(), "name", []byte(`{"seat":0,"name":"Max"}`), secrets[0]); errorOf(out) != nil {
		t.Fatalf("Game.Call name: %s", out)
	}
	if d, ok := pending(w); !ok || !slices.Equal(d.Names, []string{"Max", "Ida"}) {
		t.Fatalf("the delta of a name by Game.Call: %+v", d)
	}
	rev = g.Rev()
	if err := g.Name(0, "Max ", secrets[0]); err != nil || g.Rev() != rev {
		t.Errorf("the same name again: %v, revision %d after %d", err, g.Rev(), rev)
	}
	if _, ok := pending(w); ok {
		t.Error("the same name again was told")
	}
	for _, c := range []struct{ args, want string }{
		{`{"handle":%d,"seat":0}`, "ErrBadCall"},
		{`{"handle":%d,"name":"Max"}`, "ErrBadCall"},
		{`{"handle":%d,"seat":0,"name":"Max"}`, "ErrNoSecret"},
		{`{"handle":%d,"seat":0,"name":"Max","secret":"x"}`, "ErrBadSecret"},
	} {
		if e := fail(t, tab, "name", strings.Replace(c.args, "%d", itoa(h), 1)); e.Name != c.want {
			t.Errorf("name %s: %s, want %s", c.args, e.Name, c.want)
		}
	}
	g.Name(0, "", secrets[0])
	g.Name(1, "", secrets[1])
	if d, _ := g.Since(0); d.Names != nil || g.Info().Names != nil {
		t.Errorf("no names left: delta %q, info %q", d.Names, g.Info().Names)
	}
}

// A snapshot keeps the names (version 3); one of version 2, which holds
// none, still restores; a head whose names no game could hold is refused.
func TestSnapshotKeepsTheNames(t *testing.T) {
	clk := newFakeTime()
	g, err := New(Config{Variant: "festung", Players: 3, Seed: SeedOf(3), Seats: []string{Person, "greedy", Person}, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	g.Advance(context.Background(), 4)
	plain := snapshotOrFail(t, g)
	if err := g.Name(2, "Ulla", ""); err != nil {
		t.Fatal(err)
	}
	snap := snapshotOrFail(t, g)
	r, err := restore(snap, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Info().Names; !slices.Equal(got, []string{"", "", "Ulla"}) {
		t.Errorf("restored names %q", got)
	}
	if again := snapshotOrFail(t, r); string(again) != string(snap) {
		t.Errorf("the restored game's snapshot\n%s\nnot\n%s", again, snap)
	}
	v2 := asVersion2(t, plain)
	if !strings.HasPrefix(string(v2), snapshotMagic+" 2\n") {
		t.Fatalf("not version 2: %.40s", v2)
	}
	r2, err := restore(v2, clk.now)
	if err != nil {
		t.Fatalf("version 2: %v", err)
	}
	if again := snapshotOrFail(t, r2); string(again) != string(plain) {
		t.Errorf("version 2 restored gives\n%s\nnot\n%s", again, plain)
	}
	names := func(n ...string) func(h *snapshotHead) { return func(h *snapshotHead) { h.Names = n } }
	checkRefused(t, clk, []restoreCase{
		{"names in version 2", editHead(t, asVersion2(t, snap), names("", "", "Ulla")), "version 2"},
		{"names for two seats of three", editHead(t, snap, names("", "Ulla")), "names for"},
		{"a bot's seat named", editHead(t, snap, names("", "Ulla", "")), "seat 1"},
		{"a name untrimmed", editHead(t, snap, names("", "", " Ulla")), "seat 2"},
		{"a name with a line break", editHead(t, snap, names("", "", "Ul\nla")), "seat 2"},
		{"a name too long", editHead(t, snap, names("", "", strings.Repeat("u", 25))), "seat 2"},
		{"every name empty", editHead(t, snap, names("", "", "")), "empty"},
	})
}

// The transport names the game that follows once: 1 to 64 printable ASCII
// bytes without a space; the same name again changes nothing, another is
// refused. It is a change the watchers learn, the state says it, and a
// snapshot keeps it; no client can set it.
func TestSetNext(t *testing.T) {
	for _, c := range []struct {
		next string
		ok   bool
	}{
		{"g7Kq-2", true},
		{"a", true},
		{strings.Repeat("x", 64), true},
		{"~!/?#&=%", true},
		{"", false},
		{strings.Repeat("x", 65), false},
		{"two words", false},
		{"tab\there", false},
		{"zoë", false},
		{"del\x7f", false},
	} {
		g, err := New(Config{Variant: "verkehren", Seed: SeedOf(1)})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.SetNext(c.next); (err == nil) != c.ok || err != nil && !errors.Is(err, ErrBadCall) {
			t.Errorf("SetNext(%q): %v", c.next, err)
		}
		if want := map[bool]string{true: c.next}[c.ok]; g.Info().Next != want {
			t.Errorf("SetNext(%q): Info.Next %q", c.next, g.Info().Next)
		}
	}

	clk := newFakeTime()
	tab := NewTable(Options{Now: clk.now})
	h, secrets := ownedGame(t, tab, `{"variant":"toccateglio","seed":2,"owned":true}`, 2)
	g, _ := tab.Game(h)
	w, _ := g.Watch(0)
	var f follower
	waiting(t, w, &f)
	rev := g.Rev()
	if err := g.SetNext("rematch-1"); err != nil {
		t.Fatal(err)
	}
	if d, ok := pending(w); !ok || d.Next != "rematch-1" || d.Rev != rev+1 || len(d.Log) != 0 {
		t.Fatalf("the delta of the next game: %+v", d)
	}
	if err := g.SetNext("rematch-1"); err != nil || g.Rev() != rev+1 {
		t.Errorf("the same name again: %v, revision %d", err, g.Rev())
	}
	if err := g.SetNext("rematch-2"); !errors.Is(err, ErrBadCall) || g.Info().Next != "rematch-1" {
		t.Errorf("another name: %v, next %q", err, g.Info().Next)
	}
	var s StateJSON
	call(t, tab, "state", map[string]any{"handle": h}, &s)
	if s.Next != "rematch-1" {
		t.Errorf("the state's next: %q", s.Next)
	}
	for _, m := range []string{"next", "setNext"} {
		if e := fail(t, tab, m, `{"handle":`+itoa(h)+`,"next":"x","secret":"`+secrets[0]+`"}`); e.Name != "ErrUnknownMethod" {
			t.Errorf("a client's %s: %s", m, e.Name)
		}
	}
	snap := snapshotOrFail(t, g)
	r, err := restore(snap, clk.now)
	if err != nil || r.Info().Next != "rematch-1" {
		t.Fatalf("restored: %v, next %q", err, r.Info().Next)
	}
	next := func(n string) func(h *snapshotHead) { return func(h *snapshotHead) { h.Next = n } }
	checkRefused(t, clk, []restoreCase{
		{"the next game in version 2", editHead(t, asVersion2(t, snap), next("rematch-1")), "version 2"},
		{"the next game named with a space", editHead(t, snap, next("re match")), "follows"},
		{"the next game named too long", editHead(t, snap, next(strings.Repeat("r", 65))), "follows"},
	})
}
