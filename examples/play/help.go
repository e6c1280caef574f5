package main

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/words"
)

// notations holds the notation of every game of the catalogue by its name:
// its examples, as the English phrasebook tells them (each phrasebook has
// its own words for them), and the words of the notation, which are moves
// and not unknown commands even where they are not legal now.
var notations = map[string]struct {
	examples [][2]string
	words    []string
}{
	"toccateglio": {examples: english.examples["toccateglio"], words: []string{"pass", "go-on", "go on", "afresh", "right", "mark", "schule"}},
	"verkehren":   {examples: english.examples["verkehren"], words: []string{"pass", "concede"}},
	"festung":     {examples: english.examples["festung"]},
}

// moveLike reports whether line looks like a move of game rather than a
// command: it holds a digit or a sign of the notation, or is one of its
// words.
func moveLike(game, line string) bool {
	if strings.ContainsAny(line, "0123456789/*.") {
		return true
	}
	l := strings.ToLower(strings.Join(strings.Fields(line), " "))
	for _, w := range notations[game].words {
		if l == w {
			return true
		}
	}
	return false
}

func (s *session) help() {
	t := s.t()
	s.say("%s", t.commandsTitle)
	for _, c := range t.commands {
		s.say("  %s %s", t.pad(c[0], 13), c[1])
	}
	if t.synonymNote != "" {
		s.say("%s", t.synonymNote)
	}
	s.say("%s", t.notationOf(s.variant.Title, s.variant.Name))
	for _, e := range t.examples[s.variant.Name] {
		s.say("  %s %s", t.pad(e[0], 13), e[1])
	}
	if p := s.g.ToMove(); p >= 0 {
		if legal := s.g.LegalMoves(); len(legal) > 0 {
			s.say("  %s %s", t.pad(s.g.MoveString(legal[len(legal)/2]), 13), t.legalNow)
		}
	}
	enter := t.enterRace(player2Start(s.variant.Name))
	if s.variant.Name == "festung" {
		enter = t.enterFestung
	}
	for _, l := range enter {
		s.say("%s", l)
	}
}

// player2Start names the board point of Player 2's point 1, for help.
func player2Start(game string) string {
	if game == "verkehren" {
		return "13"
	}
	return "24"
}

// why prints the text of the rules named in arg, or, with no arg, of the
// rules the last error named, or else the last events.
func (s *session) why(arg string) error {
	ids := strings.Fields(strings.ReplaceAll(arg, ",", " "))
	if len(ids) == 0 {
		ids = s.errRules
		if step := schuleStep(s.g); len(ids) == 0 && schuleRules[step] != nil {
			// at a decision of the Schule: the rules of what may be marked
			// at its step, all of them, whatever happened
			s.say("%s", s.t().schuleRulesHead)
			ids = schuleRules[step]
		}
		if len(ids) == 0 {
			for _, e := range s.recent {
				if e.Rule != "" {
					ids = append(ids, e.Rule)
				}
			}
		}
		ids = unique(ids)
		if len(ids) == 0 {
			return errors.New(s.t().noRuleNamed)
		}
	}
	var unknown []string
	for _, id := range ids {
		r, ok := s.lookupRule(id)
		if !ok {
			unknown = append(unknown, quote.Quote(id))
			continue
		}
		s.say("%s — %s (%s, %s)", r.ID, r.Title, gameTitle(s.c.lang, r.Game), r.Section)
		for _, l := range wrap(r.Text, 74) {
			s.say("  %s", l)
		}
		s.say("%s", s.t().source(r.Source))
	}
	if len(unknown) > 0 {
		return errors.New(s.t().noRule(strings.Join(unknown, ", ")))
	}
	return nil
}

// schuleRules are the rules that score at each step of T-W1 where the
// Schule asks the players to mark (T-W5a): the hits (2), the opponent's
// points for unplayed numbers and an opened quarter (4), the closed
// quarters (5) and the Marsch (6).
var schuleRules = map[int][]string{
	2: {"T-M1", "T-M2", "T-M3"},
	4: {"T-D7", "T-J2"},
	5: {"T-J1", "T-J3"},
	6: {"T-B3"},
}

// schuleStep is the step of T-W1 whose points a decision of the Schule
// is about, from the game's JSON; 0 at any other time.
func schuleStep(g brettspiel.Game) int {
	if !atSchule(g) {
		return 0
	}
	var v struct {
		Toccateglio struct {
			Schule *struct {
				Step int `json:"step"`
			} `json:"schule"`
		} `json:"toccateglio"`
	}
	b, err := json.Marshal(g)
	if err != nil || json.Unmarshal(b, &v) != nil || v.Toccateglio.Schule == nil {
		return 0
	}
	return v.Toccateglio.Schule.Step
}

// listRules prints the ID and title of every rule of the game and of the
// dice and board.
func (s *session) listRules() {
	for _, r := range s.rules().All() {
		if r.Game == s.variant.Name || r.Game == rules.Shared {
			s.say("  %-6s %s", r.ID, r.Title)
		}
	}
}

// gameTitle names the game a rule belongs to.
func gameTitle(l words.Lang, game string) string {
	if game == rules.Shared {
		return textIn(l).diceAndBoard
	}
	if v, err := lookup(game); err == nil {
		return v.Title
	}
	return game
}

// rules returns the rules in the session's language (-lang).
func (s *session) rules() rules.Book {
	b, _ := rules.In(s.c.lang.String())
	return b
}

// lookupRule finds a rule by its ID in the session's language, refusing
// what is plainly no ID before it is looked up.
func (s *session) lookupRule(id string) (rules.Rule, bool) {
	if len(id) > 8 {
		return rules.Rule{}, false
	}
	return s.rules().Lookup(id)
}

// unique returns ids without repetitions, in their order.
func unique(ids []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// wrap breaks text into lines of at most width bytes at spaces; a longer
// word stands on a line of its own.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
