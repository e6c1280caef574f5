package e2e

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
)

// severalTargets is the selector, quoted for a script, of a stone that may
// move to more than one point: a tap picks it and waits for its target (a
// stone with one target goes there at once).
const severalTargets = `'.point.source:not([data-targets="1"]), .bar.source:not([data-targets="1"])'`

// A stone with one target goes there at one tap, by the mouse and by the
// keyboard: Verkehren's 3-3 from the house, where every stone has one
// target (no two own stones on the points 2–11, V-B1), is four taps for
// four steps, and the move made is one of the library's; a stone with two
// targets still waits for the second tap.
func TestOneTargetOneTap(t *testing.T) {
	ctx := page(t)
	for _, keys := range []bool{false, true} {
		open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"3"}, "opponent": {"hot-seat"}, "dice": {"manual"}})
		lib, err := catalog.New("verkehren", "", 2)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []string{"6 2", "3 1", "3 3"} {
			if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#manual-dice"), d)); err != nil {
				t.Fatal(err)
			}
			click(t, ctx, "#enter-dice")
			m, err := lib.ParseMove(strings.ReplaceAll(d, " ", "-"))
			if err != nil {
				t.Fatal(err)
			}
			if err := lib.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		s := snap(t, ctx)
		if s.Turn != "player" || s.ID != idOf(t, lib) {
			t.Fatalf("after the draw and 3-3: page %+v, library %s", s, idOf(t, lib))
		}
		taps := 0
		for i := 0; i < 8 && snap(t, ctx).Length == s.Length; i++ {
			src := eval[string](t, ctx, `(document.querySelector('.point.source, .bar.source') || {dataset: {}}).dataset.point || ''`)
			if src == "" {
				t.Fatalf("no stone to move after %d taps", taps)
			}
			if n := eval[string](t, ctx, `document.querySelector('[data-point="`+src+`"]').dataset.targets`); n != "1" {
				t.Fatalf("the stone on %s has %s targets at 3-3", src, n)
			}
			if keys {
				keyOn(t, ctx, "p"+src)
			} else {
				click(t, ctx, `[data-point="`+src+`"]`)
			}
			taps++
			if picked(t, ctx) {
				t.Fatalf("tap %d: the stone on %s, with one target, waits for a second tap", taps, src)
			}
		}
		after := waitFor(t, ctx, "the move", func(x snapshot) bool { return x.Length != s.Length && x.Busy == "0" })
		if taps != 4 {
			t.Errorf("keys %v: %d taps for the four steps of 3-3", keys, taps)
		}
		made := false
		for _, m := range lib.LegalMoves() {
			g := lib.Clone()
			if g.Apply(m) == nil && idOf(t, g) == after.ID {
				made = true
			}
		}
		if !made {
			t.Errorf("keys %v: the page's position %s after 3-3 is no legal move's", keys, after.ID)
		}
		if lib.ToMove() == brettspiel.Terminal {
			t.Fatal("the game ended")
		}
	}
	// a stone with two targets: a tap picks it
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"4"}, "opponent": {"hot-seat"}})
	toPlay(t, ctx)
	src := eval[string](t, ctx, `document.querySelector(`+severalTargets+`).dataset.point`)
	click(t, ctx, `[data-point="`+src+`"]`)
	if !picked(t, ctx) || snap(t, ctx).Steps != "0" {
		t.Errorf("a stone with several targets did not wait for its target")
	}
}
