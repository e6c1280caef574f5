// Command play plays any game of the module in the terminal, against a bot or a
// second person:
//
//	go run ./examples/play                       # a short bot game when not at a terminal
//	go run ./examples/play -game verkehren -opponent greedy
//	go run ./examples/play -opponent human       # two people at one keyboard
//
// At your turn the program draws the board — the points numbered as on the
// board, the Hucke marked, the dice — and lists the legal plays, numbered;
// type a number from the list or a play in the game's notation. Plays are
// shown in board points wherever they are told (the list, the plays made,
// the history), with the notation beside them: it counts in the mover's own
// track, which for Player 2 of Toccateglio and Verkehren is not the board's
// numbering. Seats are named as people count them: seat 0 is Player 1. The
// events and the end of the game are told in sentences (package words).
//
// Everything the program says is in English or German (-lang en|de; by
// default from $LANG): the board and its legends, the prompts, the lists,
// help, the answers to the commands and the program's own errors, with the
// rules' text in the same language. The terminal's own words are kept in a
// phrasebook per language (text.go), as package words keeps its sentences.
// The notation typed stays the same in both languages. A German session
// lists the German command words in its help (hilfe, brett, tipp, zurück,
// vor, verlauf, warum, regeln, tutor, wurf, speichern, laden, analyse, durchsicht,
// ende), points to them in its messages and takes the English ones too; it
// answers a question with j or ja as with y or yes, and writes numbers with
// a decimal comma.
//
// The commands:
//
//	NUMBER       play the move of that number in the list
//	MOVE         play a move typed in the game's notation (help shows it)
//	board        draw the board and the list of moves again
//	hint         the best moves by the strongest bot that ranks the game's
//	             plays (net-strongest in Toccateglio and Verkehren), with
//	             what each scores and the result it expects, in the game's
//	             unit; in the Festungsspiel the choices valued exactly
//	             (festung-best's policy), best first, with what each costs
//	undo         take back your last move, and the throws and the bots'
//	             moves after it; you choose again from the same throw
//	redo         play again what undo took back
//	history      the moves of the game so far
//	why [RULE…]  the text of a rule, e.g. "why T-M3"; alone, the rules named
//	             by the last error or, failing that, the last events
//	rules        the rules of this game by ID and title
//	tutor [LEVEL]  off, mild, strict or an amount in the game's unit: after
//	             a play of yours that loses more (package analysis), the
//	             tutor says what it cost, draws the board after the better
//	             play and offers to take yours back (also -tutor)
//	throw [auto|press]  your dice thrown for you (the default: a throw
//	             leaves no choice) or by Enter (also -throw)
//	save FILE    write the game record to FILE (asks before overwriting)
//	load FILE    go on with a saved game; undo reaches back into it
//	analyze [2]  review the game so far: each player's loss and luck, the
//	             worst decisions with the better play, in board points and
//	             the game's unit (2: a deeper look)
//	review [STEP]  the whole game step by step: each decision's play, cost
//	             and mark (?! doubtful, ? bad, ?? very bad), each throw's
//	             luck where marked, a line of Player 1's equity over the
//	             steps; STEP: the position before it, the better play, why
//	rollout [GAMES [TURNS]]  play GAMES games (1,296) by the net after each
//	             of the best plays (in the review the play made too), to the
//	             end or TURNS turns: each play's mean ± standard error
//	help         the commands, the notation of the game, how to enter moves
//	quit         leave the game (also exit); a game in play that changed
//	             since it was last saved is offered for saving first
//
// A word that is no command and no move is answered "unknown command";
// a move that is malformed or illegal is answered with the game's reason and,
// where the reason names a rule, that rule's title. Conceding (Verkehren's
// concede) asks for a confirmation first. When the game is over, the program
// offers to save its record and stays open for review: analyze, review, rollout,
// undo and redo, history; a finished record loaded (load, -load) opens the same way.
// A line longer than 4096 bytes is skipped with "line too long".
//
// When standard input is not a terminal and -i is not given, it plays a short
// game between two bots, printing the board and the events, and exits.
package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	_ "github.com/brettspiel/brettspiel/bot/festungbot" // festung-best joins the bots by name
	_ "github.com/brettspiel/brettspiel/bot/neural"     // the net levels join the bots by name
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/cli"
	"github.com/brettspiel/brettspiel/words"
)

func main() {
	cli.Exit("play", run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, stdinIsTerminal()))
}

// stdinIsTerminal reports whether standard input is a character device other
// than the null device: a terminal, as far as the standard library can tell.
func stdinIsTerminal() bool {
	fi, err := os.Stdin.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

type config struct {
	game, preset, opponent, dice, load string
	throw                              string // "press" or "auto"; "" for auto
	tutor                              string // off, mild, strict or an amount; "" for off
	lang                               words.Lang
	players, seat, turns               int
	seed                               uint64
	interactive                        bool
	schule                             bool // Toccateglio's Schule: the players mark their points (T-W5)
}

func run(argv []string, stdin io.Reader, stdout, stderr io.Writer, terminal bool) error {
	fs := cli.FlagSet("play", stderr)
	var c config
	fs.StringVar(&c.game, "game", defaultGame(), "game to play: "+strings.Join(catalog.Names(), ", "))
	fs.StringVar(&c.preset, "preset", "", "the game's preset (default: its first)")
	fs.IntVar(&c.players, "players", 0, "number of seats (default: the game's smallest)")
	fs.StringVar(&c.opponent, "opponent", "greedy", "the other seats: human or a bot, weakest first: "+strings.Join(bot.Names(), ", ")+" (the net- levels play Toccateglio and Verkehren, festung-best the Festungsspiel; elsewhere they play as greedy)")
	fs.IntVar(&c.seat, "seat", 0, "your seat, counted from 0: seat 0 is Player 1 (X in the race games), seat 1 Player 2")
	fs.StringVar(&c.dice, "dice", "auto", "auto: the program throws; manual: you type every throw")
	fs.StringVar(&c.throw, "throw", "", "with -dice auto: auto (your dice are thrown for you: a throw leaves no choice) or press (you press Enter to throw them); the command throw changes it during the game")
	fs.StringVar(&c.tutor, "tutor", "off", "after a play of yours that loses more than this, say so, show the better play and offer to take it back: off, mild (clear mistakes), strict (small slips too) or an amount in the game's unit (strokes, points, markers)")
	fs.Uint64Var(&c.seed, "seed", 0, "seed of the dice and bots (0: from the clock; the bot game uses 1)")
	fs.StringVar(&c.load, "load", "", "start from a saved game record")
	fs.IntVar(&c.turns, "turns", 40, "turns of the bot game before it stops")
	lang := fs.String("lang", langFromEnv(), "the language of everything the program says: en or de (default from $LANG)")
	fs.BoolVar(&c.interactive, "i", false, "play at the prompt even when standard input is not a terminal")
	fs.BoolVar(&c.schule, "schule", false, "Toccateglio: the players mark their own points and may send each other to school for points forgotten or marked too many (T-W5); a bot marks what is due and claims every error")
	if err := fs.Parse(argv); err != nil {
		return err
	}
	var err error
	if c.lang, err = words.Parse(*lang); err != nil {
		return fmt.Errorf("-lang %q: want en or de", *lang)
	}
	if c.dice != "auto" && c.dice != "manual" {
		return fmt.Errorf("-dice %q: want auto or manual", c.dice)
	}
	if c.throw != "" && c.throw != "press" && c.throw != "auto" {
		return fmt.Errorf("-throw %q: want press or auto", c.throw)
	}
	if !terminal && !c.interactive {
		if c.seed == 0 {
			c.seed = 1
		}
		return demo(c, stdout)
	}
	if c.seed == 0 {
		c.seed = uint64(time.Now().UnixNano())
	}
	s, err := newSession(c, stdin, stdout)
	if err != nil {
		return err
	}
	return s.loop()
}

// settings are the catalogue's settings that the flags choose.
func (c config) settings() []string {
	if c.schule {
		return []string{"schule=true"}
	}
	return nil
}

// defaultGame is the game played when -game is not given.
func defaultGame() string { return "toccateglio" }

// lookup finds a game of the catalogue by name.
func lookup(name string) (catalog.Variant, error) {
	v, ok := catalog.Lookup(name)
	if !ok {
		return v, fmt.Errorf("unknown game %q (have %s)", name, strings.Join(catalog.Names(), ", "))
	}
	return v, nil
}

// demo plays c.turns turns between the greedy and the random bot.
func demo(c config, out io.Writer) error {
	v, err := lookup(c.game)
	if err != nil {
		return err
	}
	g, err := catalog.NewWith(v.Name, c.preset, c.players, c.settings()...)
	if err != nil {
		return err
	}
	t := textIn(c.lang)
	fmt.Fprintf(out, "%s\n\n", t.demoTitle(v.Title, c.seed))
	r := rand.New(rand.NewPCG(c.seed, 0))
	turns := 0
	for g.ToMove() != brettspiel.Terminal && turns < c.turns {
		var m brettspiel.Move
		p := g.ToMove()
		if p == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		} else {
			var b bot.Bot = bot.Random{}
			if p == 0 {
				b = bot.Greedy{}
			}
			m = b.Choose(g, g.LegalMoves(), r)
			turns++
		}
		before, notation := g.Clone(), g.MoveString(m)
		if err := g.Apply(m); err != nil {
			return err
		}
		for _, l := range stepReport(c.lang, before, p, m, notation, g.Events()) {
			fmt.Fprintln(out, l)
		}
		if g.ToMove() >= 0 {
			fmt.Fprintf(out, "\n%s\n\n", drawBoard(c.lang, g))
		}
	}
	if g.ToMove() == brettspiel.Terminal {
		fmt.Fprintf(out, "\n%s\n%s\n", drawBoard(c.lang, g), gameOver(c.lang, g.Events()))
	} else {
		fmt.Fprintf(out, "\n%s\n", t.demoStopped(turns))
	}
	return nil
}

// diceText writes dice as the notation of a throw does, "6-2".
func diceText(dice []int) string {
	s := make([]string, len(dice))
	for i, d := range dice {
		s[i] = strconv.Itoa(d)
	}
	return strings.Join(s, "-")
}
