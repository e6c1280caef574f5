package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
)

// session is an interactive game. The game lives in a History, so that undo
// and redo work the same for a game begun here and for one loaded from a
// record.
type session struct {
	c       config
	variant catalog.Variant
	h       *brettspiel.History
	g       brettspiel.Game // a copy of the position now, read by the commands; refreshed after every change
	bot     bot.Bot         // the opponents' bot; nil when every seat is a person
	bots    []bot.Bot       // per seat, nil for a person's seat
	r       *rand.Rand
	in      *bufio.Reader
	out     io.Writer
	changes int // counts the changes of the position, to know when to draw the board again

	// recent are the events printed since the person last gave a move, and
	// errRules the rules the last error named; why without an ID explains
	// these.
	recent   []brettspiel.Event
	errRules []string
}

func newSession(c config, stdin io.Reader, out io.Writer) (*session, error) {
	v, err := lookup(c.game)
	if err != nil {
		return nil, err
	}
	s := &session{c: c, variant: v, r: rand.New(rand.NewPCG(c.seed, 0)), in: bufio.NewReaderSize(stdin, maxLine), out: out}
	if c.opponent != "human" {
		if s.bot, err = bot.Named(c.opponent); err != nil {
			return nil, err
		}
	}
	h, err := catalog.NewHistory(v.Name, c.preset, c.players)
	if err != nil {
		return nil, err
	}
	if err := s.setHistory(h); err != nil {
		return nil, err
	}
	if c.load != "" {
		if err := s.loadRecord(c.load); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// setHistory makes h the session's game, with a bot on every seat but the
// person's. It refuses a game in which the person's seat does not exist, and
// then changes nothing.
func (s *session) setHistory(h *brettspiel.History) error {
	g := h.Game()
	n := g.NumPlayers()
	if s.c.seat < 0 || s.c.seat >= n {
		return fmt.Errorf("seat %d: the game has seats 0…%d", s.c.seat, n-1)
	}
	s.bots = make([]bot.Bot, n)
	if s.bot != nil {
		for p := range s.bots {
			if p != s.c.seat {
				s.bots[p] = s.bot
			}
		}
	}
	s.h, s.g = h, g
	s.changes++
	return nil
}

// typed reports whether the steps of actor p are typed at the prompt: a
// person's seat, or the dice when they are thrown by hand.
func (s *session) typed(p brettspiel.Player) bool {
	if p == brettspiel.Chance {
		return s.c.dice == "manual"
	}
	return p >= 0 && int(p) < len(s.bots) && s.bots[p] == nil
}

func (s *session) say(format string, args ...any) { fmt.Fprintf(s.out, format+"\n", args...) }

// loop plays until the end of the game, quit, or the end of the input.
func (s *session) loop() error {
	preset := ""
	if rec := s.h.Record(); rec != nil && rec.Preset != "" {
		preset = ", " + rec.Preset
	}
	if s.variant.MinPlayers != s.variant.MaxPlayers {
		preset += fmt.Sprintf(", %d players", s.g.NumPlayers())
	}
	who := fmt.Sprintf("you play seat %d against the %s bot", s.c.seat, s.c.opponent)
	if s.bot == nil {
		who = "every seat is played at this keyboard"
	}
	s.say("%s%s; %s — type help for the commands.", s.variant.Title, preset, who)
	shownAt := -1 // s.changes when the board was last shown
	for {
		p := s.g.ToMove()
		switch {
		case p == brettspiel.Terminal:
			s.say("\n%s\n%s", s.g, gameOver(s.g))
			return s.offerSave()
		case !s.typed(p):
			var m brettspiel.Move
			if p == brettspiel.Chance {
				var err error
				if m, err = brettspiel.SampleChance(s.g, s.r); err != nil {
					return err
				}
			} else {
				m = s.bots[p].Choose(s.g, s.g.LegalMoves(), s.r)
			}
			if err := s.apply(m); err != nil {
				return err
			}
			continue
		}
		if shownAt != s.changes {
			s.show()
			shownAt = s.changes
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
			s.fail(err)
		}
		if quit {
			return nil
		}
	}
}

// fail prints an error and, for an error of the games, the titles of the
// rules that refused (brettspiel.RulesOf), and keeps those rules for a why
// without an ID.
func (s *session) fail(err error) {
	s.say("%v", err)
	s.errRules = brettspiel.RulesOf(err)
	for _, id := range s.errRules {
		r, _ := lookupRule(id)
		s.say("  %s: %s (why %s tells more)", r.ID, r.Title, r.ID)
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

// ask prints a question and reads the answer; the end of the input or an
// overlong line is an empty answer.
func (s *session) ask(question string) (string, error) {
	fmt.Fprint(s.out, question)
	answer, err := s.readLine()
	if err == io.EOF || errors.As(err, new(lineTooLong)) {
		if err == io.EOF {
			s.say("")
		}
		return "", nil
	}
	return answer, err
}

// yes asks a yes-or-no question; anything but y or yes is no.
func (s *session) yes(question string) (bool, error) {
	a, err := s.ask(question)
	a = strings.ToLower(a)
	return a == "y" || a == "yes", err
}

// apply plays m through the history and prints it with its events.
func (s *session) apply(m brettspiel.Move) error {
	before := s.g
	if err := s.h.Apply(m); err != nil {
		return err
	}
	s.g = s.h.Game()
	s.changes++
	e, _ := s.h.Entry(s.h.Len() - 1)
	s.printEntry(before, e)
	s.recent = append(s.recent, e.Events...)
	return nil
}

// printEntry prints a step of the game, played from the position before:
// who did what — a play in the notation and, where that counts in the
// mover's own track, in board points — and its events.
func (s *session) printEntry(before brettspiel.Game, e brettspiel.HistoryEntry) {
	throw := ""
	switch d, _ := before.(brettspiel.Describer); {
	case e.Actor == brettspiel.Chance:
		s.say("throw %s", e.Notation)
		throw = e.Notation
	case s.boardSteps(d, e.Move) != "":
		s.say("%v plays %s (board %s)", e.Actor, e.Notation, s.boardSteps(d, e.Move))
	default:
		s.say("%v plays %s", e.Actor, e.Notation)
	}
	printEvents(s.out, e.Events, throw)
}

// show draws the board and the choices of the person to move.
func (s *session) show() {
	p := s.g.ToMove()
	s.say("\n%s", s.g)
	if p == brettspiel.Terminal {
		return
	}
	if p == brettspiel.Chance {
		s.say("type the throw you see:")
		return
	}
	s.say("%v to play:", p)
	d, _ := s.g.(brettspiel.Describer)
	for i, m := range s.g.LegalMoves() {
		line := fmt.Sprintf("  %2d) %s", i+1, s.g.MoveString(m))
		if board := s.boardSteps(d, m); board != "" {
			line = fmt.Sprintf("%-24s board %s", line, board)
		}
		s.say("%s", line)
	}
}

// boardSteps renders the steps of a play in board points, "24→18 20→18",
// when they differ from the notation's points (the mover's own track);
// otherwise, and for moves that are no plays, it returns "".
func (s *session) boardSteps(d brettspiel.Describer, m brettspiel.Move) string {
	if d == nil {
		return ""
	}
	info, err := d.Describe(m)
	if err != nil || info.Kind != brettspiel.MovePlay {
		return ""
	}
	// Toccateglio has no bar: its stones wait in the hand (T-S4).
	bar := "bar"
	if s.variant.Name == "toccateglio" {
		bar = "hand"
	}
	differ := false
	parts := make([]string, len(info.Steps))
	for i, st := range info.Steps {
		differ = differ || st.From != st.TrackFrom || st.To != st.TrackTo
		parts[i] = place(st.From, bar) + "→" + place(st.To, bar)
		if st.Flags&brettspiel.StepHit != 0 {
			parts[i] += "*"
		}
	}
	if !differ {
		return ""
	}
	return strings.Join(parts, " ")
}

// place names a place of a race board as the events do; bar is the name of
// the place before the points.
func place(p int, bar string) string {
	switch p {
	case brettspiel.Bar:
		return bar
	case brettspiel.Off:
		return "off"
	}
	return strconv.Itoa(p)
}

// command carries out one line of input.
func (s *session) command(line string) (quit bool, err error) {
	// the first word is the command, the rest its argument; line is
	// trimmed, so it begins with that word
	word := ""
	if f := strings.Fields(line); len(f) > 0 {
		word = f[0]
	}
	arg := strings.TrimSpace(line[len(word):])
	switch strings.ToLower(word) {
	case "":
		return false, nil
	case "quit", "exit":
		return true, nil
	case "help", "?":
		s.help()
		return false, nil
	case "board":
		s.show()
		return false, nil
	case "undo":
		return false, s.undo()
	case "redo":
		return false, s.redo()
	case "history":
		s.history()
		return false, nil
	case "hint":
		return false, s.hint()
	case "why":
		return false, s.why(arg)
	case "analyze":
		return false, s.analyze(arg)
	case "rules":
		s.listRules()
		return false, nil
	case "save":
		_, err := s.save(arg)
		return false, err
	case "load":
		if err := s.loadRecord(arg); err != nil {
			return false, err
		}
		s.show()
		return false, nil
	}
	m, err := s.parse(line)
	if err != nil {
		return false, err
	}
	if d, ok := s.g.(brettspiel.Describer); ok {
		if info, err := d.Describe(m); err == nil && info.Kind == brettspiel.MoveConcede {
			sure, err := s.yes("really concede? (y/n) ")
			if err != nil {
				return false, err
			}
			if !sure {
				s.say("not conceded; play on")
				return false, nil
			}
		}
	}
	s.recent, s.errRules = nil, nil
	return false, s.apply(m)
}

// parse reads a move: a number from the list, or the game's notation. A word
// that is neither a command nor anything like a move is an unknown command;
// everything else gets the game's own error, which says what is wrong.
func (s *session) parse(line string) (brettspiel.Move, error) {
	if n, err := strconv.Atoi(line); err == nil && s.g.ToMove() >= 0 && line[0] != '+' && line[0] != '-' {
		legal := s.g.LegalMoves()
		if n < 1 || n > len(legal) {
			return brettspiel.NoMove, fmt.Errorf("no play numbered %d: choose 1…%d", n, len(legal))
		}
		return legal[n-1], nil
	}
	m, err := s.g.ParseMove(line)
	if err != nil && errors.Is(err, brettspiel.ErrBadNotation) && !moveLike(s.variant.Name, line) {
		word := strings.Fields(line)[0]
		return brettspiel.NoMove, fmt.Errorf("unknown command %s, type help", brettspiel.Quote(word))
	}
	return m, err
}

// undo takes back the last step typed at the prompt — a person's move, with
// the throws and the bots' moves after it, or a throw typed by hand — so
// that the person chooses again from the same position.
func (s *session) undo() error {
	for i := s.h.Len() - 1; i >= 0; i-- {
		e, _ := s.h.Entry(i)
		if !s.typed(e.Actor) {
			continue
		}
		n := 0
		if e.Actor >= 0 {
			n = s.h.Takeback(e.Actor)
		} else {
			for s.h.Len() > i && s.h.Undo() {
				n++
			}
		}
		if n == 0 {
			break
		}
		s.g = s.h.Game()
		s.changes++
		s.recent, s.errRules = s.lastEvents(), nil
		what := fmt.Sprintf("%v's %s", e.Actor, e.Notation)
		if e.Actor == brettspiel.Chance {
			what = "the throw " + e.Notation
		}
		if n > 1 {
			s.say("taken back: %s and the %d steps after it (redo plays them again)", what, n-1)
		} else {
			s.say("taken back: %s (redo plays it again)", what)
		}
		return nil
	}
	return errors.New("nothing to undo: no move of yours in this game")
}

// redo plays again what the last undo took back, up to the next step typed
// at the prompt.
func (s *session) redo() error {
	if s.h.RedoLen() == 0 {
		return errors.New("nothing to redo")
	}
	for s.h.RedoLen() > 0 && s.h.Redo() {
		before := s.g
		s.g = s.h.Game()
		s.changes++
		e, _ := s.h.Entry(s.h.Len() - 1)
		s.printEntry(before, e)
		if p := s.h.ToMove(); s.typed(p) || p == brettspiel.Terminal {
			break
		}
	}
	s.recent, s.errRules = s.lastEvents(), nil
	return nil
}

// lastEvents returns the events of the last step of the history.
func (s *session) lastEvents() []brettspiel.Event {
	if s.h.Len() == 0 {
		return nil
	}
	e, _ := s.h.Entry(s.h.Len() - 1)
	return e.Events
}

// history prints the moves so far, numbered.
func (s *session) history() {
	if s.h.Len() == 0 {
		s.say("no moves yet")
		return
	}
	for i, e := range s.h.All() {
		who := e.Actor.String()
		if e.Actor == brettspiel.Chance {
			who = "throw"
		}
		s.say("%4d. %-9s %s", i+1, who, e.Notation)
	}
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

// offerSave asks at the end of a game for a file to save its record to,
// until it is saved or the answer is empty (or no).
func (s *session) offerSave() error {
	for {
		path, err := s.ask("save the game? file name or empty to skip: ")
		if a := strings.ToLower(path); err != nil || a == "" || a == "n" || a == "no" {
			return err
		}
		saved, err := s.save(path)
		if err != nil {
			s.fail(err)
		}
		if saved {
			return nil
		}
	}
}

// save writes the record to path and reports whether it did. An existing
// file is overwritten only when the person says yes, and only if it is a
// regular file: the program does not write through a link or to a device.
// A new file is created exclusively. An existing one is replaced by a
// temporary file beside it, renamed over the name, so that a link put in its
// place while the question is open is replaced, never followed.
func (s *session) save(path string) (bool, error) {
	if path == "" {
		return false, errors.New("save needs a file name")
	}
	replace := false
	if fi, err := os.Lstat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return false, fmt.Errorf("%s exists and is not a regular file: not saved", path)
		}
		sure, err := s.yes(fmt.Sprintf("%s exists; overwrite it? (y/N) ", path))
		if err != nil {
			return false, err
		}
		if !sure {
			s.say("not saved")
			return false, nil
		}
		replace = true
	}
	rec := s.h.Record()
	var f *os.File
	var err error
	if replace {
		f, err = os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	} else {
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	}
	if err != nil {
		return false, err
	}
	_, err = rec.WriteTo(f, s.h.Start())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && replace {
		if err = os.Chmod(f.Name(), 0o644); err == nil {
			err = os.Rename(f.Name(), path)
		}
	}
	if err != nil {
		if replace {
			os.Remove(f.Name())
		}
		return false, err
	}
	s.say("saved %d steps to %s", len(rec.Steps), path)
	return true, nil
}

// loadRecord goes on with the game of a record file. The record is replayed
// into a new history, so that undo reaches back into it. On error the game
// in play stays.
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
	if err := s.setHistory(h); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	s.recent, s.errRules = s.lastEvents(), nil
	s.say("loaded %d steps from %s", h.Len(), path)
	return nil
}
