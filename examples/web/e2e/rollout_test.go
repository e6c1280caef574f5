package e2e

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// rolledOut is a play of the page's rollout as the list shows it.
type rolledOut struct {
	Notation string  `json:"notation"`
	Equity   float64 `json:"equity"`
	StdErr   float64 `json:"stdErr"`
	Games    int     `json:"games"`
	Played   bool    `json:"played"`
	Text     string  `json:"text"`
}

const rolledOutJS = `[...document.querySelectorAll('#rollout-plays li')].map((li) => ({
  notation: li.dataset.notation, equity: Number(li.dataset.equity), stdErr: Number(li.dataset.stdErr),
  games: Number(li.dataset.games), played: li.dataset.played === '1', text: li.textContent }))`

// pooled is the rollout the page makes of the decision before step n, by
// the library: parts of 36 games truncated after 10 turns, part k with
// seed k, each play's parts pooled as the page pools them.
func pooled(t *testing.T, record string, n, games int) map[string]rolledOut {
	t.Helper()
	g, err := session.LoadRecord(record, session.Config{})
	if err != nil {
		t.Fatal(err)
	}
	type sums struct{ n, mean, m2 float64 }
	acc := map[string]*sums{}
	played := ""
	turns := 10
	for k, done := 0, 0; done < games; k++ {
		part := min(36, games-done)
		r, err := g.Rollout(context.Background(), session.RolloutOptions{Step: &n, Games: part, Turns: &turns, Seed: session.Seed(k)})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Plays {
			if p.Played {
				played = p.Notation
			}
			m2 := p.StdErr * p.StdErr * float64(r.Games) * float64(r.Games-1)
			a := acc[p.Notation]
			if a == nil {
				acc[p.Notation] = &sums{float64(r.Games), p.Equity, m2}
				continue
			}
			total := a.n + float64(r.Games)
			d := p.Equity - a.mean
			a.mean += d * float64(r.Games) / total
			a.m2 += m2 + d*d*a.n*float64(r.Games)/total
			a.n = total
		}
		done += part
	}
	out := map[string]rolledOut{}
	for notation, a := range acc {
		out[notation] = rolledOut{Notation: notation, Equity: a.mean, StdErr: math.Sqrt(a.m2 / (a.n - 1) / a.n), Games: int(a.n), Played: notation == played}
	}
	return out
}

// rolloutWords are the page's words of a rollout: the button, the
// result's head, the play made.
var rolloutWords = map[string][3]string{
	"en": {"Roll out", "Rolled out: 72 games a play by the learned net, each judged after 10 turns; mean for Player ", "(played)"},
	"de": {"Rollout", "Rollout: 72 Partien je Zug vom gelernten Netz, jede nach 10 Zügen bewertet; Mittel für Spieler ", "(gespielt)"},
}

// A decision of the review is rolled out in the page: "Roll out" plays 72
// games a play (?rollout=72) after the best plays and the play made, in
// parts, and lists each play's mean ± standard error, the play made
// marked; the figures are the library's, pooled as the page pools them,
// and the same twice. In English and German, on a desktop and on a phone.
func TestRolloutFromTheReview(t *testing.T) {
	g, record, rep := finished(t, session.Config{Variant: "verkehren", Seed: session.SeedOf(9), Seats: []string{"greedy", "net-beginner"}})
	n := worst(rep, 1)[0]
	want := pooled(t, record, n, 72)
	if len(want) < 2 {
		t.Fatalf("%d plays rolled out by the library", len(want))
	}
	for _, c := range []struct {
		lang  string
		phone bool
	}{{"en", false}, {"de", true}, {"de", false}, {"en", true}} {
		where := map[bool]string{false: "desktop", true: "phone"}[c.phone]
		t.Run(c.lang+"-"+where, func(t *testing.T) {
			w := rolloutWords[c.lang]
			ctx := page(t)
			open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"1"}, "opponent": {"hot-seat"}, "lang": {c.lang}, "rollout": {"72"}})
			eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
			click(t, ctx, "#load-record")
			waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(g.Len()) && s.Turn == "over" })
			if !eval[bool](t, ctx, `document.querySelector('#rollout').hidden`) {
				t.Error("the rollout is offered before a decision is shown")
			}
			click(t, ctx, "#review-btn")
			sel := fmt.Sprintf(`#review-worst button[data-index="%d"]`, n)
			for start := time.Now(); !eval[bool](t, ctx, `!!document.querySelector(`+strconv.Quote(sel)+`)`); time.Sleep(20 * time.Millisecond) {
				if time.Since(start) > 30*time.Second {
					t.Fatal("no review after 30 s")
				}
			}
			if c.phone {
				// the record loaded and the review asked on a desktop, as the
				// review's own test does; then the phone
				asPhone(t, ctx)
			}
			click(t, ctx, sel)
			waitFor(t, ctx, fmt.Sprintf("the position before step %d", n+1), func(s snapshot) bool { return s.Length == fmt.Sprint(n) })
			if c.phone {
				// the board fills the phone's screen; the review is a tap away
				click(t, ctx, "#review-again")
			}
			if label := eval[string](t, ctx, `document.querySelector('#rollout-btn').textContent`); label != w[0] {
				t.Errorf("the button reads %q, want %q", label, w[0])
			}
			first := rollOut(t, ctx)
			status := eval[string](t, ctx, `document.querySelector('#rollout-status').textContent`)
			if !strings.HasPrefix(status, w[1]) {
				t.Errorf("the rollout says %q, want %q…", status, w[1])
			}
			if len(first) != len(want) {
				t.Fatalf("the page rolled out %d plays, the library %d: %+v", len(first), len(want), first)
			}
			played := 0
			for i, p := range first {
				l, ok := want[p.Notation]
				if !ok || p.Games != 72 || p.Played != l.Played || math.Abs(p.Equity-l.Equity) > 1e-12 || math.Abs(p.StdErr-l.StdErr) > 1e-12 || p.StdErr <= 0 {
					t.Errorf("play %d %+v, the library's %+v", i, p, l)
				}
				if i > 0 && p.Equity > first[i-1].Equity {
					t.Errorf("play %d (%v) listed below a worse one", i, p.Equity)
				}
				if !strings.Contains(p.Text, " ± ") || p.Played != strings.HasSuffix(p.Text, w[2]) {
					t.Errorf("the line %q", p.Text)
				}
				if p.Played {
					played++
				}
			}
			if played != 1 {
				t.Errorf("%d plays marked as played", played)
			}
			if again := rollOut(t, ctx); !slices.Equal(again, first) {
				t.Errorf("the same rollout twice:\n%+v\n%+v", first, again)
			}
			if c.phone {
				audit(t, ctx, "the rollout on a phone", 11, 40)
			}
			t.Logf("%s: %d plays, the longest part %s ms; %q", where, len(first), eval[string](t, ctx, `document.querySelector('#rollout').dataset.longest`), first[0].Text)
		})
	}
}

// rollOut clicks "Roll out" and returns the plays once it is done.
func rollOut(t *testing.T, ctx context.Context) []rolledOut {
	t.Helper()
	click(t, ctx, "#rollout-btn")
	for start := time.Now(); eval[string](t, ctx, `document.querySelector('#rollout').dataset.state`) != "done"; time.Sleep(50 * time.Millisecond) {
		if time.Since(start) > 60*time.Second {
			t.Fatalf("no rollout after 60 s: %q", eval[string](t, ctx, `document.querySelector('#rollout').textContent`))
		}
	}
	return eval[[]rolledOut](t, ctx, rolledOutJS)
}

// A rollout of the page's 1,296 games a play shows its progress and stops
// at Stop between two parts, keeping the games played; leaving the
// position drops it.
func TestRolloutStops(t *testing.T) {
	g, record, rep := finished(t, session.Config{Variant: "toccateglio", Seed: session.SeedOf(9), Seats: []string{"random", "net-casual"}})
	n := worst(rep, 1)[0]
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"1"}, "opponent": {"hot-seat"}})
	eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
	click(t, ctx, "#load-record")
	waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(g.Len()) && s.Turn == "over" })
	click(t, ctx, "#review-btn")
	sel := fmt.Sprintf(`#review-worst button[data-index="%d"]`, n)
	for start := time.Now(); !eval[bool](t, ctx, `!!document.querySelector(`+strconv.Quote(sel)+`)`); time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("no review after 30 s")
		}
	}
	click(t, ctx, sel)
	waitFor(t, ctx, fmt.Sprintf("the position before step %d", n+1), func(s snapshot) bool { return s.Length == fmt.Sprint(n) })
	click(t, ctx, "#rollout-btn")
	for start := time.Now(); eval[int](t, ctx, `document.querySelectorAll('#rollout-plays li').length`) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("no part rolled out after 30 s")
		}
	}
	running := eval[[]any](t, ctx, `[document.querySelector('#rollout').dataset.state, document.querySelector('#rollout-status').textContent, document.querySelector('#rollout-btn').disabled]`)
	if running[0] != "running" || !strings.HasPrefix(running[1].(string), "Rolling out… ") || !strings.HasSuffix(running[1].(string), " of 1296 games a play.") || running[2] != true {
		t.Errorf("under way the rollout shows %v", running)
	}
	click(t, ctx, "#rollout-stop")
	for start := time.Now(); eval[string](t, ctx, `document.querySelector('#rollout').dataset.state`) != "stopped"; time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatalf("not stopped after 30 s: %q", eval[string](t, ctx, `document.querySelector('#rollout').textContent`))
		}
	}
	plays := eval[[]rolledOut](t, ctx, rolledOutJS)
	if len(plays) == 0 || plays[0].Games < 36 || plays[0].Games >= 1296 || plays[0].Games%36 != 0 {
		t.Errorf("stopped with %+v", plays)
	}
	if s := eval[string](t, ctx, `document.querySelector('#rollout-status').textContent`); !strings.HasPrefix(s, fmt.Sprintf("Stopped after %d games a play", plays[0].Games)) {
		t.Errorf("the stopped rollout says %q", s)
	}
	t.Logf("stopped after %d games a play; the longest part of 36 games a play took %s ms", plays[0].Games, eval[string](t, ctx, `document.querySelector('#rollout').dataset.longest`))
	click(t, ctx, "#review-back")
	waitFor(t, ctx, "the game again", func(s snapshot) bool { return s.Length == fmt.Sprint(g.Len()) })
	if shown := eval[[]any](t, ctx, `[document.querySelector('#rollout').hidden, document.querySelectorAll('#rollout-plays li').length]`); shown[0] != true || shown[1] != float64(0) {
		t.Errorf("back in the game the rollout shows: hidden %v, %v plays", shown[0], shown[1])
	}
}

// A decision chosen in the review's move list is rolled out as one of the
// worst is: a marked decision that is none of the five worst, 36 games a
// play, the library's figures pooled as the page pools them.
func TestRolloutFromTheMoveList(t *testing.T) {
	g, record, rep := finished(t, session.Config{Variant: "verkehren", Seed: session.SeedOf(9), Seats: []string{"greedy", "net-beginner"}})
	worst5 := worst(rep, 5)
	n := -1
	for _, s := range rep.Steps {
		if s.Decision != nil && s.Decision.Mark != "" && !slices.Contains(worst5, s.Index) {
			n = s.Index
		}
	}
	if n < 0 {
		t.Fatal("no marked decision beside the five worst")
	}
	want := pooled(t, record, n, 36)
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"1"}, "opponent": {"hot-seat"}, "rollout": {"36"}})
	eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
	click(t, ctx, "#load-record")
	waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(g.Len()) && s.Turn == "over" })
	click(t, ctx, "#review-btn")
	sel := fmt.Sprintf(`#review-moves button[data-index="%d"]`, n)
	for start := time.Now(); !eval[bool](t, ctx, `!!document.querySelector(`+strconv.Quote(sel)+`)`); time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("no move list after 30 s")
		}
	}
	click(t, ctx, sel)
	waitFor(t, ctx, fmt.Sprintf("the position before step %d", n+1), func(s snapshot) bool { return s.Length == fmt.Sprint(n) })
	got := rollOut(t, ctx)
	if len(got) != len(want) || len(got) < 2 {
		t.Fatalf("the page rolled out %d plays, the library %d", len(got), len(want))
	}
	for i, p := range got {
		l, ok := want[p.Notation]
		if !ok || p.Games != 36 || p.Played != l.Played || math.Abs(p.Equity-l.Equity) > 1e-12 || math.Abs(p.StdErr-l.StdErr) > 1e-12 {
			t.Errorf("play %d %+v, the library's %+v", i, p, l)
		}
	}
	t.Logf("step %d: %d plays; %q", n+1, len(got), got[0].Text)
}
