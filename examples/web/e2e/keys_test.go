package e2e

import (
	"net/url"
	"strings"
	"testing"
)

// The keys of the page: T throws, U undoes, H gives a hint, Enter does the
// next thing (here the throw), with the focus on nothing in particular.
func TestKeysThrowUndoHintEnter(t *testing.T) {
	ctx := page(t)
	s := open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"4"}, "opponent": {"hot-seat"}})
	blur := func() { eval[bool](t, ctx, `(document.activeElement.blur(), true)`) }
	for i := 0; s.Turn != "player"; i++ {
		if i > 20 {
			t.Fatalf("no play after 20 presses of T: %+v", s)
		}
		blur()
		n := s.Length
		press(t, ctx, "t")
		s = waitFor(t, ctx, "a throw by T", func(x snapshot) bool { return x.Length != n && x.Busy == "0" })
	}
	blur()
	press(t, ctx, "h")
	if n := eval[int](t, ctx, `document.querySelectorAll('#hints li').length`); n == 0 {
		t.Error("H gave no hint")
	}
	n := s.Length
	blur()
	press(t, ctx, "u")
	s = waitFor(t, ctx, "an undo by U", func(x snapshot) bool { return x.Length != n })
	if s.Turn != "chance" {
		t.Fatalf("after U: %+v", s)
	}
	blur()
	press(t, ctx, "\r")
	waitFor(t, ctx, "a throw by Enter", func(x snapshot) bool { return x.Length == n && x.Turn == "player" })
}

// A position ID and a record that do not load each say what is wrong, not
// that something is no move.
func TestBadIDAndRecordSayWhatIsWrong(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"4"}, "opponent": {"hot-seat"}})
	eval[bool](t, ctx, `(document.querySelector('#load-id-text').value = 'garbage', document.querySelector('#load-id').click(), true)`)
	if m := snap(t, ctx).Message; !strings.Contains(m, "position ID") || strings.Contains(m, "not a move") {
		t.Errorf("a bad position ID: %q", m)
	}
	eval[bool](t, ctx, `(document.querySelector('#record-text').value = '# brettspiel record\nfoo bar\n', document.querySelector('#load-record').click(), true)`)
	if m := snap(t, ctx).Message; !strings.Contains(m, "line 2") || strings.Contains(m, "not a move") {
		t.Errorf("a bad record: %q", m)
	}
}

// The Festungsspiel's seat table shows no result before anything has been
// played (it would only repeat the stakes), and names the seats as
// players, never as seats numbered from 0.
func TestFestungTableBeforeAndAfterTheFirstStep(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"festung"}, "players": {"3"}, "seed": {"3"}, "opponent": {"greedy"}})
	heads := func() string { return eval[string](t, ctx, `document.querySelector('#scores tr').textContent`) }
	if h := heads(); strings.Contains(h, "result") || strings.Contains(h, "return") {
		t.Errorf("the seat table before the first throw: %q", h)
	}
	table := eval[string](t, ctx, `document.querySelector('#scores').textContent`)
	if !strings.Contains(table, "Player 1") || strings.Contains(strings.ToLower(table), "seat") {
		t.Errorf("the seat table names the seats %q", table)
	}
	click(t, ctx, "#throw")
	waitFor(t, ctx, "the first throw", func(s snapshot) bool { return s.Length != "0" })
	if h := heads(); !strings.Contains(h, "result") {
		t.Errorf("the seat table after the first throw: %q", h)
	}
}
