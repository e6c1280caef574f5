package festungbot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/festungbot"
)

// At a decision with fortresses 1 and 2 on offer the exact values rank
// fortress 1 first, and what fortress 2 costs is a fraction of a marker,
// neither zero nor more than the marker itself.
func TestChoiceValuesRankTheLowestFirst(t *testing.T) {
	g := decision(t, 2, 1, "3/1-2")
	legal := g.LegalMoves()
	vals, ok := festungbot.ChoiceValues(g, legal)
	if !ok || len(vals) != 2 {
		t.Fatalf("ChoiceValues(%v) = %v, %v; want two values", legal, vals, ok)
	}
	rk := festungbot.Bot{}.Rank(g, legal, nil)
	if g.MoveString(rk[0].Move) != g.MoveString(festungbot.Bot{}.Choose(g, legal, nil)) {
		t.Errorf("Rank's best %s is not the bot's choice", g.MoveString(rk[0].Move))
	}
	cost := rk[0].Value - rk[1].Value
	if cost <= 0.001 || cost >= 1 {
		t.Errorf("fortress 2 costs %.4f markers against fortress 1; want within (0.001, 1)", cost)
	}
	if rk[0].Value < 1 || rk[0].Value > 12 {
		t.Errorf("the best choice expects %.3f markers of the number; want at least the one taken", rk[0].Value)
	}
}

// Outside a decision ChoiceValues says no, and Rank ranks as greedy does.
func TestChoiceValuesOnlyAtADecision(t *testing.T) {
	g := decision(t, 3, 2, "4/1-2")
	if _, ok := festungbot.ChoiceValues(g, nil); ok {
		t.Error("ChoiceValues of no moves answered")
	}
	var b bot.Ranker = festungbot.Bot{}
	r := rand.New(rand.NewPCG(1, 2))
	h := g.Clone()
	if err := h.Apply(b.(bot.Bot).Choose(h, h.LegalMoves(), r)); err != nil {
		t.Fatal(err)
	}
	if h.ToMove() != brettspiel.Chance {
		t.Fatalf("after the decision %v is to move", h.ToMove())
	}
	if _, ok := festungbot.ChoiceValues(h, h.LegalMoves()); ok {
		t.Error("ChoiceValues answered at a throw")
	}
}
