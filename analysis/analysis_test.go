package analysis

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
)

func named(t testing.TB, name string) bot.Bot {
	t.Helper()
	b, err := bot.Named(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// recordText is the text of h's record.
func recordText(t testing.TB, h *brettspiel.History) string {
	t.Helper()
	var sb strings.Builder
	if _, err := h.Record().WriteTo(&sb, h.Start()); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// The steps and the players' sums agree; a decision never loses less than
// nothing; a throw's luck is its equity minus the mean.
func TestReportSums(t *testing.T) {
	for _, v := range []string{"toccateglio", "verkehren", "festung"} {
		h := playSteps(t, v, named(t, "random"), 7, 0, 150)
		rep, err := Game(h)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Variant != v || len(rep.Steps) != h.Len() || len(rep.Players) != h.Game().NumPlayers() {
			t.Fatalf("%s: variant %q, %d steps of %d, %d players", v, rep.Variant, len(rep.Steps), h.Len(), len(rep.Players))
		}
		loss := make([]float64, len(rep.Players))
		luck := make([]float64, len(rep.Players))
		dec := make([]int, len(rep.Players))
		for i, s := range rep.Steps {
			e, _ := h.Entry(i)
			if s.Index != i || s.Notation != e.Notation || s.Actor != int(e.Actor) {
				t.Fatalf("%s step %d: %+v, entry %+v", v, i, s, e)
			}
			if (s.Decision == nil) == (s.Throw == nil) {
				t.Fatalf("%s step %d: decision %v, throw %v", v, i, s.Decision, s.Throw)
			}
			if d := s.Decision; d != nil {
				if d.Loss < 0 || !near(d.Loss, max(d.Best-d.Played, 0)) || d.Best < d.Played-1e-9 {
					t.Fatalf("%s step %d: %+v", v, i, d)
				}
				if d.Counted {
					loss[s.Actor] += d.Loss
					dec[s.Actor]++
				}
			}
			if th := s.Throw; th != nil && th.Mover >= 0 {
				if !near(th.Luck, th.Equity-th.Mean) {
					t.Fatalf("%s step %d: %+v", v, i, th)
				}
				luck[th.Mover] += th.Luck
			}
		}
		for p, pr := range rep.Players {
			if pr.Seat != p || pr.Decisions != dec[p] || !near(pr.Loss, loss[p]) || !near(pr.Luck, luck[p]) {
				t.Fatalf("%s seat %d: %+v; want %d decisions, loss %v, luck %v", v, p, pr, dec[p], loss[p], luck[p])
			}
			if pr.Decisions > 0 && (!near(pr.ErrorRate, pr.Loss/float64(pr.Decisions)) || (pr.Rating == "") != (Grades(v) == nil)) {
				t.Fatalf("%s seat %d: %+v", v, p, pr)
			}
		}
	}
}

// The luck of a throw is measured against the mean of every throw: over
// all the throws the dice could have shown there, weighted, it is zero.
func TestLuckMeansZero(t *testing.T) {
	for _, v := range []string{"toccateglio", "verkehren", "festung"} {
		h := playSteps(t, v, named(t, "greedy"), 3, 1, 12)
		g, _ := h.Before(min(9, h.Len()-1))
		for g.ToMove() != brettspiel.Chance {
			m := g.LegalMoves()[0]
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		a, err := newAnalyst(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sum, total, nonzero := 0.0, 0, false
		for _, o := range g.ChanceOutcomes() {
			th := a.throw(g, o.Move)
			if th.Mover < 0 {
				t.Fatalf("%s: no mover at %s", v, g.ID())
			}
			sum += float64(o.Weight) * th.Luck
			total += o.Weight
			nonzero = nonzero || math.Abs(th.Luck) > 1e-6
		}
		if math.Abs(sum/float64(total)) > 1e-9 || !nonzero {
			t.Errorf("%s: mean luck %v over %d, some not zero %v", v, sum/float64(total), total, nonzero)
		}
	}
}

// The net at one ply, the level that plays the net's best play, loses
// nothing by the net's own judgement; the random player loses more.
func TestNetAdvancedLosesNothing(t *testing.T) {
	for _, v := range []string{"toccateglio", "verkehren"} {
		rep, err := Game(playSteps(t, v, named(t, "net-advanced"), 5, 0, 120))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range rep.Players {
			if p.Decisions == 0 || p.Loss > 1e-9 || p.Rating != "world class" {
				t.Errorf("%s net-advanced: %+v", v, p)
			}
		}
		rep, err = Game(playSteps(t, v, named(t, "random"), 5, 0, 120))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range rep.Players {
			if p.Decisions == 0 || p.ErrorRate < 0.02 {
				t.Errorf("%s random: %+v", v, p)
			}
		}
	}
	// festung-best plays the policy the Festungsspiel is judged by: it
	// loses nothing; random choices lose markers, each less than a few
	for _, c := range []struct {
		bot  string
		lose bool
	}{{"festung-best", false}, {"random", true}} {
		rep, err := Game(playSteps(t, "festung", named(t, c.bot), 5, 0, 400))
		if err != nil {
			t.Fatal(err)
		}
		if rep.Judge != "exact" {
			t.Errorf("festung judged by %q, want exact", rep.Judge)
		}
		lost, decisions := 0.0, 0
		for _, p := range rep.Players {
			lost += p.Loss
			decisions += p.Decisions
		}
		if decisions == 0 || (lost > 1e-9) != c.lose {
			t.Errorf("festung %s: %d decisions lost %.4f markers; want a loss: %v", c.bot, decisions, lost, c.lose)
		}
		for _, st := range rep.Steps {
			if d := st.Decision; d != nil && (d.Loss < 0 || d.Loss >= 3) {
				t.Errorf("festung %s step %d: loss %.4f markers, want within [0, 3)", c.bot, st.Index, d.Loss)
			}
		}
	}
}

// A worse play than the best is named with the best one and its loss.
func TestDecisionNamesBest(t *testing.T) {
	h := playSteps(t, "verkehren", named(t, "random"), 11, 0, 100)
	rep, err := Game(h)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range rep.Steps {
		d := s.Decision
		if d == nil || !d.Counted {
			continue
		}
		if (d.Loss > 0) != (d.BestNotation != s.Notation) {
			t.Fatalf("step %d %s: %+v", s.Index, s.Notation, d)
		}
		if d.Loss > 0 {
			found = true
			// the best play, played instead, is judged with no loss
			g, _ := h.Before(s.Index)
			m, err := g.ParseMove(d.BestNotation)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := newAnalyst(g, Options{})
			if b := a.decision(g, m); b.Loss != 0 || !near(b.Played, d.Best) {
				t.Fatalf("step %d: best %s judged %+v", s.Index, d.BestNotation, b)
			}
		}
	}
	if !found {
		t.Fatal("the random player made no error")
	}
}

// A decision's plays come with their steps in the board's points: those
// that the game's Describe gives for the play made and for the best play
// at the position of the decision; none for a pass.
func TestDecisionStepsAreTheBoards(t *testing.T) {
	for _, variant := range []string{"verkehren", "toccateglio"} {
		h := playSteps(t, variant, named(t, "random"), 11, 0, 120)
		rep, err := Game(h)
		if err != nil {
			t.Fatal(err)
		}
		plays := 0
		for _, s := range rep.Steps {
			d := s.Decision
			if d == nil {
				continue
			}
			g, _ := h.Before(s.Index)
			for _, c := range []struct {
				notation string
				steps    []brettspiel.Step
			}{{s.Notation, d.PlayedSteps}, {d.BestNotation, d.BestSteps}} {
				m, err := g.ParseMove(c.notation)
				if err != nil {
					t.Fatal(err)
				}
				info, err := g.(brettspiel.Describer).Describe(m)
				if err != nil {
					t.Fatal(err)
				}
				want := info.Steps
				if info.Kind != brettspiel.MovePlay {
					want = nil
				} else {
					plays++
				}
				if !slices.Equal(c.steps, want) {
					t.Fatalf("%s step %d, %s: steps %v, Describe gives %v", variant, s.Index, c.notation, c.steps, want)
				}
			}
		}
		if plays == 0 {
			t.Fatalf("%s: no play with steps", variant)
		}
	}
}

// The two-ply judgement judges the same game, with decisions whose best is
// judged at least as deep as the play made.
func TestTwoPlies(t *testing.T) {
	h := playSteps(t, "toccateglio", named(t, "greedy"), 2, 0, 30)
	one, err := Game(h)
	if err != nil {
		t.Fatal(err)
	}
	two, err := Options{Plies: 2}.Game(h)
	if err != nil {
		t.Fatal(err)
	}
	if one.Judge != "net, 1 ply" || two.Judge != "net, 2 plies" || len(two.Steps) != len(one.Steps) {
		t.Fatalf("judges %q %q, %d and %d steps", one.Judge, two.Judge, len(one.Steps), len(two.Steps))
	}
	differ := false
	for i, s := range two.Steps {
		if s.Throw != nil && *s.Throw != *one.Steps[i].Throw {
			t.Fatalf("step %d: throws judged %+v and %+v", i, s.Throw, one.Steps[i].Throw)
		}
		if s.Decision != nil && s.Decision.Counted && s.Decision.Played != one.Steps[i].Decision.Played {
			differ = true
		}
	}
	if !differ {
		t.Error("two plies judged every play as one ply does")
	}
	for _, p := range []int{-1, 3} {
		if _, err := (Options{Plies: p}).Game(h); !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Errorf("plies %d: %v", p, err)
		}
	}
}

// The analysis reads the steps played, not the undone ones, and leaves the
// history as it was.
func TestHistoryUnchanged(t *testing.T) {
	h := playSteps(t, "verkehren", named(t, "greedy"), 4, 0, 80)
	n := h.Len()
	for range 5 {
		h.Undo()
	}
	before := recordText(t, h)
	rep, err := Game(h)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Steps) != n-5 || h.Len() != n-5 || h.RedoLen() != 5 || recordText(t, h) != before {
		t.Fatalf("%d steps analysed; history %d steps, redo %d", len(rep.Steps), h.Len(), h.RedoLen())
	}
	if _, err := Game(nil); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Fatalf("nil history: %v", err)
	}
}

// A record is analysed as its history is; a record that was tampered with,
// or is no record, is refused with the error of catalog.LoadRecord, and
// nothing panics.
func TestRecord(t *testing.T) {
	h := playSteps(t, "toccateglio", named(t, "greedy"), 6, 0, 40)
	text := recordText(t, h)
	a, err := Record(text)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Game(h)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatal("the record and its history are analysed differently")
	}
	lines := strings.Split(text, "\n")
	tampered := []string{
		strings.Replace(text, lines[len(lines)-3], "6-6 ; 1/7 1/7 1/7 1/7", 1),
		strings.Replace(text, "game: toccateglio", "game: toccata", 1),
		strings.Replace(text, "preset: Toccateglispiel", "preset: Toccateglispiel\nplayers: 9", 1),
		strings.Replace(text, "preset: Toccateglispiel", "preset: Schach", 1),
		text[:len(text)/2] + "zz\n",
		"# brettspiel record\ngame: verkehren\n\n7-7\n",
		"",
		"garbage",
		"# brettspiel record\ngame: festung\nplayers: 3\n\n1-1-1 ; x\n",
	}
	for i, bad := range tampered {
		rec, want := brettspiel.ParseRecord(strings.NewReader(bad))
		if want == nil {
			_, want = catalog.LoadRecord(rec)
		}
		_, got := Record(bad)
		if got == nil || want != nil && got.Error() != want.Error() {
			t.Errorf("tampered %d: got %v, want %v", i, got, want)
		}
	}
}

// The report is JSON with finite numbers.
func TestJSON(t *testing.T) {
	rep, err := Game(playSteps(t, "festung", named(t, "random"), 8, 0, 100))
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"variant":"festung"`, `"judge":"exact"`, `"unit":"markers"`, `"errorRate"`, `"luck"`, `"bestNotation"`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("no %s in %.200s", key, data)
		}
	}
}

func TestRate(t *testing.T) {
	for v, s := range scales {
		for i := 1; i < len(s)-1; i++ {
			if s[i].Below <= s[i-1].Below {
				t.Errorf("%s: bounds not rising at %d", v, i)
			}
		}
		if s[len(s)-1].Below != 0 {
			t.Errorf("%s: last bound %v", v, s[len(s)-1].Below)
		}
		if Rate(v, 0) != s[0].Name || Rate(v, 1e9) != s[len(s)-1].Name || Rate(v, s[0].Below) != s[1].Name {
			t.Errorf("%s: rated %q %q %q", v, Rate(v, 0), Rate(v, 1e9), Rate(v, s[0].Below))
		}
		g := Grades(v)
		g[0].Name = "changed"
		if scales[v][0].Name == "changed" {
			t.Errorf("%s: Grades hands out the table", v)
		}
	}
	if Rate("chess", 0) != "" || Grades("chess") != nil || Rate("verkehren", math.NaN()) != "" {
		t.Error("a game without a scale is rated")
	}
}

// Every preset at every seat count, from its start or from a position ID
// in the middle of a game, is analysed without an error, and its numbers
// are finite.
func TestEveryPreset(t *testing.T) {
	for _, v := range catalog.Variants() {
		for _, pr := range v.Presets {
			for n := v.MinPlayers; n <= v.MaxPlayers; n++ {
				h, err := catalog.NewHistory(v.Name, pr.Name, n)
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(uint64(n), 9))
				randomSteps(t, h, r, 40)
				mid, err := catalog.ParseID(h.Game().ID())
				if err != nil {
					t.Fatal(err)
				}
				h2, err := brettspiel.NewHistory(mid, nil)
				if err != nil {
					t.Fatal(err)
				}
				randomSteps(t, h2, r, 20)
				for _, hh := range []*brettspiel.History{h, h2} {
					rep, err := Game(hh)
					if err != nil {
						t.Fatalf("%s %s %d: %v", v.Name, pr.Name, n, err)
					}
					if _, err := json.Marshal(rep); err != nil || len(rep.Players) != n {
						t.Fatalf("%s %s %d: %v, %d players", v.Name, pr.Name, n, err, len(rep.Players))
					}
				}
			}
		}
	}
}

// randomSteps plays up to n steps at random in h.
func randomSteps(t *testing.T, h *brettspiel.History, r *rand.Rand, n int) {
	t.Helper()
	for i := 0; i < n && h.ToMove() != brettspiel.Terminal; i++ {
		g := h.Game()
		m, err := brettspiel.SampleChance(g, r)
		if g.ToMove() >= 0 {
			m, err = bot.Random{}.Choose(g, g.LegalMoves(), r), nil
		}
		if err == nil {
			err = h.Apply(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}
