package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/words"
)

// The command rollout plays games from the position shown by the net at
// one ply on both seats (package analysis): at a decision after each of
// the best plays, and in the review after the play made too; at a throw
// from the position itself. Its words are here, in English and German,
// and it joins the lists that help prints before help itself.

// rolloutPlays is how many of the best plays by one ply are rolled out.
const rolloutPlays = 3

// rolloutMaxGames and rolloutMaxTurns bound the command's numbers, as the
// session's protocol bounds its rollouts.
const (
	rolloutMaxGames = 8 * analysis.DefaultRolloutGames
	rolloutMaxTurns = 1000
)

// rolloutText is what the command says, in one language.
type rolloutText struct {
	entry [2]string
	// arg refuses an argument that is no count of games or turns
	arg    func(arg string) string
	over   string
	schule string
	// title heads the result: the games a play, the turns (-1: to the
	// end), the level, the seed and the unit
	title    func(games, turns int, bot string, seed uint64, unit string) string
	position string // the line of a position rolled out, before its figures
	played   string // the mark of the play made
	num      func(s string) string
}

var rolloutWords = map[words.Lang]*rolloutText{
	words.English: {
		entry: [2]string{"rollout [N [T]]", "N games (1296) after each best play, to the end or T turns"},
		arg: func(arg string) string {
			return fmt.Sprintf("rollout takes the games (1…%d) and the turns to play (0…%d), or nothing; not %q", rolloutMaxGames, rolloutMaxTurns, arg)
		},
		over:   "the game is over: nothing is left to roll out (undo goes back to a decision)",
		schule: "no rollouts in the Schule: marking your points is your own work (T-W5g)",
		title: func(games, turns int, bot string, seed uint64, unit string) string {
			how := "to the end"
			if turns >= 0 {
				how = "for " + strconv.Itoa(turns) + " turns"
			}
			return fmt.Sprintf("rollout: %d games a play, %s, by %s, seed %d;\n  mean in %s ± standard error:", games, how, bot, seed, unit)
		},
		position: "the position, for the seat to throw",
		played:   "  ← played",
		num:      func(s string) string { return s },
	},
	words.German: {
		entry: [2]string{"rollout [N [Z]]", "N Partien (1296) nach den besten Zügen, bis Ende oder Z Züge"},
		arg: func(arg string) string {
			return fmt.Sprintf("rollout nimmt die Partien (1…%d) und die zu spielenden Züge (0…%d), oder nichts; nicht %q", rolloutMaxGames, rolloutMaxTurns, arg)
		},
		over:   "das Spiel ist aus: es gibt nichts mehr auszuspielen (zurück geht zu einer Entscheidung)",
		schule: "kein Rollout in der Schule: die eigenen Points markieren ist deine Sache (T-W5g)",
		title: func(games, turns int, bot string, seed uint64, unit string) string {
			how := "bis zum Ende"
			if turns >= 0 {
				how = strconv.Itoa(turns) + " Züge weit"
			}
			in := map[string]string{"Striche": "Strichen", "Punkte": "Punkten"}[unit]
			if in == "" {
				in = unit
			}
			return fmt.Sprintf("Rollout: je %d Partien, %s, von %s, Seed %d;\n  Mittel in %s ± Standardfehler:", games, how, bot, seed, in)
		},
		position: "die Stellung, für den, der würfelt",
		played:   "  ← gespielt",
		num:      comma,
	},
}

func init() {
	for l, t := range map[words.Lang]*text{words.English: &english, words.German: &german} {
		at := slices.IndexFunc(t.commands, func(c [2]string) bool { return c[0] == "help" || c[0] == "hilfe" })
		if at < 0 {
			at = len(t.commands)
		}
		t.commands = slices.Insert(t.commands, at, rolloutWords[l].entry)
	}
}

// rollout rolls out the position shown: "rollout [games [turns]]", 1,296
// games to the end by default, seed 0, so that the same position gives the
// same figures every time. The Festungsspiel is refused with its exact
// judge named.
func (s *session) rollout(arg string) error {
	rt := rolloutWords[s.c.lang]
	o := analysis.RolloutOptions{Games: analysis.DefaultRolloutGames, Candidates: rolloutPlays}
	turns := -1
	f := strings.Fields(arg)
	if len(f) > 2 {
		return errors.New(rt.arg(arg))
	}
	for i, w := range f {
		n, err := strconv.Atoi(w)
		if i == 0 && (err != nil || n < 1 || n > rolloutMaxGames) || i == 1 && (err != nil || n < 0 || n > rolloutMaxTurns) {
			return errors.New(rt.arg(arg))
		}
		if i == 0 {
			o.Games = n
		} else {
			turns, o.Truncate, o.Turns = n, true, n
		}
	}
	switch {
	case s.g.ToMove() == brettspiel.Terminal:
		return errors.New(rt.over)
	case atSchule(s.g):
		return errors.New(rt.schule)
	}
	made := s.madeHere()
	if made != brettspiel.NoMove {
		o.Include = []brettspiel.Move{made}
	}
	u := unit(s.c.lang, s.variant.Name)
	sign := func(x float64) string { return rt.num(fmt.Sprintf("%+.3f", x)) }
	figures := func(eq, se float64) string { return sign(eq) + " ± " + rt.num(fmt.Sprintf("%.3f", se)) }
	ctx := context.Background()
	if s.g.ToMove() == brettspiel.Chance {
		r, err := analysis.Rollout(ctx, s.g, o)
		if err != nil {
			return s.rolloutError(err)
		}
		s.say("%s", rt.title(r.Games, turns, analysis.DefaultRolloutBot, o.Seed, u))
		s.say("  %-36s %s", rt.position, figures(r.Equity, r.StdErr))
		return nil
	}
	moves, err := analysis.RolloutMoves(ctx, s.g, o)
	if err != nil {
		return s.rolloutError(err)
	}
	s.say("%s", rt.title(o.Games, turns, analysis.DefaultRolloutBot, o.Seed, u))
	for _, m := range moves {
		what := m.Notation
		if steps, ok := boardSteps(s.c.lang, s.g, m.Move); ok {
			what = steps
		}
		if utf8.RuneCountInString(what) > 36 {
			what = string([]rune(what)[:35]) + "…"
		}
		mark := ""
		if m.Move == made {
			mark = rt.played
		}
		s.say("  %-36s %s%s", what, figures(m.Equity, m.StdErr), mark)
	}
	return nil
}

// madeHere returns the play made at the position shown when it is an
// earlier one of the review (the step that redo plays again), else NoMove.
func (s *session) madeHere() brettspiel.Move {
	if s.h.RedoLen() == 0 || s.g.ToMove() < 0 || !s.h.Redo() {
		return brettspiel.NoMove
	}
	e, _ := s.h.Entry(s.h.Len() - 1)
	s.h.Undo()
	return e.Move
}

// rolloutError says a refused rollout in the session's language where the
// words have it (the Festungsspiel's exact judge).
func (s *session) rolloutError(err error) error {
	if say := s.c.lang.Refusal(err); say != "" {
		return errors.New(say)
	}
	return err
}
