// Command play plays any game of the module in the terminal, against a bot or a
// second person:
//
//	go run ./examples/play                       # a short bot game when not at a terminal
//	go run ./examples/play -game verkehren -opponent greedy
//	go run ./examples/play -opponent human       # two people at one keyboard
//
// At your turn the program draws the board, shows the throw and the numbered
// legal plays; type a number or a play in the game's notation. Other commands:
// undo (take back your last move and what followed it), hint (the plays ranked
// by the search bot), save FILE and load FILE (game records; save asks before
// it overwrites a file), board, help, quit. Bad input is answered with the
// reason and a new prompt; a line longer than 4096 bytes is skipped with
// "line too long".
//
// When standard input is not a terminal and -i is not given, it plays a short
// game between two bots, printing the board and the events, and exits.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/examples/internal/bots"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, stdinIsTerminal()); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "play:", err)
		}
		os.Exit(2)
	}
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
	players, seat, turns               int
	seed                               uint64
	interactive                        bool
}

func run(argv []string, stdin io.Reader, stdout, stderr io.Writer, terminal bool) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.StringVar(&c.game, "game", defaultGame(), "game to play")
	fs.StringVar(&c.preset, "preset", "", "the game's preset (default: its first)")
	fs.IntVar(&c.players, "players", 0, "number of seats (default: the game's smallest)")
	fs.StringVar(&c.opponent, "opponent", "greedy", "the other seats: random, greedy, search, expectimax or human")
	fs.IntVar(&c.seat, "seat", 0, "your seat")
	fs.StringVar(&c.dice, "dice", "auto", "auto: the program throws; manual: you type every throw")
	fs.Uint64Var(&c.seed, "seed", 0, "seed of the dice and bots (0: from the clock; the bot game uses 1)")
	fs.StringVar(&c.load, "load", "", "start from a saved game record")
	fs.IntVar(&c.turns, "turns", 40, "turns of the bot game before it stops")
	fs.BoolVar(&c.interactive, "i", false, "play at the prompt even when standard input is not a terminal")
	if err := fs.Parse(argv); err != nil {
		return err
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
	g, err := catalog.New(v.Name, c.preset, c.players)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: greedy bot (seat 0) against random bots; seed %d\n\n", v.Name, c.seed)
	r := rand.New(rand.NewPCG(c.seed, 0))
	turns := 0
	for g.ToMove() != brettspiel.Terminal && turns < c.turns {
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		} else {
			var b bot.Bot = bot.Random{}
			if g.ToMove() == 0 {
				b = bot.Greedy{}
			}
			m = b.Choose(g, g.LegalMoves(), r)
			turns++
			fmt.Fprintf(out, "%v plays %s\n", g.ToMove(), g.MoveString(m))
		}
		if err := g.Apply(m); err != nil {
			return err
		}
		printEvents(out, g)
		if g.ToMove() >= 0 {
			fmt.Fprintf(out, "\n%s\n\n", g)
		}
	}
	if g.ToMove() == brettspiel.Terminal {
		fmt.Fprintf(out, "\n%s\n", gameOver(g))
	} else {
		fmt.Fprintf(out, "\nstopped after %d turns (-turns), returns so far %v\n", turns, g.Returns())
	}
	return nil
}

// gameOver says how a finished game ended: its returns, and "a draw" when
// every seat has the same return (a Verkehren game in which both players are
// Junker, say).
func gameOver(g brettspiel.Game) string {
	r := g.Returns()
	for _, v := range r[1:] {
		if v != r[0] {
			return fmt.Sprintf("game over, returns %v", r)
		}
	}
	return fmt.Sprintf("game over, a draw, returns %v", r)
}

func printEvents(out io.Writer, g brettspiel.Game) {
	for _, e := range g.Events() {
		fmt.Fprintf(out, "  %s\n", e)
	}
}

// session is an interactive game.
type session struct {
	c       config
	variant catalog.Variant
	g       brettspiel.Game
	start   brettspiel.Game // the game as it began, for saving records
	rec     brettspiel.Record
	bots    []bot.Bot // nil for a person's seat
	r       *rand.Rand
	in      *bufio.Reader
	out     io.Writer
	history []snapshot // states at the people's earlier decisions, for undo
}

type snapshot struct {
	g     brettspiel.Game
	steps int
}

func newSession(c config, stdin io.Reader, out io.Writer) (*session, error) {
	v, err := lookup(c.game)
	if err != nil {
		return nil, err
	}
	s := &session{c: c, variant: v, r: rand.New(rand.NewPCG(c.seed, 0)), in: bufio.NewReaderSize(stdin, maxLine), out: out}
	if err := s.newGame(c.preset, c.players); err != nil {
		return nil, err
	}
	if c.seat < 0 || c.seat >= s.g.NumPlayers() {
		return nil, fmt.Errorf("-seat %d: the game has seats 0…%d", c.seat, s.g.NumPlayers()-1)
	}
	s.bots = make([]bot.Bot, s.g.NumPlayers())
	if c.opponent != "human" {
		b, err := bots.Named(c.opponent)
		if err != nil {
			return nil, err
		}
		for p := range s.bots {
			if p != c.seat {
				s.bots[p] = b
			}
		}
	}
	if c.load != "" {
		if err := s.loadRecord(c.load); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (s *session) newGame(preset string, players int) error {
	g, err := catalog.New(s.variant.Name, preset, players)
	if err != nil {
		return err
	}
	rec, err := catalog.NewRecord(s.variant.Name, preset, g.NumPlayers())
	if err != nil {
		return err
	}
	s.g, s.start = g, g.Clone()
	s.rec = *rec
	s.history = nil
	return nil
}

func (s *session) say(format string, args ...any) { fmt.Fprintf(s.out, format+"\n", args...) }

// loop plays until the end of the game, quit, or the end of the input.
func (s *session) loop() error {
	s.say("%s — type help for the commands.", s.variant.Name)
	shownAt := -1 // the step count when the board was last shown
	for {
		p := s.g.ToMove()
		switch {
		case p == brettspiel.Terminal:
			s.say("\n%s\n%s", s.g, gameOver(s.g))
			return nil
		case p == brettspiel.Chance && s.c.dice != "manual":
			m, err := brettspiel.SampleChance(s.g, s.r)
			if err != nil {
				return err
			}
			s.apply(m, "throw")
			continue
		case p >= 0 && s.bots[p] != nil:
			m := s.bots[p].Choose(s.g, s.g.LegalMoves(), s.r)
			s.apply(m, p.String()+" plays")
			continue
		}
		if shownAt != len(s.rec.Steps) {
			s.show()
			shownAt = len(s.rec.Steps)
		}
		fmt.Fprint(s.out, "> ")
		line, err := s.readLine()
		if err == io.EOF {
			s.say("")
			return nil
		}
		var long lineTooLong
		if errors.As(err, &long) {
			s.say("%v", err)
			continue
		}
		if err != nil {
			return err
		}
		quit, err := s.command(line)
		if err != nil {
			s.say("%v", err)
		}
		if quit {
			return nil
		}
	}
}

// maxLine is the longest input line the session reads; a longer one is
// skipped with a message, not kept in memory.
const maxLine = 4096

// lineTooLong is the error of readLine for a line longer than maxLine.
type lineTooLong int

func (n lineTooLong) Error() string {
	return fmt.Sprintf("line too long (%d bytes; at most %d): ignored", int(n), maxLine)
}

// readLine reads a line of input, trimmed. A line longer than maxLine is
// read to its end and dropped: the error says so, and the next call reads
// the next line. At the end of the input it returns io.EOF.
func (s *session) readLine() (string, error) {
	var line []byte
	n := 0
	for {
		chunk, err := s.in.ReadSlice('\n')
		n += len(chunk)
		if n <= maxLine {
			line = append(line, chunk...)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && n > 0:
			// the last line has no line break
		case err != nil:
			return "", err
		}
		if n > maxLine {
			return "", lineTooLong(n)
		}
		return strings.TrimSpace(string(line)), nil
	}
}

func (s *session) apply(m brettspiel.Move, what string) {
	text := s.g.MoveString(m)
	if err := s.rec.Append(s.g, m); err != nil {
		s.say("%v", err)
		return
	}
	s.say("%s %s", what, text)
	printEvents(s.out, s.g)
}

// show draws the board and the choices of the person to move.
func (s *session) show() {
	p := s.g.ToMove()
	s.say("\n%s", s.g)
	if p == brettspiel.Chance {
		s.say("type the throw you see:")
		return
	}
	s.say("%v to play:", p)
	for i, m := range s.g.LegalMoves() {
		s.say("  %2d) %s", i+1, s.g.MoveString(m))
	}
}

// command carries out one line of input.
func (s *session) command(line string) (quit bool, err error) {
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch word {
	case "":
		return false, nil
	case "quit", "exit":
		return true, nil
	case "help":
		s.say("a number or a play in notation; undo; hint; save FILE; load FILE; board; quit")
		return false, nil
	case "board":
		s.show()
		return false, nil
	case "undo":
		return false, s.undo()
	case "hint":
		return false, s.hint()
	case "save":
		return false, s.save(arg)
	case "load":
		if err := s.loadRecord(arg); err != nil {
			return false, err
		}
		s.show()
		return false, nil
	}
	legal := s.g.LegalMoves()
	var m brettspiel.Move
	if n, err := strconv.Atoi(line); err == nil && s.g.ToMove() >= 0 && line[0] != '+' && line[0] != '-' {
		if n < 1 || n > len(legal) {
			return false, fmt.Errorf("no play numbered %d: choose 1…%d", n, len(legal))
		}
		m = legal[n-1]
	} else if m, err = s.g.ParseMove(line); err != nil {
		return false, err
	}
	if s.g.ToMove() >= 0 {
		s.history = append(s.history, snapshot{s.g.Clone(), len(s.rec.Steps)})
	}
	s.apply(m, s.g.ToMove().String()+" plays")
	return false, nil
}

func (s *session) undo() error {
	if len(s.history) == 0 {
		return errors.New("nothing to undo")
	}
	last := s.history[len(s.history)-1]
	s.history = s.history[:len(s.history)-1]
	s.g = last.g
	s.rec.Steps = s.rec.Steps[:last.steps]
	s.say("taken back")
	return nil
}

func (s *session) hint() error {
	if s.g.ToMove() < 0 {
		return errors.New("hints are for plays, not throws")
	}
	ranked := bot.Hint(s.g, bot.Expectimax{}, s.r)
	for i, rk := range ranked {
		if i == 5 {
			break
		}
		s.say("  %-12s %s", s.g.MoveString(rk.Move), rk.Reason)
	}
	return nil
}

// save writes the record to path. An existing file is overwritten only when
// the person says yes, and only if it is a regular file: the program does not
// write through a link or to a device.
func (s *session) save(path string) error {
	if path == "" {
		return errors.New("save needs a file name")
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if fi, err := os.Lstat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s exists and is not a regular file: not saved", path)
		}
		fmt.Fprintf(s.out, "%s exists; overwrite it? (y/N) ", path)
		answer, err := s.readLine()
		if err != nil && !errors.As(err, new(lineTooLong)) && err != io.EOF {
			return err
		}
		if a := strings.ToLower(answer); a != "y" && a != "yes" {
			s.say("not saved")
			return nil
		}
		flags = os.O_WRONLY | os.O_TRUNC
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return err
	}
	if _, err := s.rec.WriteTo(f, s.start); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	s.say("saved %d steps to %s", len(s.rec.Steps), path)
	return nil
}

func (s *session) loadRecord(path string) error {
	if path == "" {
		return errors.New("load needs a file name")
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rec, err := brettspiel.ParseRecord(f)
	if err != nil {
		return err
	}
	if v, _ := catalog.Lookup(rec.Game); v.Name != s.variant.Name {
		return fmt.Errorf("%s is a record of %s, not %s", path, rec.Game, s.variant.Name)
	}
	h, err := catalog.LoadHistory(rec)
	if err != nil {
		return err
	}
	s.g, s.start, s.rec, s.history = h.Game(), h.Start(), *rec, nil
	s.say("loaded %d steps from %s", len(rec.Steps), path)
	return nil
}
