package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/words"
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
	savedAt int // changes when the game was last saved or loaded; quit offers a save after a change
	// savedSteps are the steps of the game when it was last saved or
	// loaded: the end offers a save only for a game that differs, not for
	// one walked back and forth in review
	savedSteps string
	// offeredSteps are the steps of the game when its end last offered the
	// save: an end reached again by redo, the same game, is not asked again
	offeredSteps string

	// recent are the events printed since the person last gave a move, and
	// errRules the rules the last error named; why without an ID explains
	// these.
	recent   []brettspiel.Event
	errRules []string

	// tutorAt is how much a person's play may lose before the tutor
	// speaks, in the game's unit; −1 when the tutor is off.
	tutorAt float64
}

func newSession(c config, stdin io.Reader, out io.Writer) (*session, error) {
	v, err := lookup(c.game)
	if err != nil {
		return nil, err
	}
	s := &session{c: c, variant: v, r: rand.New(rand.NewPCG(c.seed, 0)), in: bufio.NewReaderSize(stdin, maxLine), out: out, tutorAt: -1}
	if c.tutor != "" {
		var ok bool
		if s.tutorAt, ok = parseTutor(c.tutor, v.Name); !ok {
			return nil, fmt.Errorf("-tutor %q: want off, mild, strict or an amount in %s", c.tutor, unit(words.English, v.Name))
		}
	}
	if c.opponent != "human" {
		if s.bot, err = bot.Named(c.opponent); err != nil {
			return nil, err
		}
	}
	h, err := catalog.NewHistoryWith(v.Name, c.preset, c.players, c.settings()...)
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
		return errors.New(s.t().badSeat(s.c.seat, n-1))
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

// pressToThrow reports whether the game waits for the person to press
// Enter to throw: the dice are thrown by the program (-dice auto), the
// throw is a person's (the seat to throw is no bot's) and -throw (or the
// command throw) is press. By default the dice are thrown for everyone:
// a throw offers no choice, and a whole Festungsspiel needs no key.
func (s *session) pressToThrow() bool {
	if s.g.ToMove() != brettspiel.Chance || s.c.dice != "auto" {
		return false
	}
	p := s.thrower()
	return s.throwSetting() == "press" && p >= 0 && int(p) < len(s.bots) && s.bots[p] == nil
}

// thrower returns the seat whose throw the dice decide now, or Nobody.
func (s *session) thrower() brettspiel.Player {
	if t, ok := s.g.(interface{ Turn() brettspiel.Player }); ok {
		return t.Turn()
	}
	return brettspiel.Nobody
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
	t := s.t()
	if s.variant.MinPlayers != s.variant.MaxPlayers {
		preset += t.players(s.g.NumPlayers())
	}
	who := t.youAre(s.seatLabel(brettspiel.Player(s.c.seat)), in(t.botNames, s.c.opponent))
	if s.bot == nil {
		who = t.everySeat
	}
	s.say("%s", t.greeting(s.variant.Title, preset, who))
	shownAt := -1 // s.changes when the board was last shown
	for {
		p := s.g.ToMove()
		switch {
		case p == brettspiel.Terminal:
			// the end, once for each time the game gets there: the save is
			// offered (unless nothing changed since the record was loaded
			// or saved, or this same game was offered already: an end
			// reached again by redo), and the game stays open for review
			if shownAt != s.changes {
				shownAt = s.changes
				s.say("\n%s\n%s", drawBoard(s.c.lang, s.g), gameOver(s.c.lang, s.lastEvents()))
				if steps := s.steps(); s.changes != s.savedAt && steps != s.savedSteps && steps != s.offeredSteps {
					s.offeredSteps = steps
					if quit, err := s.offerSave(); err != nil || quit {
						return err
					}
				}
				s.say("%s", t.reviewNow)
			}
		case !s.typed(p) && !s.pressToThrow():
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
			s.say("%s", t.lineTooLong(int(long), maxLine))
			continue
		}
		if err != nil {
			return err
		}
		if line == "" && s.pressToThrow() {
			m, err := brettspiel.SampleChance(s.g, s.r)
			if err != nil {
				return err
			}
			s.recent, s.errRules = nil, nil
			if err := s.apply(m); err != nil {
				return err
			}
			continue
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
	s.say("%s", refusal(s.c.lang, err))
	s.errRules = brettspiel.RulesOf(err)
	for _, id := range s.errRules {
		r, _ := s.lookupRule(id)
		s.say("%s", s.t().ruleNamed(r.ID, r.Title))
	}
}

// maxLine is the longest input line the session reads; a longer one is
// skipped with a message, not kept in memory.
const maxLine = 4096

// lineTooLong is the error of readLine for a line longer than maxLine.
type lineTooLong int

func (n lineTooLong) Error() string {
	return english.lineTooLong(int(n), maxLine)
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

// yes asks a yes-or-no question; anything but a yes of the language (y or
// yes; in German also j or ja) is no.
func (s *session) yes(question string) (bool, error) {
	a, err := s.ask(question)
	return oneOf(a, s.t().yes), err
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
	s.tutorForgot(e.Events)
	return nil
}

// printEntry prints a step of the game, played from the position before:
// who did what, in board points, and its events (stepReport).
func (s *session) printEntry(before brettspiel.Game, e brettspiel.HistoryEntry) {
	for _, l := range stepReport(s.c.lang, before, e.Actor, e.Move, e.Notation, e.Events) {
		s.say("%s", l)
	}
}

// show draws the board and the choices of the person to move.
func (s *session) show() {
	p, t := s.g.ToMove(), s.t()
	s.say("\n%s", drawBoard(s.c.lang, s.g))
	if p == brettspiel.Terminal {
		return
	}
	if s.pressToThrow() {
		s.say("%s", t.yourThrow(seatName(s.c.lang, s.thrower())))
		return
	}
	if p == brettspiel.Chance {
		s.say("%s", t.typeThrow)
		return
	}
	s.say("%s", t.yourChoice(seatName(s.c.lang, p)))
	for i, m := range s.g.LegalMoves() {
		s.say("%s", listLine(s.c.lang, s.g, i+1, m))
	}
	if schuleStep(s.g) != 0 {
		s.say("%s", t.schuleWhy)
	}
}

// listLine is the line of a legal move in the list: its number, a play's
// steps in board points and its notation to type, "  1) 24→23 24→21
// type 1/2 1/4"; other moves by their notation.
func listLine(l words.Lang, g brettspiel.Game, n int, m brettspiel.Move) string {
	if steps, ok := boardSteps(l, g, m); ok {
		return textIn(l).listPlay(n, steps, g.MoveString(m))
	}
	if what := fieldChoice(l, g, m); what != "" {
		return fmt.Sprintf("  %2d) %-10s %s", n, g.MoveString(m), what)
	}
	if what := schuleWords(l, g, m); what != "" {
		return fmt.Sprintf("  %2d) %-10s %s", n, g.MoveString(m), what)
	}
	if what := textIn(l).moveWords[g.MoveString(m)]; what != "" {
		return fmt.Sprintf("  %2d) %-10s %s", n, g.MoveString(m), what)
	}
	return fmt.Sprintf("  %2d) %s", n, g.MoveString(m))
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
	t := s.t()
	word = strings.ToLower(word)
	if c, ok := t.synonyms[word]; ok {
		word = c
	}
	if strings.EqualFold(strings.Join(strings.Fields(line), " "), "give up") {
		word = "resign"
	}
	switch word {
	case "":
		return false, nil
	case "quit", "exit":
		return s.quit()
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
	case "rollout":
		return false, s.rollout(arg)
	case "review":
		return false, s.review(arg)
	case "tutor":
		return false, s.setTutor(arg)
	case "throw":
		return false, s.setThrow(arg)
	case "rules":
		s.listRules()
		return false, nil
	case "resign":
		return false, s.giveUp()
	case "save":
		_, err := s.save(arg)
		return false, err
	case "load":
		// the loop draws the loaded position once it is the person's turn
		return false, s.loadRecord(arg)
	}
	if s.pressToThrow() {
		return false, errors.New(t.pressEnter)
	}
	m, err := s.parse(line)
	if err != nil {
		if n, steps, notation := s.asBoardPoints(line); n > 0 {
			return false, withNote{err, t.boardPoints(steps, n, notation)}
		}
		return false, err
	}
	if d, ok := s.g.(brettspiel.Describer); ok {
		if info, err := d.Describe(m); err == nil && info.Kind == brettspiel.MoveConcede {
			sure, err := s.yes(t.concede)
			if err != nil {
				return false, err
			}
			if !sure {
				s.say("%s", t.notConceded)
				return false, nil
			}
		}
	}
	s.recent, s.errRules = nil, nil
	before := s.g
	if err := s.apply(m); err != nil {
		return false, err
	}
	return false, s.tutor(before)
}

// giveUp gives up for the person to move, as the game's rules allow (T-W6,
// V-W2), after asking. Where the rules want the other's consent, the other
// at this screen (a bot, or the person beside) is taken to agree.
func (s *session) giveUp() error {
	t := s.t()
	gu, ok := s.g.(brettspiel.GiveUpper)
	if !ok {
		return errors.New(t.noGiveUp)
	}
	m, agreed, err := gu.GiveUpMove(s.g.ToMove())
	if err != nil {
		return err
	}
	if agreed {
		s.say("%s", t.giveUpAgreed)
	}
	sure, err := s.yes(t.concede)
	if err != nil || !sure {
		if err == nil {
			s.say("%s", t.notConceded)
		}
		return err
	}
	s.recent, s.errRules = nil, nil
	return s.apply(m)
}

// asBoardPoints finds the legal play whose steps in board points are those
// of line read as board points ("24/20 24/19"), for a person who typed what
// the board shows where the notation counts in his own track. It returns
// the play's number in the list, its steps and its notation; n is 0 when
// no play matches.
func (s *session) asBoardPoints(line string) (n int, steps, notation string) {
	if s.g.ToMove() < 0 {
		return 0, "", ""
	}
	typed := strings.Fields(strings.NewReplacer("/", "→", "*", "").Replace(strings.ToLower(line)))
	if len(typed) == 0 {
		return 0, "", ""
	}
	for i, m := range s.g.LegalMoves() {
		st, ok := boardSteps(s.c.lang, s.g, m)
		if ok && sameMultiset(strings.Fields(strings.ToLower(strings.ReplaceAll(st, "*", ""))), typed) {
			return i + 1, st, s.g.MoveString(m)
		}
	}
	return 0, "", ""
}

// sameMultiset reports whether a and b hold the same words, in any order.
func sameMultiset(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[string]int{}
	for _, w := range a {
		count[w]++
	}
	for _, w := range b {
		if count[w]--; count[w] < 0 {
			return false
		}
	}
	return true
}

// parse reads a move: a number from the list, or the game's notation. A word
// that is neither a command nor anything like a move is an unknown command;
// everything else gets the game's own error, which says what is wrong.
func (s *session) parse(line string) (brettspiel.Move, error) {
	if n, err := strconv.Atoi(line); err == nil && s.g.ToMove() >= 0 && line[0] != '+' && line[0] != '-' {
		legal := s.g.LegalMoves()
		if n < 1 || n > len(legal) {
			return brettspiel.NoMove, errors.New(s.t().noPlay(n, len(legal)))
		}
		return legal[n-1], nil
	}
	m, err := s.g.ParseMove(line)
	if err != nil && errors.Is(err, brettspiel.ErrBadNotation) && !moveLike(s.variant.Name, line) {
		word := strings.Fields(line)[0]
		return brettspiel.NoMove, errors.New(s.t().unknown(quote.Quote(word)))
	}
	if err != nil && s.g.ToMove() == brettspiel.Chance {
		return m, notAThrow{err, s.variant.Name}
	}
	return m, err
}

// undo takes back the last step typed at the prompt — a person's move, with
// the throws and the bots' moves after it, or a throw typed by hand — so
// that the person chooses again from the same position.
func (s *session) undo() error {
	t := s.t()
	for i := s.h.Len() - 1; i >= 0; i-- {
		e, _ := s.h.Entry(i)
		if !s.typed(e.Actor) {
			continue
		}
		what := t.undoMove(seatName(s.c.lang, e.Actor), e.Notation)
		if before, ok := s.h.Before(i); ok {
			if steps, ok := boardSteps(s.c.lang, before, e.Move); ok {
				what = t.undoPlay(seatName(s.c.lang, e.Actor), steps, e.Notation)
			}
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
		if e.Actor == brettspiel.Chance {
			what = t.undoThrow(e.Notation)
		}
		s.say("%s", t.takenBack(what, n-1))
		return nil
	}
	return errors.New(t.nothingUndo)
}

// redo plays again what the last undo took back, up to the next step typed
// at the prompt.
func (s *session) redo() error {
	if s.h.RedoLen() == 0 {
		return errors.New(s.t().nothingRedo)
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

// history prints the moves so far, numbered: throws as thrown, plays in
// board points with their notation beside.
func (s *session) history() {
	t := s.t()
	if s.h.Len() == 0 {
		s.say("%s", t.noMoves)
		return
	}
	for i, e := range s.h.All() {
		who, what := seatName(s.c.lang, e.Actor), e.Notation
		if e.Actor == brettspiel.Chance {
			who = t.diceActor
		} else if before, ok := s.h.Before(i); ok {
			if steps, ok := boardSteps(s.c.lang, before, e.Move); ok {
				what = t.historyPlay(steps, e.Notation)
			}
		}
		s.say("%s", t.historyLine(i+1, who, what))
	}
}

// seatLabel names a seat for the greeting: "Player 2 (O)" in the race
// games, whose stones are X and O, "Player 2" elsewhere.
func (s *session) seatLabel(p brettspiel.Player) string {
	if s.g.NumPlayers() == 2 && s.variant.Name != "festung" {
		return raceName(s.c.lang, int(p))
	}
	return seatName(s.c.lang, p)
}

// atSchule reports whether g waits for a decision of Toccateglio's Schule
// (T-W5): a declaration of points, or the answer to one or to a claim.
func atSchule(g brettspiel.Game) bool {
	r, ok := g.(kit.RuleMover)
	if !ok {
		return false
	}
	_, ok = r.RuleMove()
	return ok
}

// schuleWords says what a move of the Schule does, for the list; "" for
// any other move.
func schuleWords(l words.Lang, g brettspiel.Game, m brettspiel.Move) string {
	if !atSchule(g) {
		return ""
	}
	t := textIn(l)
	word, n, _ := strings.Cut(g.MoveString(m), " ")
	switch word {
	case "mark":
		return t.schuleMark(n)
	case "schule":
		return t.schuleClaim(n)
	case "right":
		return t.schuleRight
	case "pass":
		return t.schulePass
	}
	return ""
}
