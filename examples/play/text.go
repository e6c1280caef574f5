package main

// The terminal's own words — the board's legends, the prompts, the menus,
// help, the answers to the commands and the terminal's errors — in one
// phrasebook per language, as package words keeps the sentences about the
// game. A text with numbers or names in it is a function, so that each
// language puts them where its sentence wants them. The code asks
// textIn(lang) for a text and never chooses a language itself.

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/words"
)

// text is the terminal's phrasebook in one language.
type text struct {
	// pad fills s with spaces to width w, as a column of the language's
	// lines is laid out.
	pad func(s string, w int) string

	// The race board.
	huckeAt     func(point int, who string) string // an entry of the Hucke's legend
	huckeLegend func(list string) string
	direction   func(list string) string
	twoLegs     func(a, b, c, d int) string // a track that turns at the board's end
	side        func(who string, waiting int, where string, off, pips int) string
	waiting     map[string]string // where stones wait to enter, after their number
	score       func(marks, strokes int) string
	junker      func(open int) string
	partie      func(n, of int) string
	dice        func(faces string) string
	drawStart   string
	toThrow     func(who string) string
	toPlay      func(who string) string
	toDecide    func(who string) string
	toSchule    func(who string) string // a decision of the Schule (T-W5)
	over        string

	// The Festungsspiel's plan.
	planTitle   func(players, throws int) string
	outerWorks  string // the header of the outer works, the columns I…VI
	ofFortress  func(f int) string
	twinNote    string
	linesLabel  string // these three labels are 14 columns wide
	schanzen    string
	batteries   string
	seatsHeader string
	seatRow     func(who string, balance, bought, pasches int, fortress string) string
	decideField func(faces, throw, who string) string
	takeMarker  func(number string, fortress int) string
	throwShows  func(notation string) string
	plays       func(who, steps, notation string) string
	chooses     func(who, notation string) string
	hand        string
	bar         string
	off         string
	notAThrow   string
	throwForm   map[string]string // how a throw is written, by game; none where the library's reason says it
	demoTitle   func(title string, seed uint64) string
	demoStopped func(turns int) string
	unitOf      map[string]string // the unit of a game's returns, by the game's name
	botNames    map[string]string // the bots' names in the language, where they are words; none in English
	greeting    func(title, preset, who string) string
	players     func(n int) string
	youAre      func(seat, bot string) string
	everySeat   string
	ruleNamed   func(id, title string) string
	lineTooLong func(n, max int) string
	yourThrow   func(who string) string
	typeThrow   string
	yourChoice  func(who string) string
	listPlay    func(n int, steps, notation string) string
	moveWords   map[string]string // what a word of the notation in the list does; none in English, where the word says it
	pressEnter  string
	boardPoints func(steps string, n int, notation string) string
	concede     string
	notConceded string
	yes         []string // answers that say yes
	no          []string // answers that say no, where a file name could stand
	noPlay      func(n, max int) string
	unknown     func(word string) string
	undoPlay    func(who, steps, notation string) string
	undoMove    func(who, notation string) string
	undoThrow   func(notation string) string
	takenBack   func(what string, after int) string
	nothingUndo string
	nothingRedo string
	noMoves     string
	diceActor   string // the dice in the history's column of who moved
	historyPlay func(steps, notation string) string
	historyLine func(n int, who, what string) string
	notOver     string
	reviewNow   string // after the end: the commands that review the game

	// the tutor and the throw's setting
	tutorArg      func(arg string) string
	tutorIs       func(at float64, unit string) string
	tutorSays     func(who, played string, loss float64, unit, better, notation string) string // notation "" where better is typed as written
	tutorBoard    string
	tutorTakeBack string
	tutorTaken    func(played string) string
	tutorForgot   func(who string, points int) string // under the Schule, once the window closed
	throwArg      func(arg string) string
	throwIs       func(auto bool) string
	saveQuestion  string
	saveNoName    string
	notRegular    func(path string) string
	overwrite     func(path string) string
	notSaved      string
	saved         func(steps int, path string) string
	loadNoName    string
	otherGame     func(path, game, want string) string
	loaded        func(steps int, path string) string
	badRecord     func(path string, err error) string // "" where the library's refusal or error says it
	fileError     func(err error) string
	badSeat       func(seat, max int) string

	// help and the rules.
	commandsTitle string
	commands      [][2]string            // the commands with a line each
	synonyms      map[string]string      // command words of the language → the command
	synonymNote   string                 // help's line on the synonyms; "" for none
	examples      map[string][][2]string // the notation's examples with what they mean, by game
	notationOf    func(title, name string) string
	legalNow      string
	enterFestung  []string
	enterRace     func(player2Start string) []string
	source        func(s string) string
	diceAndBoard  string
	noRuleNamed   string
	noRule        func(ids string) string

	// hint and analyze.
	hintThrow  string
	hintSchule string // no hint at a decision of the Schule (T-W5g)
	// the Schule's moves in the list (T-W5): a declaration, a claim, the
	// correction and the pass
	schuleMark, schuleClaim func(n string) string
	schuleRight, schulePass string
	wasDue                  string // before a mark event that says what was due, when a window of the Schule closed
	onePlay                 func(notation string) string
	hintTitle               func(bot, unit string) string
	hintLine                func(what, reason string, value float64, unit string) string
	hintTyped               func(steps, notation string) string
	// the Festungsspiel's hint: the outer works' number, a choice with
	// what it does, its expected markers and its cost against the best
	festungHintTitle func(number, unit string) string
	festungHintLine  func(field string, fortress int, value, cost float64, unit string) string
	hintScores       func(scores []bot.Score) string // what a play scores at once, in the language
	analyzeEntry     [2]string
	analyzeArg       func(arg string) string
	analysis         func(steps int, judge, unit string) string // judge is package analysis's Report.Judge
	ratings          map[string]string
	roleBot          string
	roleYou          string
	rolePerson       string
	noRating         string
	playerLine       func(who, role string, decisions int, rate, loss, luck float64, throws int, rating, unit string) string
	noLoss           string
	worstTitle       string
	worstLine        func(step int, who, played string, value float64, best string, bestValue, loss float64, unit string) string
	luckLine         func(lucky bool, step int, notation, who string, luck float64, unit string) string

	// hintShallower heads the plays a hint judged less deeply than those
	// above it, whose values do not compare with theirs.
	hintShallower string
}

// textIn returns the terminal's phrasebook in l.
func textIn(l words.Lang) *text {
	if l == words.German {
		return &german
	}
	return &english
}

// t returns the session's phrasebook, in the language of -lang.
func (s *session) t() *text { return textIn(s.c.lang) }

// count writes n with its noun, "1 mark", "3 marks".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// padBytes fills s with spaces to w bytes, as fmt's %-*s does.
func padBytes(s string, w int) string { return fmt.Sprintf("%-*s", w, s) }

// padLetters fills s with spaces to w letters: ü and … take one column.
func padLetters(s string, w int) string {
	if n := utf8.RuneCountInString(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// comma writes a number formatted with a decimal point with a decimal
// comma, as German does: "+0,25".
func comma(s string) string { return strings.ReplaceAll(s, ".", ",") }

var english = text{
	pad:         padBytes,
	huckeAt:     func(p int, who string) string { return fmt.Sprintf("%d of %s", p, who) },
	huckeLegend: func(list string) string { return "H = the Hucke, a corner point: " + list },
	direction:   func(list string) string { return "Direction: " + list },
	twoLegs:     func(a, b, c, d int) string { return fmt.Sprintf("%d→%d then %d→%d", a, b, c, d) },
	side: func(who string, waiting int, where string, off, pips int) string {
		return fmt.Sprintf("%s: %d %s, %d borne off, %s to go", who, waiting, where, off, count(pips, "pip", "pips"))
	},
	waiting: map[string]string{"hand": "in the hand", "bar": "on the bar"},
	score: func(marks, strokes int) string {
		return "; " + count(marks, "mark", "marks") + ", " + count(strokes, "stroke", "strokes")
	},
	junker:    func(open int) string { return fmt.Sprintf("; Junker (%d open entry points)", open) },
	partie:    func(n, of int) string { return fmt.Sprintf("Partie %d of %d", n, of) },
	dice:      func(faces string) string { return "Dice: " + faces },
	drawStart: "Draw for the start: each player throws, the higher total begins.",
	toThrow:   func(who string) string { return who + " to throw." },
	toPlay:    func(who string) string { return who + " to play the dice." },
	toDecide:  func(who string) string { return who + " won the Partie: go on (keep the Rest) or start afresh." },
	toSchule: func(who string) string {
		return who + " marks his points, or answers the other's marking: let it pass, make him mark right, or send him to school (Schule)."
	},
	over: "The game is over.",

	planTitle: func(players, throws int) string {
		return fmt.Sprintf("Festungsspiel, %d players, %d throws made; x a marker, . an empty field", players, throws)
	},
	outerWorks:  "outer works        I II III IV  V VI",
	ofFortress:  func(f int) string { return fmt.Sprintf("  of fortress %d", f) },
	twinNote:    "  (fortresses 1 and 3 have every work twice: the ' row is the second set, W1.I'…W1.VI')",
	linesLabel:  "fortress lines",
	schanzen:    "Schanzen      ",
	batteries:   "batteries     ",
	seatsHeader: "            balance  bought  Pasches  fortress",
	seatRow: func(who string, balance, bought, pasches int, fortress string) string {
		return fmt.Sprintf("  %-9s %7d  %6d  %7d  %s", who, balance, bought, pasches, fortress)
	},
	decideField: func(faces, throw, who string) string {
		return fmt.Sprintf("Dice: %s (%s)\n%s threw and decides which outer work to take the marker from.", faces, throw, who)
	},
	takeMarker: func(number string, fortress int) string {
		return fmt.Sprintf("take the marker from outer work %s of fortress %d", number, fortress)
	},

	throwShows: func(notation string) string { return "The dice show " + notation + "." },
	plays: func(who, steps, notation string) string {
		return fmt.Sprintf("%s plays %s (notation %s).", who, steps, notation)
	},
	chooses:   func(who, notation string) string { return fmt.Sprintf("%s chooses %s.", who, notation) },
	hand:      "hand",
	bar:       "bar",
	off:       "off",
	notAThrow: "That is not a throw.",
	demoTitle: func(title string, seed uint64) string {
		return fmt.Sprintf("%s: the greedy bot (Player 1) against random bots; seed %d", title, seed)
	},
	demoStopped: func(turns int) string {
		return fmt.Sprintf("Stopped after %d turns (-turns); the game is not over.", turns)
	},
	unitOf: map[string]string{"toccateglio": "strokes", "verkehren": "points", "festung": "markers", "": "points"},

	greeting: func(title, preset, who string) string {
		return fmt.Sprintf("%s%s; %s — type help for the commands.", title, preset, who)
	},
	players:   func(n int) string { return fmt.Sprintf(", %d players", n) },
	youAre:    func(seat, bot string) string { return fmt.Sprintf("you are %s against the %s bot", seat, bot) },
	everySeat: "every seat is played at this keyboard",
	ruleNamed: func(id, title string) string { return fmt.Sprintf("  %s: %s (why %s tells more)", id, title, id) },
	lineTooLong: func(n, max int) string {
		return fmt.Sprintf("line too long (%d bytes; at most %d): ignored", n, max)
	},
	yourThrow: func(who string) string {
		return who + ", your throw: press Enter to throw the dice (or type a command)."
	},
	typeThrow:  "type the throw you see:",
	yourChoice: func(who string) string { return who + ", your choice (a number, or the move as typed):" },
	listPlay: func(n int, steps, notation string) string {
		return fmt.Sprintf("  %2d) %-24s type %s", n, steps, notation)
	},
	pressEnter: "it is your throw: press Enter (an empty line) to throw the dice",
	boardPoints: func(steps string, n int, notation string) string {
		return fmt.Sprintf("(read in board points, %s is play %d; the notation counts in your own track: type %d or %s)", steps, n, n, notation)
	},
	concede:     "really concede? (y/n) ",
	notConceded: "not conceded; play on",
	yes:         []string{"y", "yes"},
	no:          []string{"n", "no"},
	noPlay:      func(n, max int) string { return fmt.Sprintf("no play numbered %d: choose 1…%d", n, max) },
	unknown:     func(word string) string { return fmt.Sprintf("unknown command %s, type help", word) },
	undoPlay: func(who, steps, notation string) string {
		return fmt.Sprintf("%s's %s (notation %s)", who, steps, notation)
	},
	undoMove:  func(who, notation string) string { return fmt.Sprintf("%s's %s", who, notation) },
	undoThrow: func(notation string) string { return "the throw " + notation },
	takenBack: func(what string, after int) string {
		if after > 0 {
			return fmt.Sprintf("taken back: %s and the %d steps after it (redo plays them again)", what, after)
		}
		return fmt.Sprintf("taken back: %s (redo plays it again)", what)
	},
	nothingUndo: "nothing to undo: no move of yours in this game",
	nothingRedo: "nothing to redo",
	noMoves:     "no moves yet",
	diceActor:   "dice",
	historyPlay: func(steps, notation string) string { return fmt.Sprintf("%-24s (notation %s)", steps, notation) },
	historyLine: func(n int, who, what string) string { return fmt.Sprintf("%4d. %-9s %s", n, who, what) },
	notOver:     "The game is not over.",
	reviewNow:   "Review the game: analyze judges it, undo and redo walk through it, history lists it; quit leaves.",
	tutorArg: func(arg string) string {
		return fmt.Sprintf("tutor takes off, mild, strict or an amount such as 0.1; not %q", arg)
	},
	tutorIs: func(at float64, unit string) string {
		if at < 0 {
			return "the tutor is off"
		}
		return fmt.Sprintf("the tutor speaks after a play that loses more than %.2f %s", at, unit)
	},
	tutorSays: func(who, played string, loss float64, unit, better, notation string) string {
		if notation != "" {
			better += " (type " + notation + ")"
		}
		return fmt.Sprintf("Tutor: %s, your %s loses about %.2f %s.\nThe better play: %s.", who, played, loss, unit, better)
	},
	tutorBoard:    "The board after the better play:",
	tutorTakeBack: "take your play back and choose again? (y/N) ",
	tutorTaken:    func(played string) string { return "taken back: " + played + "; choose again" },
	tutorForgot: func(who string, points int) string {
		lost := "they are lost now"
		if points == 1 {
			lost = "it is lost now"
		}
		return fmt.Sprintf("Tutor: %s, you forgot %s; %s (T-W5).", who, count(points, "point", "points"), lost)
	},
	throwArg: func(arg string) string {
		return fmt.Sprintf("throw takes auto (your dice thrown for you) or press (Enter throws them); not %q", arg)
	},
	throwIs: func(auto bool) string {
		if auto {
			return "your dice are thrown for you (throw press: you press Enter)"
		}
		return "you press Enter to throw your dice (throw auto: they are thrown for you)"
	},
	saveQuestion: "save the game? file name or empty to skip: ",
	saveNoName:   "save needs a file name",
	notRegular:   func(path string) string { return path + " exists and is not a regular file: not saved" },
	overwrite:    func(path string) string { return path + " exists; overwrite it? (y/N) " },
	notSaved:     "not saved",
	saved:        func(steps int, path string) string { return fmt.Sprintf("saved %d steps to %s", steps, path) },
	loadNoName:   "load needs a file name",
	otherGame: func(path, game, want string) string {
		return fmt.Sprintf("%s is a record of %s, not %s", path, game, want)
	},
	loaded:    func(steps int, path string) string { return fmt.Sprintf("loaded %d steps from %s", steps, path) },
	badRecord: englishBadRecord,
	fileError: func(err error) string { return err.Error() },
	badSeat:   func(seat, max int) string { return fmt.Sprintf("seat %d: the game has seats 0…%d", seat, max) },

	commandsTitle: "commands:",
	commands: [][2]string{
		{"NUMBER", "play the move of that number in the list"},
		{"MOVE", "play a move typed in the game's notation (below)"},
		{"board", "draw the board and the list of moves again"},
		{"hint", "the best moves by the strongest bot, with what each scores and the result it expects"},
		{"undo", "take back your last move (the throws and bot moves after it too)"},
		{"redo", "play again what undo took back"},
		{"history", "the moves of the game so far"},
		{"why [RULE…]", "a rule's text (why T-M3); alone: the rules just named"},
		{"rules", "the rules of this game by ID and title"},
		{"tutor [LEVEL]", "the tutor: off, mild, strict, or the amount a play may lose"},
		{"throw [auto|press]", "your dice thrown for you, or by Enter"},
		{"save FILE", "write the game record to FILE"},
		{"load FILE", "go on with a saved game (undo reaches into it)"},
		{"help", "this text"},
		{"quit", "leave the game (also exit); a game in play is offered for saving"},
	},
	examples: map[string][][2]string{
		"toccateglio": {
			{"6-5", "a throw typed by hand (-dice manual), either die first"},
			{"1/7 1/6", "a play: from/to for each number, in your own track"},
			{"1/5 5/10", "one stone moving on with the second number"},
			{"in/3", "a stone entered from the hand (Toccadille)"},
			{"20/off", "a stone borne off"},
			{"pass", "nothing can be played"},
			{"go-on", "after a Partie won: keep the Rest and play on"},
			{"afresh", "after a Partie won: start again from the setup"},
			{"mark 3", "with -schule: declare 3 points for the step (0…12)"},
			{"schule 2", "with -schule: send the other to school, marking 2 points yourself"},
			{"right", "with -schule: make the other mark exactly what he won"},
		},
		"verkehren": {
			{"6-5", "a throw typed by hand (-dice manual), either die first"},
			{"13/18 13/19", "a play: from/to for each number, in your own track"},
			{"1/6 6/12", "one stone moving on with the second number"},
			{"bar/3*", "a stone entered from the bar, hitting (the * may be left out)"},
			{"20/off", "a stone borne off"},
			{"pass", "nothing can be played"},
			{"concede", "give the game up (asks first)"},
		},
		"festung": {
			{"5/1-6", "a throw typed by hand (-dice manual): the large die, then the two small ones"},
			{"W2.II", "at a decision: the field of the outer works to take the marker from"},
		},
	},
	notationOf: func(title, name string) string { return fmt.Sprintf("\nnotation of %s (%s):", title, name) },
	legalNow:   "a legal move now",
	enterFestung: []string{
		"\nentering moves: at a decision, type the number of a field in the list, or",
		"its name (W1.IV); case does not matter. At your throw, press Enter.",
	},
	enterRace: func(p2 string) []string {
		return []string{
			"\nentering moves: type the number of a move in the list, or the move in",
			"notation; case and spacing do not matter. The board, the list, the moves",
			"told and the history count in board points, as the board is numbered; the",
			"notation counts in the mover's own track (Player 2's point 1 is board point",
			p2 + "), so the list gives beside each play the notation to type.",
		}
	},
	source:       func(s string) string { return "  source: " + s },
	diceAndBoard: "dice and board",
	noRuleNamed:  "no rule was named just now; ask for one: why T-M3 (rules lists them)",
	noRule: func(ids string) string {
		return fmt.Sprintf("no rule %s: rule IDs look like T-M3 or V-E1; rules lists those of this game", ids)
	},

	hintThrow:  "hints are for plays, not throws",
	hintSchule: "no hints in the Schule: marking your points, and catching the other's mistakes, is your own work (T-W5g)",
	schuleMark: func(n string) string { return "mark " + n + " for this step" },
	schuleClaim: func(n string) string {
		return "send him to school: you mark " + n + ", and he loses what he marked too many"
	},
	schuleRight: "make him mark exactly what he won; nobody gains by it",
	schulePass:  "let it pass",
	wasDue:      "What was due:",
	onePlay:     func(notation string) string { return "there is one play only: " + notation },
	hintTitle: func(bot, unit string) string {
		return fmt.Sprintf("the best plays by the %s bot; \"expected\" is your average result from here, in %s:", bot, unit)
	},
	hintLine: func(what, reason string, value float64, unit string) string {
		if reason != "" {
			reason += "; "
		}
		return fmt.Sprintf("  %-36s %sexpected %+.2f %s", what, reason, value, unit)
	},
	hintShallower: "  judged less deeply, so not comparable with the plays above:",
	hintTyped:     func(steps, notation string) string { return steps + " (type " + notation + ")" },
	festungHintTitle: func(number, unit string) string {
		return fmt.Sprintf("the choices, valued exactly: the %s you can expect from the\nouter works numbered %s from now on, if everyone then plays his best:", unit, number)
	},
	festungHintLine: func(field string, fortress int, value, cost float64, unit string) string {
		if cost < 0.0005 {
			return fmt.Sprintf("  %-7s (fortress %d)  %+.2f %s, the best", field, fortress, value, unit)
		}
		return fmt.Sprintf("  %-7s (fortress %d)  %+.2f %s, %.2f less", field, fortress, value, unit, cost)
	},
	hintScores:   englishScores,
	analyzeEntry: [2]string{"analyze [2]", "review the game so far: mistakes, luck, ratings (2: a deeper look)"},
	analyzeArg: func(arg string) string {
		return fmt.Sprintf("analyze takes no argument, or 2 for a deeper look; not %q", arg)
	},
	analysis: func(steps int, judge, unit string) string {
		switch judge {
		case "exact":
			return fmt.Sprintf("review of %d steps; each choice valued exactly, in expected %s:", steps, unit)
		case "net, 2 plies":
			return fmt.Sprintf("review of %d steps, a deeper look, in %s:", steps, unit)
		}
		return fmt.Sprintf("review of %d steps, in %s (analyze 2 looks deeper):", steps, unit)
	},
	roleBot:    "bot",
	roleYou:    "you",
	rolePerson: "person",
	noRating:   "no decision to rate",
	playerLine: func(who, role string, decisions int, rate, loss, luck float64, throws int, rating, unit string) string {
		return strings.TrimSuffix(fmt.Sprintf("  %s (%s): lost %.3f %s in %s (%.3f each)\n      luck %+.3f in %s: %s",
			who, role, loss, unit, count(decisions, "decision", "decisions"), rate, luck, count(throws, "throw", "throws"), rating), ": ")
	},
	noLoss:     "  no decision lost anything",
	worstTitle: "  the worst decisions:",
	worstLine: func(step int, who, played string, value float64, best string, bestValue, loss float64, unit string) string {
		return fmt.Sprintf("  step %d, %s played %s (%+.3f)\n      better %s (%+.3f): it cost %.3f %s", step, who, played, value, best, bestValue, loss, unit)
	},
	luckLine: func(lucky bool, step int, notation, who string, luck float64, unit string) string {
		what := "unluckiest"
		if lucky {
			what = "luckiest"
		}
		return fmt.Sprintf("  the %s throw: step %d, %s for %s, %+.3f %s", what, step, notation, who, luck, unit)
	},
}

// englishScores says what a play scores at once as package bot's Reason
// does: "+2 marks (T-M1), -1 hits"; "" when it scores nothing, which a
// hint leaves unsaid rather than repeat on every line.
func englishScores(scores []bot.Score) string {
	return joinScores(scores, func(sc bot.Score) string { return bot.ScoreUnit(sc.Kind) }, "")
}

// germanScores says it in German: "+2 Marken (T-M1), -1 Treffer".
func germanScores(scores []bot.Score) string {
	return joinScores(scores, func(sc bot.Score) string {
		marker := "Marken"
		if sc.Amount == 1 || sc.Amount == -1 {
			marker = "Marke"
		}
		switch sc.Kind {
		case brettspiel.EventHit:
			return "Treffer"
		case brettspiel.EventPay:
			return marker + " gezahlt"
		case brettspiel.EventTake:
			return marker + " genommen"
		case brettspiel.EventPlace:
			return marker + " gesetzt"
		}
		return marker
	}, "")
}

// joinScores writes each score's amount with its unit and rule, or none
// when there is no score.
func joinScores(scores []bot.Score, unit func(bot.Score) string, none string) string {
	if len(scores) == 0 {
		return none
	}
	parts := make([]string, len(scores))
	for i, sc := range scores {
		parts[i] = fmt.Sprintf("%+d %s", sc.Amount, unit(sc))
		if sc.Rule != "" {
			parts[i] += " (" + sc.Rule + ")"
		}
	}
	return strings.Join(parts, ", ")
}

var german = text{
	pad:         padLetters,
	huckeAt:     func(p int, who string) string { return fmt.Sprintf("%s auf %d", who, p) },
	huckeLegend: func(list string) string { return "H = die Hucke, ein Eckfeld: " + list },
	direction:   func(list string) string { return "Zugrichtung: " + list },
	twoLegs:     func(a, b, c, d int) string { return fmt.Sprintf("%d→%d und weiter %d→%d", a, b, c, d) },
	side: func(who string, waiting int, where string, off, pips int) string {
		return fmt.Sprintf("%s: %d %s, %d abgetragen, noch %s", who, waiting, where, off, count(pips, "Auge", "Augen"))
	},
	waiting: map[string]string{"hand": "in der Hand", "bar": "auf der Bar"},
	score: func(marks, strokes int) string {
		return "; " + count(marks, "Marke", "Marken") + ", " + count(strokes, "Strich", "Striche")
	},
	junker:    func(open int) string { return "; Junker (" + count(open, "Einsetzfeld", "Einsetzfelder") + " offen)" },
	partie:    func(n, of int) string { return fmt.Sprintf("Partie %d von %d", n, of) },
	dice:      func(faces string) string { return "Würfel: " + faces },
	drawStart: "Auswürfeln, wer beginnt: jeder wirft, die höhere Summe fängt an.",
	toThrow:   func(who string) string { return who + " ist am Wurf." },
	toPlay:    func(who string) string { return who + " ist am Zug und spielt den Wurf." },
	toDecide: func(who string) string {
		return who + " hat die Partie gewonnen: fortgehen (den Rest behalten) oder neu anfangen."
	},
	toSchule: func(who string) string {
		return who + " markiert seine Points oder antwortet auf die Marken des anderen: gelten lassen, richtig markieren lassen oder in die Schule schicken (Schule)."
	},
	over: "Das Spiel ist aus.",

	planTitle: func(players, throws int) string {
		return fmt.Sprintf("Festungsspiel, %d Spieler, bisher %s; x eine Marke, . ein leeres Feld", players, count(throws, "Wurf", "Würfe"))
	},
	outerWorks:  "Außenwerke         I II III IV  V VI",
	ofFortress:  func(f int) string { return fmt.Sprintf("  der Festung %d", f) },
	twinNote:    "  (Festung 1 und 3 haben jedes Werk zweimal: die Zeile mit ' ist der zweite Satz, W1.I'…W1.VI')",
	linesLabel:  "Festungslinien",
	schanzen:    "Schanzen      ",
	batteries:   "Batterien     ",
	seatsHeader: "            Bestand  gekauft  Pasche  Festung",
	seatRow: func(who string, balance, bought, pasches int, fortress string) string {
		return fmt.Sprintf("  %-9s %7d  %7d  %6d  %s", who, balance, bought, pasches, fortress)
	},
	decideField: func(faces, throw, who string) string {
		return fmt.Sprintf("Würfel: %s (%s)\n%s hat geworfen und wählt, von welchem Außenwerk er die Marke nimmt.", faces, throw, who)
	},
	takeMarker: func(number string, fortress int) string {
		return fmt.Sprintf("die Marke vom Außenwerk %s der Festung %d nehmen", number, fortress)
	},

	throwShows: func(notation string) string { return "Die Würfel zeigen " + notation + "." },
	plays: func(who, steps, notation string) string {
		return fmt.Sprintf("%s zieht %s (Notation %s).", who, steps, notation)
	},
	chooses:   func(who, notation string) string { return fmt.Sprintf("%s wählt %s.", who, notation) },
	hand:      "Hand",
	bar:       "Bar",
	off:       "aus",
	notAThrow: "Das ist kein Wurf.",
	throwForm: map[string]string{
		"toccateglio": "ein Wurf wird wie 6-5 geschrieben, zwei Würfel von 1 bis 6",
		"verkehren":   "ein Wurf wird wie 6-5 geschrieben, zwei Würfel von 1 bis 6",
		"festung":     "ein Wurf wird wie 5/1-6 geschrieben, erst der große Würfel, dann die zwei kleinen, jeder von 1 bis 6",
	},
	demoTitle: func(title string, seed uint64) string {
		return fmt.Sprintf("%s: der gierige Bot (Spieler 1) gegen Zufalls-Bots; Startwert %d", title, seed)
	},
	demoStopped: func(turns int) string {
		return fmt.Sprintf("Nach %s angehalten (-turns); das Spiel ist nicht aus.", count(turns, "Zug", "Zügen"))
	},
	unitOf: map[string]string{"toccateglio": "Striche", "verkehren": "Punkte", "festung": "Marken", "": "Punkte"},
	botNames: map[string]string{
		"random": "Zufall", "greedy": "Gierig", "search": "Suche", "expectimax": "Erwartung",
		"net-beginner": "Netz-Anfänger", "net-casual": "Netz-Gelegenheitsspieler", "net-intermediate": "Netz-Mittelstufe",
		"net-advanced": "Netz-Fortgeschritten", "net-expert": "Netz-Experte", "net-strongest": "Netz-Stärkster",
		"festung-best": "Festung-Bester",
	},

	greeting: func(title, preset, who string) string {
		return fmt.Sprintf("%s%s; %s — hilfe zeigt die Befehle.", title, preset, who)
	},
	players:   func(n int) string { return fmt.Sprintf(", %d Spieler", n) },
	youAre:    func(seat, bot string) string { return fmt.Sprintf("du bist %s gegen den Bot „%s“", seat, bot) },
	everySeat: "alle Plätze werden an dieser Tastatur gespielt",
	ruleNamed: func(id, title string) string { return fmt.Sprintf("  %s: %s (mehr dazu: warum %s)", id, title, id) },
	lineTooLong: func(n, max int) string {
		return fmt.Sprintf("Zeile zu lang (%d Bytes; höchstens %d): übergangen", n, max)
	},
	yourThrow: func(who string) string {
		return who + ", du bist am Wurf: die Eingabetaste würfelt (oder gib einen Befehl ein)."
	},
	typeThrow:  "gib den Wurf ein, den du siehst:",
	yourChoice: func(who string) string { return who + ", deine Wahl (eine Nummer oder die Eingabe aus der Liste):" },
	listPlay: func(n int, steps, notation string) string {
		return fmt.Sprintf("  %2d) %-24s Eingabe %s", n, steps, notation)
	},
	moveWords: map[string]string{
		"pass": "passen: es lässt sich nichts spielen", "concede": "das Spiel aufgeben",
		"go-on": "fortgehen: den Rest behalten", "afresh": "neu anfangen",
	},
	pressEnter: "du bist am Wurf: die Eingabetaste (eine leere Zeile) würfelt",
	boardPoints: func(steps string, n int, notation string) string {
		return fmt.Sprintf("(in Feldern des Bretts gelesen ist %s der Zug %d; die Notation zählt in deiner eigenen Bahn: gib %d oder %s ein)", steps, n, n, notation)
	},
	concede:     "wirklich aufgeben? (j/n) ",
	notConceded: "nicht aufgegeben; es geht weiter",
	yes:         []string{"j", "ja", "y", "yes"},
	no:          []string{"n", "nein", "no"},
	noPlay:      func(n, max int) string { return fmt.Sprintf("kein Zug mit der Nummer %d: wähle 1…%d", n, max) },
	unknown: func(word string) string {
		return fmt.Sprintf("unbekannter Befehl %s; hilfe zeigt die Befehle", word)
	},
	undoPlay: func(who, steps, notation string) string {
		return fmt.Sprintf("der Zug %s von %s (Notation %s)", steps, who, notation)
	},
	undoMove:  func(who, notation string) string { return fmt.Sprintf("%s (%s)", notation, who) },
	undoThrow: func(notation string) string { return "der Wurf " + notation },
	takenBack: func(what string, after int) string {
		if after > 0 {
			return fmt.Sprintf("zurückgenommen: %s und %s danach (vor spielt sie wieder)", what, count(after, "Schritt", "Schritte"))
		}
		return fmt.Sprintf("zurückgenommen: %s (vor spielt das wieder)", what)
	},
	nothingUndo: "nichts zurückzunehmen: du hast in diesem Spiel noch nicht gezogen",
	nothingRedo: "nichts zu wiederholen",
	noMoves:     "noch keine Züge",
	diceActor:   "Würfel",
	historyPlay: func(steps, notation string) string { return fmt.Sprintf("%-24s (Notation %s)", steps, notation) },
	historyLine: func(n int, who, what string) string { return fmt.Sprintf("%4d. %s %s", n, padLetters(who, 9), what) },
	notOver:     "Das Spiel ist noch nicht aus.",
	reviewNow:   "Das Spiel durchsehen: analyse bewertet es, zurück und vor gehen durch die Züge, verlauf listet sie auf; ende beendet.",
	tutorArg: func(arg string) string {
		return fmt.Sprintf("tutor nimmt aus, mild, streng oder einen Betrag wie 0,1; nicht %q", arg)
	},
	tutorIs: func(at float64, unit string) string {
		if at < 0 {
			return "der Tutor ist aus"
		}
		return fmt.Sprintf("der Tutor meldet sich nach einem Zug, der mehr als %s %s verliert", comma(fmt.Sprintf("%.2f", at)), unit)
	},
	tutorSays: func(who, played string, loss float64, unit, better, notation string) string {
		if notation != "" {
			better += " (Eingabe " + notation + ")"
		}
		return fmt.Sprintf("Tutor: %s, dein Zug %s verliert etwa %s %s.\nDer bessere Zug: %s.", who, played, comma(fmt.Sprintf("%.2f", loss)), unit, better)
	},
	tutorBoard:    "Das Brett nach dem besseren Zug:",
	tutorTakeBack: "den Zug zurücknehmen und neu wählen? (j/N) ",
	tutorTaken:    func(played string) string { return "zurückgenommen: " + played + "; wähle neu" },
	tutorForgot: func(who string, points int) string {
		lost := "sie sind jetzt verloren"
		if points == 1 {
			lost = "er ist jetzt verloren"
		}
		return fmt.Sprintf("Tutor: %s, du hast %s vergessen; %s (T-W5).", who, count(points, "Point", "Points"), lost)
	},
	throwArg: func(arg string) string {
		return fmt.Sprintf("wurf nimmt auto (deine Würfel werden für dich geworfen) oder taste (die Eingabetaste würfelt); nicht %q", arg)
	},
	throwIs: func(auto bool) string {
		if auto {
			return "deine Würfel werden für dich geworfen (wurf taste: die Eingabetaste würfelt)"
		}
		return "die Eingabetaste würfelt (wurf auto: deine Würfel werden für dich geworfen)"
	},
	saveQuestion: "Spiel speichern? Dateiname, oder leer lassen, um es nicht zu speichern: ",
	saveNoName:   "speichern braucht einen Dateinamen",
	notRegular: func(path string) string {
		return path + " gibt es schon, und es ist keine gewöhnliche Datei: nicht gespeichert"
	},
	overwrite: func(path string) string { return path + " gibt es schon; überschreiben? (j/N) " },
	notSaved:  "nicht gespeichert",
	saved: func(steps int, path string) string {
		return fmt.Sprintf("%s in %s gespeichert", count(steps, "Schritt", "Schritte"), path)
	},
	loadNoName: "laden braucht einen Dateinamen",
	otherGame: func(path, game, want string) string {
		return fmt.Sprintf("%s ist eine Partie von %s, nicht von %s", path, game, want)
	},
	loaded: func(steps int, path string) string {
		return fmt.Sprintf("%s aus %s geladen", count(steps, "Schritt", "Schritte"), path)
	},
	badRecord: germanBadRecord,
	fileError: germanFileError,
	badSeat: func(seat, max int) string {
		return fmt.Sprintf("Platz %d: das Spiel hat die Plätze 0…%d", seat, max)
	},

	commandsTitle: "Befehle:",
	commands: [][2]string{
		{"NUMMER", "den Zug mit dieser Nummer in der Liste spielen"},
		{"ZUG", "einen Zug in der Notation des Spiels eingeben (unten)"},
		{"brett", "das Brett und die Liste der Züge noch einmal zeigen"},
		{"tipp", "die besten Züge nach dem stärksten Bot, mit dem, was jeder sofort bringt, und dem Ergebnis, das er erwartet"},
		{"zurück", "den eigenen letzten Zug zurücknehmen (mit den Würfen und Bot-Zügen danach)"},
		{"vor", "wieder spielen, was zurück zurückgenommen hat"},
		{"verlauf", "die Züge des Spiels bis jetzt"},
		{"warum [REGEL…]", "der Text einer Regel (warum T-M3); allein: die eben genannten Regeln"},
		{"regeln", "die Regeln dieses Spiels mit ID und Titel"},
		{"tutor [STUFE]", "der Tutor: aus, mild, streng oder der Betrag, den ein Zug verlieren darf"},
		{"wurf [auto|taste]", "deine Würfel für dich geworfen oder mit der Eingabetaste"},
		{"speichern DATEI", "die Partie in DATEI schreiben"},
		{"laden DATEI", "eine gespeicherte Partie fortsetzen (zurück reicht in sie hinein)"},
		{"hilfe", "dieser Text"},
		{"ende", "das Spiel verlassen; ein laufendes Spiel kann vorher gespeichert werden"},
	},
	synonyms: map[string]string{
		"brett": "board", "tipp": "hint", "zurück": "undo", "vor": "redo", "verlauf": "history",
		"warum": "why", "regeln": "rules", "speichern": "save", "laden": "load", "analyse": "analyze",
		"hilfe": "help", "ende": "quit", "wurf": "throw", "beenden": "quit",
	},
	synonymNote: "\nDie englischen Befehlswörter (help in einer Sitzung mit -lang en) gehen auch.",
	examples: map[string][][2]string{
		"toccateglio": {
			{"6-5", "ein Wurf, von Hand eingegeben (-dice manual), beliebiger Würfel zuerst"},
			{"1/7 1/6", "ein Zug: von/nach für jede Zahl, in deiner eigenen Bahn"},
			{"1/5 5/10", "ein Stein zieht mit der zweiten Zahl weiter"},
			{"in/3", "ein Stein aus der Hand eingesetzt (Toccadille)"},
			{"20/off", "ein Stein abgetragen"},
			{"pass", "es lässt sich nichts spielen"},
			{"go-on", "nach einer gewonnenen Partie: den Rest behalten und fortgehen"},
			{"afresh", "nach einer gewonnenen Partie: neu aus der Grundstellung anfangen"},
			{"mark 3", "mit -schule: 3 Points für den Schritt ansagen (0…12)"},
			{"schule 2", "mit -schule: den anderen in die Schule schicken und selbst 2 Points markieren"},
			{"right", "mit -schule: den anderen genau markieren lassen, was er gewonnen hat"},
		},
		"verkehren": {
			{"6-5", "ein Wurf, von Hand eingegeben (-dice manual), beliebiger Würfel zuerst"},
			{"13/18 13/19", "ein Zug: von/nach für jede Zahl, in deiner eigenen Bahn"},
			{"1/6 6/12", "ein Stein zieht mit der zweiten Zahl weiter"},
			{"bar/3*", "ein Stein von der Bar eingesetzt, mit Schlag (das * darf fehlen)"},
			{"20/off", "ein Stein abgetragen"},
			{"pass", "es lässt sich nichts spielen"},
			{"concede", "das Spiel aufgeben (mit Rückfrage)"},
		},
		"festung": {
			{"5/1-6", "ein Wurf, von Hand eingegeben (-dice manual): der große Würfel, dann die zwei kleinen"},
			{"W2.II", "bei einer Wahl: das Feld der Außenwerke, von dem die Marke genommen wird"},
		},
	},
	notationOf: func(title, name string) string { return fmt.Sprintf("\nNotation von %s (%s):", title, name) },
	legalNow:   "ein jetzt erlaubter Zug",
	enterFestung: []string{
		"\nZüge eingeben: bei einer Wahl die Nummer eines Feldes in der Liste oder",
		"seinen Namen (W1.IV); Groß- und Kleinschreibung sind gleich. Bei deinem Wurf",
		"die Eingabetaste drücken.",
	},
	enterRace: func(p2 string) []string {
		return []string{
			"\nZüge eingeben: die Nummer eines Zuges in der Liste oder den Zug in Notation;",
			"Groß- und Kleinschreibung und Leerzeichen sind gleich. Das Brett, die Liste,",
			"die gemeldeten Züge und der Verlauf zählen in Feldern des Bretts, wie es",
			"nummeriert ist; die Notation zählt in der eigenen Bahn des Ziehenden (Feld 1",
			"von Spieler 2 ist Feld " + p2 + " des Bretts), darum steht neben jedem Zug der",
			"Liste die Eingabe dafür.",
		}
	},
	source:       func(s string) string { return "  Quelle: " + s },
	diceAndBoard: "Würfel und Brett",
	noRuleNamed:  "eben wurde keine Regel genannt; frag nach einer: warum T-M3 (regeln zählt sie auf)",
	noRule: func(ids string) string {
		return fmt.Sprintf("keine Regel %s: Regeln heißen wie T-M3 oder V-E1; regeln zählt die dieses Spiels auf", ids)
	},

	hintThrow:  "Tipps gibt es für Züge, nicht für Würfe",
	hintSchule: "keine Tipps in der Schule: die eigenen Points markieren und die Fehler des anderen finden ist deine Sache (T-W5g)",
	schuleMark: func(n string) string {
		if n == "1" {
			return "1 Point markieren für diesen Schritt"
		}
		return n + " Points markieren für diesen Schritt"
	},
	schuleClaim: func(n string) string {
		return "in die Schule schicken: du markierst " + n + ", er verliert, was er zu viel markiert hat"
	},
	schuleRight: "ihn genau markieren lassen, was er gewonnen hat; keiner bekommt etwas dafür",
	schulePass:  "gelten lassen",
	wasDue:      "Zu markieren war:",
	onePlay:     func(notation string) string { return "es gibt nur einen Zug: " + notation },
	hintTitle: func(bot, unit string) string {
		if in, ok := map[string]string{"Striche": "Strichen", "Punkte": "Punkten"}[unit]; ok {
			unit = in
		}
		return fmt.Sprintf("die besten Züge nach dem Bot „%s“; „erwartet“ ist dein durchschnittliches Ergebnis von hier aus, in %s:", bot, unit)
	},
	hintLine: func(what, reason string, value float64, unit string) string {
		if reason != "" {
			reason += "; "
		}
		return fmt.Sprintf("  %-36s %serwartet %s %s", what, reason, comma(fmt.Sprintf("%+.2f", value)), unit)
	},
	hintShallower: "  weniger tief beurteilt, also nicht mit den Zügen darüber vergleichbar:",
	hintTyped:     func(steps, notation string) string { return steps + " (Eingabe " + notation + ")" },
	festungHintTitle: func(number, unit string) string {
		return fmt.Sprintf("die Wahl, genau bewertet: so viele %s kannst du von den Außenwerken\n%s an erwarten, wenn danach jeder am besten spielt:", unit, number)
	},
	festungHintLine: func(field string, fortress int, value, cost float64, unit string) string {
		if cost < 0.0005 {
			return fmt.Sprintf("  %-7s (Festung %d)  %s %s, am besten", field, fortress, comma(fmt.Sprintf("%+.2f", value)), unit)
		}
		return fmt.Sprintf("  %-7s (Festung %d)  %s %s, %s weniger", field, fortress, comma(fmt.Sprintf("%+.2f", value)), unit, comma(fmt.Sprintf("%.2f", cost)))
	},
	hintScores:   germanScores,
	analyzeEntry: [2]string{"analyse [2]", "das Spiel bis jetzt bewerten: Fehler, Glück, Einstufung (2: genauer)"},
	analyzeArg: func(arg string) string {
		return fmt.Sprintf("analyse nimmt nichts oder 2 für einen genaueren Blick; nicht %q", arg)
	},
	analysis: func(steps int, judge, unit string) string {
		in := map[string]string{"Striche": "Strichen", "Punkte": "Punkten"}[unit]
		if in == "" {
			in = unit
		}
		switch judge {
		case "exact":
			return fmt.Sprintf("Auswertung von %s; jede Wahl genau bewertet, in erwarteten %s:", count(steps, "Schritt", "Schritten"), unit)
		case "net, 2 plies":
			return fmt.Sprintf("Auswertung von %s, genauer betrachtet, in %s:", count(steps, "Schritt", "Schritten"), in)
		}
		return fmt.Sprintf("Auswertung von %s, in %s (analyse 2 schaut genauer hin):", count(steps, "Schritt", "Schritten"), in)
	},
	ratings: map[string]string{
		"world class": "Weltklasse", "expert": "Experte", "advanced": "fortgeschritten", "intermediate": "Mittelstufe",
		"casual": "Gelegenheitsspieler", "beginner": "Anfänger", "awful": "sehr schwach",
	},
	roleBot:    "Bot",
	roleYou:    "du",
	rolePerson: "Mensch",
	noRating:   "keine Entscheidung zu bewerten",
	playerLine: func(who, role string, decisions int, rate, loss, luck float64, throws int, rating, unit string) string {
		return strings.TrimSuffix(fmt.Sprintf("  %s (%s): %s %s verloren in %s (%s je)\n      Glück %s in %s: %s",
			who, role, comma(fmt.Sprintf("%.3f", loss)), unit, count(decisions, "Entscheidung", "Entscheidungen"),
			comma(fmt.Sprintf("%.3f", rate)), comma(fmt.Sprintf("%+.3f", luck)), count(throws, "Wurf", "Würfen"), rating), ": ")
	},
	noLoss:     "  keine Entscheidung hat etwas verloren",
	worstTitle: "  die schlechtesten Entscheidungen:",
	worstLine: func(step int, who, played string, value float64, best string, bestValue, loss float64, unit string) string {
		return fmt.Sprintf("  Schritt %d, %s zog %s (%s)\n      besser %s (%s): das kostete %s %s", step, who, played,
			comma(fmt.Sprintf("%+.3f", value)), best, comma(fmt.Sprintf("%+.3f", bestValue)), comma(fmt.Sprintf("%.3f", loss)), unit)
	},
	luckLine: func(lucky bool, step int, notation, who string, luck float64, unit string) string {
		what := "unglücklichste"
		if lucky {
			what = "glücklichste"
		}
		return fmt.Sprintf("  der %s Wurf: Schritt %d, %s für %s, %s %s", what, step, notation, who, comma(fmt.Sprintf("%+.3f", luck)), unit)
	},
}

// germanFileError says in German what went wrong with a file, for the
// errors a person meets: a name that is not there, a file he may not
// read or write, one that exists already; anything else in the system's
// words.
func germanFileError(err error) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return pe.Path + ": diese Datei gibt es nicht"
	case errors.Is(err, fs.ErrPermission):
		return pe.Path + ": keine Berechtigung"
	case errors.Is(err, fs.ErrExist):
		return pe.Path + ": die Datei gibt es schon"
	case errors.Is(err, syscall.EISDIR):
		return pe.Path + " ist ein Verzeichnis, keine Datei"
	}
	return pe.Path + ": " + pe.Err.Error()
}

// germanBadRecord says in German why the file at path holds no game to
// load: the file could not be read, a step of the record is refused or
// no move (its line and the refusal as package words says it), or the
// text is no record (with its line where the error names one).
func germanBadRecord(path string, err error) string {
	if errors.As(err, new(*fs.PathError)) {
		return germanFileError(err)
	}
	if recordStep.MatchString(err.Error()) {
		return path + ": " + words.German.Refusal(err)
	}
	say := path + " ist keine gespeicherte Partie, die sich laden lässt"
	var e *brettspiel.Error
	if errors.As(err, &e) && strings.HasPrefix(e.Input, "line ") {
		say += " (Zeile " + strings.TrimPrefix(e.Input, "line ") + ")"
	}
	return say + "."
}

// englishBadRecord says it in English, with the library's reason where
// the text is no record or a step no move.
func englishBadRecord(path string, err error) string {
	if errors.As(err, new(*fs.PathError)) {
		return err.Error()
	}
	var e *brettspiel.Error
	reason := ""
	if errors.As(err, &e) && e.Reason != "" && brettspiel.RefusalOf(err) == nil {
		reason = ": " + e.Reason
	}
	if recordStep.MatchString(err.Error()) {
		return path + ": " + strings.TrimSuffix(words.English.Refusal(err), ".") + reason + "."
	}
	say := path + " is no game record that can be loaded"
	if e != nil && strings.HasPrefix(e.Input, "line ") {
		say += " (" + e.Input + ")"
	}
	return say + reason + "."
}

// recordStep finds a step of a record in the error of one that could not
// be loaded (the library's "record line 5, step …").
var recordStep = regexp.MustCompile(`record line \d+, step `)

// oneOf reports whether answer, in any case, is one of the words.
func oneOf(answer string, words []string) bool {
	a := strings.ToLower(answer)
	for _, w := range words {
		if a == w {
			return true
		}
	}
	return false
}

// fileError is an error of the system with a file, said in the language of
// t; it wraps the system's error.
type fileError struct {
	err error
	t   *text
}

func (e fileError) Error() string { return e.t.fileError(e.err) }
func (e fileError) Unwrap() error { return e.err }

// recordError is the error of a file that holds no game record to load, said
// in the language of t; it wraps the library's error.
type recordError struct {
	err  error
	path string
	t    *text
}

func (e recordError) Error() string {
	if say := e.t.badRecord(e.path, e.err); say != "" {
		return say
	}
	return e.err.Error()
}
func (e recordError) Unwrap() error { return e.err }
