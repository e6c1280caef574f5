package analysis

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
	"github.com/brettspiel/brettspiel/words"
)

// whyCase is a position with a play made and a better play, the reasons
// Why is to give (their kinds, in order) and what they say in English and
// German.
type whyCase struct {
	name           string
	game           func(t *testing.T) brettspiel.Game
	played, better string
	kinds          []words.ReasonKind
	en, de         string
}

// fromID loads a position ID.
func fromID(id string) func(t *testing.T) brettspiel.Game {
	return func(t *testing.T) brettspiel.Game {
		t.Helper()
		g, err := catalog.ParseID(id)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
}

// tocAt builds a Toccateglio position of the default rules, player 0 to
// play the throw d: mine and his are the sides by track point.
func tocAt(mine, his map[int]int, d [2]int) func(t *testing.T) brettspiel.Game {
	return func(t *testing.T) brettspiel.Game {
		t.Helper()
		var pos toccateglio.Position
		for p, n := range mine {
			pos.Stones[0][p] = int8(n)
		}
		for p, n := range his {
			pos.Stones[1][p] = int8(n)
		}
		pos.Dice = d
		g, err := toccateglio.FromPosition(toccateglio.Options{}, pos)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
}

// vkAt builds a Verkehren position of the default rules (VK), player 0 to
// play the throw d.
func vkAt(mine, his map[int]int, d [2]int) func(t *testing.T) brettspiel.Game {
	return func(t *testing.T) brettspiel.Game {
		t.Helper()
		var pos verkehren.Position
		for p, n := range mine {
			pos.Stones[0][p] = n
		}
		for p, n := range his {
			pos.Stones[1][p] = n
		}
		pos.Dice, pos.Turns = d, 10
		g, err := verkehren.FromPosition(verkehren.VK(), pos)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
}

// whyCases are one position a reason, the plays written in the mover's
// track (the games' notation); the reasons' points are the board's.
var whyCases = []whyCase{
	{
		name: "hit", game: fromID("verkehren:1:AAAAAAAAAwADAwAEBQD-v6IB_r9U3rs"),
		played: "1/4 6/9 3/6 7/10", better: "6/9 9/12 12/15 15/18*",
		kinds: []words.ReasonKind{words.ReasonHit},
		en:    "The better play hits on 18; yours hits nothing.",
		de:    "Der bessere Zug schlägt auf 18; deiner schlägt nichts.",
	},
	{
		name: "jan-broken", game: tocAt(map[int]int{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}, map[int]int{1: 15}, [2]int{2, 1}),
		played: "6/8 6/7", better: "8/10 8/9",
		kinds: []words.ReasonKind{words.ReasonJanBroken},
		en:    "Your play opens the first quarter, a closed Jan the better play keeps, and gives the opponent 2 marks.",
		de:    "Dein Zug öffnet das erste Viertel, einen geschlossenen Jan, den der bessere Zug hält, und gibt dem Gegner 2 Marken.",
	},
	{
		name: "jan", game: tocAt(map[int]int{1: 3, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1, 8: 3}, map[int]int{1: 15}, [2]int{5, 2}),
		played: "3/5 3/8", better: "1/6 8/10",
		kinds: []words.ReasonKind{words.ReasonJan},
		en:    "The better play closes the first quarter (a Jan, 2 marks); yours does not.",
		de:    "Der bessere Zug schließt das erste Viertel (ein Jan, 2 Marken); deiner nicht.",
	},
	{
		name: "marks", game: tocAt(map[int]int{23: 1, 24: 1, 25: 13}, map[int]int{5: 15}, [2]int{2, 1}),
		played: "23/24 24/off", better: "23/off 24/off",
		kinds: []words.ReasonKind{words.ReasonMarks},
		en:    "The better play marks 2, yours 0.",
		de:    "Der bessere Zug markiert 2, deiner 0.",
	},
	{
		name: "hucke-left", game: fromID("toccateglio:1:AAAAAAGIJwMAAwMDAgAAAAsABgABAIIuCgEBAQKaFQkBAQIBAR_V"),
		played: "12/15 12/15", better: "1/4 1/4",
		kinds: []words.ReasonKind{words.ReasonHuckeLeft, words.ReasonPointNotMade},
		en:    "Your play gives up your Hucke on 12, which the better play keeps. The better play makes a point on 4; yours does not.",
		de:    "Dein Zug gibt deine Hucke auf 12 auf, die der bessere Zug hält. Der bessere Zug macht ein Band auf 4; deiner nicht.",
	},
	{
		name: "hucke", game: fromID("toccateglio:1:AAAAAAGIJwMABgQFAgAAAAYAAQAAAMIFDAEBAZYECgICAXpH"),
		played: "1/5 1/7", better: "7/12 9/12",
		kinds: []words.ReasonKind{words.ReasonHucke, words.ReasonBlot},
		en:    "The better play takes your Hucke on 12; yours does not. Your play leaves a blot on 9 that 7 throws of 36 hit; the better play leaves none that more than 3 hit.",
		de:    "Der bessere Zug nimmt deine Hucke auf 12; deiner nicht. Dein Zug lässt auf 9 einen Bloßen stehen, den 7 von 36 Würfen treffen; der bessere Zug keinen, den mehr als 3 treffen.",
	},
	{
		name: "blot-toccateglio", game: tocAt(map[int]int{1: 13, 14: 2}, map[int]int{1: 15}, [2]int{6, 6}),
		played: "14/20 1/7", better: "14/20 14/20",
		kinds: []words.ReasonKind{words.ReasonBlot, words.ReasonPointNotMade},
		en:    "Your play leaves a blot on 20 that 14 throws of 36 hit; the better play leaves none in reach. The better play makes a point on 20; yours does not.",
		de:    "Dein Zug lässt auf 20 einen Bloßen stehen, den 14 von 36 Würfen treffen; der bessere Zug keinen in Reichweite. Der bessere Zug macht ein Band auf 20; deiner nicht.",
	},
	{
		name: "blot-verkehren", game: vkAt(map[int]int{1: 10, 14: 1, 15: 1, 23: 3}, map[int]int{1: 15}, [2]int{6, 5}),
		played: "15/20 1/7", better: "14/20 15/20",
		kinds: []words.ReasonKind{words.ReasonBlot, words.ReasonPointNotMade},
		en:    "Your play leaves a blot on 14 that 11 throws of 36 hit; the better play leaves none in reach. The better play makes a point on 20; yours does not.",
		de:    "Dein Zug lässt auf 14 einen Bloßen stehen, den 11 von 36 Würfen treffen; der bessere Zug keinen in Reichweite. Der bessere Zug macht ein Band auf 20; deiner nicht.",
	},
	{
		name: "entry", game: fromID("verkehren:1:AAAAAAAAAwADAQASBQD-j5KRAf6P0ZABMZ4"),
		played: "12/15 15/16*", better: "1/2* 14/17",
		kinds: []words.ReasonKind{words.ReasonEntry},
		en:    "The better play leaves the opponent 5 open points to enter on, yours 6.",
		de:    "Der bessere Zug lässt dem Gegner 5 offene Punkte zum Einsetzen, deiner 6.",
	},
	{
		name: "point-broken", game: fromID("toccateglio:1:AAAAAAGIJwMBAwEFAgAAAAUAAAAAAMIFDAEBAVYLAQIBnrA"),
		played: "1/2 4/7", better: "1/2 6/9",
		kinds: []words.ReasonKind{words.ReasonPointBroken},
		en:    "Your play breaks your point on 21, which the better play keeps.",
		de:    "Dein Zug löst dein Band auf 21 auf, das der bessere Zug hält.",
	},
	{
		name: "point-not-made", game: fromID("toccateglio:1:AAAAAAGIJwMBAwEFAgAAAAMAAAAAAMoBDAEBAVINAQEnEA"),
		played: "1/2 2/5", better: "1/2 1/4",
		kinds: []words.ReasonKind{words.ReasonPointNotMade},
		en:    "The better play makes a point on 21; yours does not.",
		de:    "Der bessere Zug macht ein Band auf 21; deiner nicht.",
	},
	{
		name: "behind", game: fromID("toccateglio:1:AAAAAAGIJwMABAMEBAAAAB4ABgAEAOqVAQIBAgICAgICgiwHAgQCtZU"),
		played: "1/4 3/7", better: "1/4 1/5",
		kinds: []words.ReasonKind{words.ReasonBehind},
		en:    "Your play leaves a stone behind on 1; after the better play your last stone stands on 3.",
		de:    "Dein Zug lässt einen Stein auf 1 zurück; nach dem besseren Zug steht dein letzter auf 3.",
	},
	{
		name: "fortress", game: fromID("festung:1:AxkAiCeHwPv__4nsiTEEAgAAJxUAdAUBApMEOAB5iw"),
		played: "W2.II", better: "W1.II",
		kinds: []words.ReasonKind{words.ReasonFortress},
		en:    "Your choice takes from fortress 2 and leaves the marker of fortress 1, which 2 opponents may take; taking from fortress 1 leaves one that no opponent may take.",
		de:    "Deine Wahl nimmt aus Festung 2 und lässt die Marke der Festung 1, die 2 Gegner nehmen können; aus Festung 1 bliebe eine, die kein Gegner nehmen kann.",
	},
}

func TestWhyReasons(t *testing.T) {
	for _, c := range whyCases {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			id := g.ID()
			played, err := g.ParseMove(c.played)
			if err != nil {
				t.Fatal(err)
			}
			better, err := g.ParseMove(c.better)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := Why(g, played, better)
			if err != nil {
				t.Fatal(err)
			}
			if g.ID() != id {
				t.Errorf("Why changed the position: %s, was %s", g.ID(), id)
			}
			var kinds []words.ReasonKind
			for _, r := range rs {
				kinds = append(kinds, r.Kind)
			}
			t.Logf("%+v", rs)
			if !slices.Equal(kinds, c.kinds) {
				t.Errorf("kinds %v, want %v", kinds, c.kinds)
			}
			if en := words.English.Why(rs); en != c.en {
				t.Errorf("English:\n got %q\nwant %q", en, c.en)
			}
			if de := words.German.Why(rs); de != c.de {
				t.Errorf("German:\n got %q\nwant %q", de, c.de)
			}
		})
	}
}

// The throws that hit a lone blot are those of package dice (D-4) when
// nothing stands between: Toccateglio's 14 at distance 4 (doublets once),
// Verkehren's 11 at distance 1 (doublets four times).
func TestWhyShotsAgreeWithDice(t *testing.T) {
	for name, want := range map[string]int{
		"blot-toccateglio": dice.Shots(4, dice.DoubletsOnce, 0),
		"blot-verkehren":   dice.Shots(1, dice.DoubletsFour, 0),
	} {
		i := slices.IndexFunc(whyCases, func(c whyCase) bool { return c.name == name })
		c := whyCases[i]
		g := c.game(t)
		played, _ := g.ParseMove(c.played)
		better, _ := g.ParseMove(c.better)
		rs, err := Why(g, played, better)
		if err != nil || len(rs) == 0 || rs[0].Kind != words.ReasonBlot || rs[0].Played != want {
			t.Errorf("%s: %+v, %v; want a blot hit by %d throws", name, rs, err, want)
		}
	}
}

// Why gives nothing for the same play twice or for a concession, and
// refuses a throw, a move
// that is not legal and no game, leaving the position as it was.
func TestWhyRefuses(t *testing.T) {
	c := whyCases[0]
	g := c.game(t)
	id := g.ID()
	m, _ := g.ParseMove(c.played)
	if rs, err := Why(g, m, m); err != nil || rs != nil {
		t.Errorf("the same play: %v, %v", rs, err)
	}
	if _, err := Why(g, m, brettspiel.Move(1)); err == nil {
		t.Error("a move that is not legal was not refused")
	}
	if _, err := Why(nil, m, m); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("no game: %v", err)
	}
	if g.ID() != id {
		t.Errorf("the position changed: %s, was %s", g.ID(), id)
	}
	// a concession is no play to compare
	h := fromID(missedHit)(t)
	concede, err := h.ParseMove("concede")
	if err != nil {
		t.Fatal(err)
	}
	other, _ := h.ParseMove(missedHitPlay)
	if rs, err := Why(h, concede, other); err != nil || rs != nil {
		t.Errorf("a concession: %v, %v", rs, err)
	}
	throw, err := toccateglio.New(toccateglio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Why(throw, throw.LegalMoves()[0], throw.LegalMoves()[1]); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("a throw: %v", err)
	}
	if _, err := (Options{Lang: words.German + 1}).Steps(context.Background(), g, 0, nil); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("an unknown language: %v", err)
	}
}

// MissedHit is a Verkehren position of a seeded game where the judge's
// best play hits (on 24) and the play MissedHitPlay, which hits nothing,
// loses more than the tutor's mild amount.
const (
	missedHit     = "verkehren:1:AAAAAAAAAwEGBQAMBQD-n4SRgAj-v5ASkJI"
	missedHitPlay = "9/14 14/20"
)

// A decision judged carries the reasons Why gives between the play made
// and the best play, said in the options' language: after the missed hit
// the judge's best play hits, and the hit is said first.
func TestDecisionWhy(t *testing.T) {
	g := fromID(missedHit)(t)
	m, err := g.ParseMove(missedHitPlay)
	if err != nil {
		t.Fatal(err)
	}
	e := brettspiel.HistoryEntry{Move: m, Actor: g.ToMove(), Notation: g.MoveString(m)}
	for _, l := range words.Langs() {
		rep, err := Options{Lang: l}.Steps(context.Background(), g, 0, []brettspiel.HistoryEntry{e})
		if err != nil {
			t.Fatal(err)
		}
		d := rep.Steps[0].Decision
		best, err := g.ParseMove(d.BestNotation)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Why(g, m, best)
		t.Logf("%s: best %s, %s", l, d.BestNotation, d.Why)
		if !slices.EqualFunc(d.Reasons, want, func(a, b words.Reason) bool {
			return a.Kind == b.Kind && slices.Equal(a.Points, b.Points) && a.Played == b.Played && a.Better == b.Better
		}) {
			t.Errorf("%s: reasons %+v, Why gives %+v", l, d.Reasons, want)
		}
		if d.Why != l.Why(want) || len(want) == 0 || want[0].Kind != words.ReasonHit {
			t.Errorf("%s: why %q, want the hit said: %q", l, d.Why, l.Why(want))
		}
	}
}

// The throws Why counts against a blot are those with which the rules let
// the opponent hit it: in Toccateglio the throws that mark a hit on it
// (T-M1), in Verkehren the throws with a legal play that hits it (V-H1),
// each found by playing the throw in the position after the play made.
func TestWhyShotsAgreeWithTheRules(t *testing.T) {
	cases := map[string]func(t *testing.T) (brettspiel.Game, string){}
	for _, name := range []string{"blot-toccateglio", "blot-verkehren", "hucke"} {
		c := whyCases[slices.IndexFunc(whyCases, func(c whyCase) bool { return c.name == name })]
		cases[name] = func(t *testing.T) (brettspiel.Game, string) { return c.game(t), c.played }
	}
	cases["missed hit"] = func(t *testing.T) (brettspiel.Game, string) { return fromID(missedHit)(t), missedHitPlay }
	for name, c := range cases {
		g, played := c(t)
		m, _ := g.ParseMove(played)
		var best brettspiel.Move
		for _, x := range g.LegalMoves() {
			if x != m {
				if rs, _ := Why(g, m, x); len(rs) > 0 && slices.ContainsFunc(rs, func(r words.Reason) bool { return r.Kind == words.ReasonBlot }) {
					best = x
					break
				}
			}
		}
		rs, _ := Why(g, m, best)
		r := rs[slices.IndexFunc(rs, func(r words.Reason) bool { return r.Kind == words.ReasonBlot })]
		after := g.Clone()
		if err := after.Apply(m); err != nil {
			t.Fatal(err)
		}
		if got := shotsByRules(t, after, r.Point); got != r.Played {
			t.Errorf("%s: Why says %d throws hit the blot on %d, the rules %d", name, r.Played, r.Point, got)
		}
	}
}

// shotsByRules counts the throws of 36 at the chance node g with which its
// thrower hits the stone on the board's point.
func shotsByRules(t *testing.T, g brettspiel.Game, point int) int {
	t.Helper()
	n := 0
	for _, o := range g.ChanceOutcomes() {
		c := g.Clone()
		if err := c.Apply(o.Move); err != nil {
			t.Fatal(err)
		}
		hit := slices.ContainsFunc(c.Events(), func(e brettspiel.Event) bool {
			return e.Kind == brettspiel.EventMark && (e.Rule == "T-M1" || e.Rule == "T-M2") && e.To == point
		})
		for _, m := range c.LegalMoves() {
			if hit || c.ToMove() < 0 {
				break
			}
			d := c.Clone()
			if err := d.Apply(m); err != nil {
				t.Fatal(err)
			}
			hit = slices.ContainsFunc(d.Events(), func(e brettspiel.Event) bool { return e.Kind == brettspiel.EventHit && e.To == point })
		}
		if hit {
			n += o.Weight
		}
	}
	return n
}
