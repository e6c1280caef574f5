package main

import (
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/neural"
)

// netRanker ranks by a learned level of package neural in the ranking of
// package bot, so that bot.Hint gives its plays with their reasons. It
// keeps how deep each play of its last ranking was judged: the deeper
// ones come first, and a value judged less deep does not compare with
// them.
type netRanker struct {
	b     neural.Bot
	plies map[brettspiel.Move]int
}

func (n *netRanker) Rank(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []bot.Ranked {
	rk := n.b.Rank(g, legal, r)
	if rk == nil {
		return nil
	}
	out := make([]bot.Ranked, len(rk))
	n.plies = make(map[brettspiel.Move]int, len(rk))
	for i, x := range rk {
		out[i] = bot.Ranked{Move: x.Move, Value: x.Value}
		n.plies[x.Move] = x.Plies
	}
	return out
}

// hinter returns the strongest level of bot's registry that ranks the
// plays of g, with its name: a learned level in the race games, the
// strongest searcher elsewhere (the learned levels have no net for the
// Festungsspiel and play it as greedy).
func hinter(g brettspiel.Game) (bot.Ranker, string) {
	levels := bot.Levels()
	for i := len(levels) - 1; i >= 0; i-- {
		if gs := levels[i].Games; len(gs) > 0 && !slices.Contains(gs, g.Variant()) {
			continue // a level of other games (festung-best ranks the others as greedy)
		}
		b := levels[i].New()
		var rk bot.Ranker
		switch b := b.(type) {
		case neural.Bot:
			// a learned level ranks only the games it has a net for
			if legal := g.LegalMoves(); len(legal) == 0 || b.Rank(g, legal[:1], nil) == nil {
				continue
			}
			rk = &netRanker{b: b}
		case bot.Ranker:
			rk = b
		default:
			continue
		}
		return rk, levels[i].Name
	}
	return bot.Greedy{}, "greedy"
}

// hint prints the best plays of the person to move, as the strongest level
// ranks them, with what each scores at once and the result it expects, in
// the game's unit.
func (s *session) hint() error {
	t := s.t()
	if s.g.ToMove() < 0 {
		return errors.New(t.hintThrow)
	}
	if atSchule(s.g) {
		return errors.New(t.hintSchule)
	}
	if legal := s.g.LegalMoves(); len(legal) == 1 {
		s.say("%s", t.onePlay(s.g.MoveString(legal[0])))
		return nil
	}
	rk, name := hinter(s.g)
	ranked := bot.Hint(s.g, rk, s.r)
	u := unit(s.c.lang, s.variant.Name)
	s.say("%s", t.hintTitle(name, u))
	net, _ := rk.(*netRanker)
	for i, r := range ranked {
		if i == 5 {
			break
		}
		if net != nil && i > 0 && net.plies[r.Move] != net.plies[ranked[i-1].Move] {
			s.say("%s", t.hintShallower)
		}
		what := s.g.MoveString(r.Move)
		if steps, ok := boardSteps(s.c.lang, s.g, r.Move); ok {
			what = t.hintTyped(steps, what)
		}
		s.say("%s", t.hintLine(what, t.hintScores(r.Scores), r.Value, u))
	}
	return nil
}
