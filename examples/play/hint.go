package main

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/festungbot"
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/festung"
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
	if s.festungHint() {
		return nil
	}
	rk, name := hinter(s.g)
	ranked := bot.Hint(s.g, rk, s.r)
	u := unit(s.c.lang, s.variant.Name)
	s.say("%s", t.hintTitle(in(t.botNames, name), u))
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

// festungHint prints the choices of a Festungsspiel's decision valued
// exactly (festungbot.ChoiceValues): the markers the person can expect
// from the outer works numbered as the large die, best first, each with
// what it costs against the best. It reports false where the game is at no
// such decision.
func (s *session) festungHint() bool {
	fg, ok := s.g.(*festung.Game)
	if !ok {
		return false
	}
	rk := festungbot.Bot{}.Rank(fg, fg.LegalMoves(), nil)
	vals, ok := festungbot.ChoiceValues(fg, fg.LegalMoves())
	if !ok || len(rk) == 0 || len(vals) == 0 {
		return false
	}
	t, u := s.t(), unit(s.c.lang, s.variant.Name)
	s.say("%s", t.festungHintTitle(romanNumber(fg.Dice()[0]), u))
	// two choices worth the same would read alike: the later one says
	// which it equals and, where that is why, that every player may take
	// from both fortresses for the rest of the game (a fortress's works
	// open to a player with as many Pasches as it is beyond the first,
	// F-A2, and Pasches are never lost), so the marker left counts alike
	same := 0
	for i, r := range rk {
		name := fg.MoveString(r.Move)
		f, _ := festung.FieldByName(name)
		if i > 0 && math.Abs(r.Value-rk[same].Value) < 1e-9 {
			first, _ := festung.FieldByName(fg.MoveString(rk[same].Move))
			s.say("%s", t.festungHintSame(name, f.Fortress, r.Value, u, fg.MoveString(rk[same].Move), everyoneReaches(fg, max(f.Fortress, first.Fortress))))
			continue
		}
		same = i
		s.say("%s", t.festungHintLine(name, f.Fortress, r.Value, rk[0].Value-r.Value, u))
	}
	return true
}

// everyoneReaches reports whether every player of g may take from the
// outer works of fortress f and of those below it: a player's Pasches
// open the fortresses beyond the first, one each.
func everyoneReaches(g *festung.Game, f int) bool {
	for p := 0; p < g.NumPlayers(); p++ {
		if min(g.Pasches(brettspiel.Player(p))+1, 4) < f {
			return false
		}
	}
	return true
}

// romanNumber writes 1…6 as the outer works are numbered, I…VI.
func romanNumber(n int) string {
	if n < 1 || n > 6 {
		return strconv.Itoa(n)
	}
	return [...]string{"I", "II", "III", "IV", "V", "VI"}[n-1]
}
