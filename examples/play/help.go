package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/rules"
)

// commands are the commands of the prompt with a line each, for help.
var commands = [][2]string{
	{"NUMBER", "play the move of that number in the list"},
	{"MOVE", "play a move typed in the game's notation (below)"},
	{"board", "draw the board and the list of moves again"},
	{"hint", "the best moves by the strongest bot (net-strongest in the race games), with what each scores and the result it expects"},
	{"undo", "take back your last move (the throws and bot moves after it too)"},
	{"redo", "play again what undo took back"},
	{"history", "the moves of the game so far"},
	{"why [RULE…]", "a rule's text (why T-M3); alone: the rules just named"},
	{"rules", "the rules of this game by ID and title"},
	{"save FILE", "write the game record to FILE"},
	{"load FILE", "go on with a saved game (undo reaches into it)"},
	{"help", "this text"},
	{"quit", "leave the game (also exit); a game in play is offered for saving"},
}

// notation describes the move notation of a game for help: examples with
// what they mean, and the words of the notation, which are moves and not
// unknown commands even where they are not legal now.
type notation struct {
	examples [][2]string
	words    []string
}

// notations holds the notation of every game of the catalogue by its name.
var notations = map[string]notation{
	"toccateglio": {
		examples: [][2]string{
			{"6-5", "a throw typed by hand (-dice manual), either die first"},
			{"1/7 1/6", "a play: from/to for each number, in your own track"},
			{"1/5 5/10", "one stone moving on with the second number"},
			{"in/3", "a stone entered from the hand (Toccadille)"},
			{"20/off", "a stone borne off"},
			{"pass", "nothing can be played"},
			{"go-on", "after a Partie won: keep the Rest and play on"},
			{"afresh", "after a Partie won: start again from the setup"},
		},
		words: []string{"pass", "go-on", "go on", "afresh"},
	},
	"verkehren": {
		examples: [][2]string{
			{"6-5", "a throw typed by hand (-dice manual), either die first"},
			{"13/18 13/19", "a play: from/to for each number, in your own track"},
			{"1/6 6/12", "one stone moving on with the second number"},
			{"bar/3*", "a stone entered from off the board, hitting (the * may be left out)"},
			{"20/off", "a stone borne off"},
			{"pass", "nothing can be played"},
			{"concede", "give the game up (asks first)"},
		},
		words: []string{"pass", "concede"},
	},
	"festung": {
		examples: [][2]string{
			{"5/1-6", "a throw typed by hand (-dice manual): the large die, then the two small ones"},
			{"W2.II", "at a decision: the field of the outer works to take the marker from"},
		},
	},
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
	s.say("commands:")
	for _, c := range commands {
		s.say("  %-13s %s", c[0], c[1])
	}
	s.say("\nnotation of %s (%s):", s.variant.Title, s.variant.Name)
	for _, e := range notations[s.variant.Name].examples {
		s.say("  %-13s %s", e[0], e[1])
	}
	if p := s.g.ToMove(); p >= 0 {
		if legal := s.g.LegalMoves(); len(legal) > 0 {
			s.say("  %-13s a legal move now", s.g.MoveString(legal[len(legal)/2]))
		}
	}
	if s.variant.Name == "festung" {
		s.say("\nentering moves: at a decision, type the number of a field in the list, or")
		s.say("its name (W1.IV); case does not matter. At your throw, press Enter.")
		return
	}
	s.say("\nentering moves: type the number of a move in the list, or the move in")
	s.say("notation; case and spacing do not matter. The board, the list, the moves")
	s.say("told and the history count in board points, as the board is numbered; the")
	s.say("notation counts in the mover's own track (Player 2's point 1 is board point")
	s.say("%s), so the list gives beside each play the notation to type.", player2Start(s.variant.Name))
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
		if len(ids) == 0 {
			for _, e := range s.recent {
				if e.Rule != "" {
					ids = append(ids, e.Rule)
				}
			}
		}
		ids = unique(ids)
		if len(ids) == 0 {
			return errors.New("no rule was named just now; ask for one: why T-M3 (rules lists them)")
		}
	}
	var unknown []string
	for _, id := range ids {
		r, ok := s.lookupRule(id)
		if !ok {
			unknown = append(unknown, quote.Quote(id))
			continue
		}
		s.say("%s — %s (%s, %s)", r.ID, r.Title, gameTitle(r.Game), r.Section)
		for _, l := range wrap(r.Text, 74) {
			s.say("  %s", l)
		}
		s.say("  source: %s", r.Source)
	}
	if len(unknown) > 0 {
		return fmt.Errorf("no rule %s: rule IDs look like T-M3 or V-E1; rules lists those of this game", strings.Join(unknown, ", "))
	}
	return nil
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
func gameTitle(game string) string {
	if game == rules.Shared {
		return "dice and board"
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
