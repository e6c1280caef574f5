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
	// noGiveUp: the game's rules have no giving up; giveUpAgreed: giving
	// up now needs the other's consent, taken as given at one screen.
	noGiveUp     string
	giveUpAgreed string
	yes          []string // answers that say yes
	no           []string // answers that say no, where a file name could stand
	noPlay       func(n, max int) string
	unknown      func(word string) string
	undoPlay     func(who, steps, notation string) string
	undoMove     func(who, notation string) string
	undoThrow    func(notation string) string
	takenBack    func(what string, after int) string
	nothingUndo  string
	nothingRedo  string
	noMoves      string
	diceActor    string // the dice in the history's column of who moved
	historyPlay  func(steps, notation string) string
	historyLine  func(n int, who, what string) string
	notOver      string
	reviewNow    string // after the end: the commands that review the game

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
	// at a decision of the Schule: how to ask for the rules of what may
	// be marked at its step, and the head of their texts (never what is due)
	schuleWhy, schuleRulesHead string
	onePlay                    func(notation string) string
	hintTitle                  func(bot, unit string) string
	hintLine                   func(what, reason string, value float64, unit string) string
	hintTyped                  func(steps, notation string) string
	// the Festungsspiel's hint: the outer works' number, a choice with
	// what it does, its expected markers and its cost against the best
	festungHintTitle func(number, unit string) string
	festungHintLine  func(field string, fortress int, value, cost float64, unit string) string
	// festungHintSame is a choice worth as much as the one above it, same;
	// all says that every player may take from both fortresses from now on
	festungHintSame func(field string, fortress int, value float64, unit, same string, all bool) string
	hintScores      func(scores []bot.Score) string // what a play scores at once, in the language
	analyzeEntry    [2]string
	analyzeArg      func(arg string) string
	analysis        func(steps int, judge, unit string) string // judge is package analysis's Report.Judge
	ratings         map[string]string
	roleBot         string
	roleYou         string
	rolePerson      string
	noRating        string
	playerLine      func(who, role string, decisions int, rate, loss, luck float64, throws int, rating, unit string) string
	noLoss          string
	worstTitle      string
	worstLine       func(step int, who, played string, value float64, best string, bestValue, loss float64, unit string) string
	luckLine        func(lucky bool, step int, notation, who string, luck float64, unit string) string

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
	concede:      "really concede? (y/n) ",
	notConceded:  "not conceded; play on",
	noGiveUp:     "the Festungsspiel has no giving up: a game ends by the agreement of all at the table (quit)",
	giveUpAgreed: "a Band of yours stands on your own side: giving up needs the other's consent (V-W2), which a game at one screen takes as given",
	yes:          []string{"y", "yes"},
	no:           []string{"n", "no"},
	noPlay:       func(n, max int) string { return fmt.Sprintf("no play numbered %d: choose 1…%d", n, max) },
	unknown:      func(word string) string { return fmt.Sprintf("unknown command %s, type help", word) },
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
	reviewNow:   "Review the game: analyze judges it, undo and redo walk through it, history lists it,\nreview marks each step; quit leaves.",
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
		{"why [RULE…]", "a rule's text (why T-M3); alone: the rules just named, at the Schule those of what may be marked"},
		{"rules", "the rules of this game by ID and title"},
		{"tutor [LEVEL]", "the tutor: off, mild, strict, or the amount a play may lose"},
		{"throw [auto|press]", "your dice thrown for you, or by Enter"},
		{"resign", "give the Partie (Toccateglio, T-W6) or the game (Verkehren, V-W2) up, after asking; also give up"},
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
	schuleWhy:   "  why        the rules of what may be marked at this step",
	schuleRulesHead: "What may be marked at this step, by the rules; how much is due is for you " +
		"to find:",
	wasDue:  "What was due:",
	onePlay: func(notation string) string { return "there is one play only: " + notation },
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
	hintScores: englishScores,
	festungHintSame: func(field string, fortress int, value float64, unit, same string, all bool) string {
		line := fmt.Sprintf("  %-7s (fortress %d)  %+.2f %s, as good as %s", field, fortress, value, unit, same)
		if all {
			line += "\n          (every player may take from both fortresses from now on)"
		}
		return line
	},
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
		// the rating grades the decisions: it follows their line, on its
		// own (the lines keep within 80 columns)
		if rating != "" && decisions > 0 {
			rating = "rating: " + rating
		}
		if rating != "" {
			rating = "\n      " + rating
		}
		return fmt.Sprintf("  %s (%s): lost %.3f %s in %s (%.3f each)%s\n      luck %+.3f in %s",
			who, role, loss, unit, count(decisions, "decision", "decisions"), rate, rating, luck, count(throws, "throw", "throws"))
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
