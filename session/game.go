package session

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/words"
)

// Dice modes of a [Config].
const (
	// DiceSeeded: the dice are thrown from the game's seed (see [Rand]).
	DiceSeeded = "seeded"
	// DiceManual: the throws are physical dice entered by hand
	// ([Game.ThrowDice]); [Game.Advance] stops at every throw.
	DiceManual = "manual"
)

// Person is the name of a seat played by a person in [Config.Seats].
const Person = "person"

// Config sets a game up: the rules (as package catalog names them), the seed
// of its dice and bots, who sits at each seat and how the dice are thrown.
// The zero values choose the defaults: the variant's first preset, its
// fewest seats, a fresh seed, people on every seat, seeded dice.
type Config struct {
	// Variant is the game's name in the catalogue, e.g. "verkehren".
	Variant string `json:"variant"`
	// Preset is one of the variant's presets; "" is its first.
	Preset string `json:"preset,omitempty"`
	// Players is the seat count; 0 is the fewest the variant allows.
	Players int `json:"players,omitempty"`
	// Seed seeds the dice and the bots ([SeedOf]); nil draws a fresh seed
	// (from crypto/rand where the build has it). An owned game keeps its
	// seed secret while it runs, the caller's too.
	Seed *Seed `json:"seed,omitempty"`
	// Seats names who plays each seat: [Person] (or "") for a person, a
	// bot's name (bot.Names) for a bot. Seats beyond the list are people's.
	Seats []string `json:"seats,omitempty"`
	// Dice is [DiceSeeded] (or "") or [DiceManual].
	Dice string `json:"dice,omitempty"`
	// Lang is the language of the game's sentences for players (the
	// events of its log, the end, why a move is refused): a tag that
	// words.Parse reads, "en" (or "") or "de". In the arguments of
	// newGame it is the key "lang" of the [View].
	Lang string `json:"-"`
	// Owned makes the people's seats seats to claim ([Game.Claim]): each
	// call that acts for a seat then carries the seat's secret, and a
	// caller without one only watches. false is a game for one screen,
	// where every caller plays every person's seat.
	Owned bool `json:"owned,omitempty"`
	// Clock is the game's time control; nil plays without clocks.
	Clock *TimeControl `json:"clock,omitempty"`
	// Settings are rules chosen beside the preset, each by its name in
	// catalog.Settings (e.g. "schule=true": Toccateglio's Schule, T-W5);
	// "games" lists each game's. A record keeps them; loadRecord and loadID
	// take them from the record or the ID.
	Settings []string `json:"settings,omitempty"`
	// Now is the game's clock; nil is time.Now (a table's calls give the
	// table's Options.Now). Tests inject their own.
	Now func() time.Time `json:"-"`
	// MaxWatchers bounds the game's watchers ([Game.Watch]); 0 means
	// [DefaultMaxWatchers] (a table's calls give Options.MaxWatchers).
	MaxWatchers int `json:"-"`
}

// Seed is a game's seed: in JSON a number or a string of decimal digits
// (JavaScript's numbers hold 53 bits, a seed 64).
type Seed uint64

// UnmarshalJSON reads a whole number 0…2⁶⁴−1, as a JSON number or a
// string of decimal digits.
func (s *Seed) UnmarshalJSON(b []byte) error {
	text := string(b)
	if len(text) >= 2 && text[0] == '"' && text[len(text)-1] == '"' {
		text = text[1 : len(text)-1]
	}
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return bad("seed", string(b), ErrBadCall, "want a whole number 0…18446744073709551615, as a number or a string of digits")
	}
	*s = Seed(n)
	return nil
}

// MarshalJSON writes the seed as a string of decimal digits, which
// JavaScript reads without loss.
func (s Seed) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatUint(uint64(s), 10) + `"`), nil
}

// Purpose tells the random streams of a game apart, for [Rand].
type Purpose uint64

const (
	// Dice is the stream of the seeded throws.
	Dice Purpose = 0
	// Bots is the stream the bots and hints draw from.
	Bots Purpose = 1
)

// Rand returns the random source for the step after n steps of a game with
// the given seed, for one purpose: PCG seeded with (seed, 2n+purpose). The
// throw after n steps is what brettspiel.SampleChance draws from
// Rand(seed, n, Dice), a bot's move after n steps draws from Rand(seed, n,
// Bots). Every step has its own source, so the same seed and the same moves
// give the same game, and undoing a throw and throwing again gives the
// same numbers: undo is no way to throw again.
func Rand(seed uint64, n int, p Purpose) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 2*uint64(n)+uint64(p)))
}

// Game is a game at a table: a brettspiel.History with its seed, its seats
// and its dice mode. Make one with [New], [LoadRecord] or [LoadID]. Its
// methods are safe for concurrent use: each holds the game's lock for its
// whole run, so calls on one game happen one after the other.
type Game struct {
	// act is held for the whole of a call that acts or runs long (a move,
	// a throw, an undo, a bot's move, an advance, a hint), so that those
	// happen one after the other; it is taken before mu. mu guards the
	// game's state: a call that acts holds it too but lets go while a bot
	// thinks, so that the calls that only read (state, legal, watch, …)
	// wait at most for one step, never for a long call.
	act    sync.Mutex
	mu     sync.Mutex
	h      *brettspiel.History
	preset string
	seed   uint64
	// salt is the salt of the commitment to the seed of a game whose dice
	// are secret (an owned game's, secretdice.go); nil where the seed is
	// shown. revealed says the seed and the salt are public: the game is
	// over.
	salt     []byte
	revealed bool
	// redraws are the lengths the takebacks granted by other people went
	// back to, where they took a throw back (redraw.go): the throws from
	// there on are drawn anew. practice says a person alone against bots
	// went back over a throw he had seen.
	redraws  []int
	practice bool
	// agreed says the players ended the game by agreement before its end
	// (giveup.go: a game without giving up in its rules): it plays no
	// further step.
	agreed bool
	// commitment is Commit(seed, salt), made at its first use: every
	// delta of the game carries it.
	commitment string
	seats      []string  // per seat: "" for a person, else a bot's name
	bots       []bot.Bot // per seat: nil for a person
	manual     bool
	// lang is the language of the game's sentences (Config.Lang).
	lang words.Lang
	// hasRecord is false for a game whose history has no record, which no
	// game of the catalogue is.
	hasRecord bool
	// cur is a copy of the position now, for reading (never applied to);
	// refresh renews it after every change of h.
	cur brettspiel.Game
	// stateLen is the length of the last state written into an answer,
	// for the size of the next.
	stateLen int
	// closed is set by Close, which ends the contexts of the long calls
	// running on it too (stops, bind).
	closed atomic.Bool
	stops  stops
	// callStart is the game's length when the acting call under way (act
	// held) began: by default its answer's log starts there.
	callStart int
	// budget bounds the time of a long call of Game.Call: the budget of
	// the table that holds the game (Options.CallBudget).
	budget time.Duration
	// own holds the claims of the seats of an owned game (seats.go); nil
	// for a game of one screen.
	own *owners
	// names are the seats' names (names.go), "" for a seat without one;
	// nil until a seat is named.
	names []string
	// next names the game that follows (Game.SetNext), "" until named.
	next string
	// watch is the game's revision and its watchers (watch.go).
	watch watchState
	// clock runs the time control of a game with one (clock.go); nil for
	// none.
	clock *clock
	// now is the game's time (Config.Now).
	now func() time.Time
	// touched is when the game was last named or changed, in Unix
	// nanoseconds, for Table.Sweep.
	touched atomic.Int64
}

// lock takes the game's locks for a call that acts (act, then mu) and
// returns their release.
func (g *Game) lock() func() {
	g.act.Lock()
	g.mu.Lock()
	return func() { g.mu.Unlock(); g.act.Unlock() }
}

// unlocked runs f, a bot's thinking, with the game's state lock let go: a
// call that acts holds act meanwhile, so nothing but a read, a clock
// running out or a close comes between, and reads answer while the bot
// thinks.
func unlocked[T any](g *Game, f func() T) T {
	g.mu.Unlock()
	defer g.mu.Lock()
	return f()
}

func (g *Game) refresh() {
	g.cur = g.h.Game()
	g.changed()
}

// Step is one entry of a game's move list: the step's index (0 for the
// first), who played it (a seat, or −1 for a throw), its notation and its
// events in words.
type Step struct {
	Index    int         `json:"index"`
	Actor    int         `json:"actor"`
	Notation string      `json:"notation"`
	Events   []EventJSON `json:"events"`
	// Bot names the bot that chose the move and Millis the time it took,
	// in milliseconds, on the step that [Game.BotMove] or [Game.Advance]
	// returns; the log of a state leaves them out (its seats say who
	// plays).
	Bot    string  `json:"bot,omitempty"`
	Millis float64 `json:"millis,omitempty"`
}

// EventJSON is an event with its sentence for players (words.Lang.Event,
// in the game's language or the call's) and the text of its rule.
type EventJSON struct {
	Text  string           `json:"text"`
	Event brettspiel.Event `json:"event"`
	Rule  *RuleJSON        `json:"rule,omitempty"`
}

func newGame(h *brettspiel.History, preset string, c Config) (*Game, error) {
	g := &Game{h: h, preset: preset, cur: h.Game(), hasRecord: h.Record() != nil, budget: DefaultCallBudget}
	g.openClosing()
	lang, err := words.Parse(c.Lang)
	if err != nil {
		return nil, bad("new game", c.Lang, ErrBadCall, `the languages are "en" and "de"`)
	}
	g.lang = lang
	switch strings.ToLower(c.Dice) {
	case "", DiceSeeded:
	case DiceManual:
		g.manual = true
	default:
		return nil, bad("new game", c.Dice, ErrBadCall, `dice are "seeded" or "manual"`)
	}
	n := g.cur.NumPlayers()
	if len(c.Seats) > n {
		return nil, bad("new game", strconv.Itoa(len(c.Seats))+" seats", ErrBadCall, "the game has "+strconv.Itoa(n)+" seats")
	}
	g.seats = make([]string, n)
	g.bots = make([]bot.Bot, n)
	for i, name := range c.Seats {
		if name == "" || strings.EqualFold(name, Person) {
			continue
		}
		b, err := bot.Named(name)
		if err != nil {
			return nil, err
		}
		g.seats[i], g.bots[i] = canonicalBot(name), b
	}
	if c.Owned {
		if !ownedSeatsBuilt {
			return nil, bad("new game", "owned", ErrBadCall, "owned seats are a server's: this build (WebAssembly) leaves them out")
		}
		g.own = newOwners(n)
		salt, err := newSalt()
		if err != nil {
			return nil, bad("new game", "", ErrInternal, "no salt for the dice: "+err.Error())
		}
		g.salt = salt
	}
	if c.Seed != nil {
		g.seed = uint64(*c.Seed)
	} else if g.seed, err = freshSeed(); err != nil {
		return nil, bad("new game", "", ErrInternal, "no seed: "+err.Error())
	}
	g.watch.max = c.MaxWatchers
	if g.watch.max <= 0 {
		g.watch.max = DefaultMaxWatchers
	}
	g.watch.told = h.Len()
	g.now = c.Now
	if g.now == nil {
		g.now = time.Now
	}
	if err := g.startClock(c.Clock); err != nil {
		return nil, err
	}
	return g, nil
}

// New starts a game as c describes it. An unknown variant or preset or a
// seat count the variant does not allow is refused with catalog's error
// (wrapping brettspiel.ErrBadOptions), an unknown bot with one wrapping
// bot.ErrUnknownBot, a bad dice mode or too many seats with ErrBadCall.
func New(c Config) (*Game, error) {
	h, err := catalog.NewHistoryWith(c.Variant, c.Preset, c.Players, c.Settings...)
	if err != nil {
		return nil, err
	}
	rec := h.Record()
	return newGame(h, presetName(rec), c)
}

// presetName is the name of a record's preset as the catalogue names it:
// a Festungsspiel record written before its preset was named has none ("")
// and is of the one preset. A record that starts at a position ID names no
// preset.
func presetName(rec *brettspiel.Record) string {
	v, ok := catalog.Lookup(rec.Game)
	if rec.Preset != "" || rec.Start != "" || !ok || len(v.Presets) != 1 {
		return rec.Preset
	}
	return v.Presets[0].Name
}

// LoadRecord goes on with the game of a record in its text form
// (brettspiel.ParseRecord): every step is played again and can be undone.
// The rules come from the record; c gives the seed, the seats and the dice
// mode (its Variant, Preset and Players must be empty or match).
func LoadRecord(text string, c Config) (*Game, error) {
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	h, err := catalog.LoadHistory(rec)
	if err != nil {
		return nil, err
	}
	return newGame(h, presetName(h.Record()), c)
}

// LoadID starts a game at a position ID of any variant (catalog.ParseID).
// c gives the seed, the seats and the dice mode. Its record starts at that
// position (a "start:" header, see brettspiel.NewRecordAt), so it is saved
// and loaded again as any other game is.
func LoadID(id string, c Config) (*Game, error) {
	id = strings.TrimSpace(id)
	start, err := catalog.ParseID(id)
	if err != nil {
		return nil, err
	}
	h, err := brettspiel.NewHistory(start, nil)
	if err != nil {
		return nil, err
	}
	return newGame(h, "", c)
}

// Info describes a game: its rules, seed, seats and dice mode.
type Info struct {
	Variant string `json:"variant"`
	// Preset is the preset's name, "" for a game loaded from a position ID.
	Preset  string `json:"preset"`
	Players int    `json:"players"`
	// Seed is the game's seed; absent while it is secret (an owned game's
	// before its end, see Commitment).
	Seed  *Seed    `json:"seed,omitempty"`
	Seats []string `json:"seats"` // per seat: "person" or a bot's name
	Dice  string   `json:"dice"`
	// Commitment is, for a game whose dice are secret, the commitment to
	// its seed ([Commit]), from the start; Salt its salt in hex, revealed
	// with the seed when the game is over. [VerifyDice] checks a record
	// against the three.
	Commitment string `json:"commitment,omitempty"`
	Salt       string `json:"salt,omitempty"`
	// Owned says the people's seats are claimed ([Config.Owned]), and
	// Claimed which are, per seat; both absent in a game of one screen.
	Owned   bool   `json:"owned,omitempty"`
	Claimed []bool `json:"claimed,omitempty"`
	// Names are the seats' names that their players gave ([Game.Name]),
	// per seat, "" for a seat without one; absent while no seat has one.
	Names []string `json:"names,omitempty"`
	// Next names the game that follows, as the transport named it
	// ([Game.SetNext]); absent until named.
	Next string `json:"next,omitempty"`
	// Redraws are, in a game of secret dice, the lengths that takebacks
	// granted by the other people went back to over a throw, in order:
	// the throws from there on were drawn anew ([DiceRand]); absent for
	// none. Practice says a person alone against bots went back over a
	// throw he had seen: the game's result is no measure of his play.
	Redraws  []int `json:"redraws,omitempty"`
	Practice bool  `json:"practice,omitempty"`
}

// Info returns the game's description.
func (g *Game) Info() Info {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.info()
}

func (g *Game) info() Info {
	in := Info{Variant: g.cur.Variant(), Preset: g.preset, Players: len(g.seats), Seed: SeedOf(g.seed), Dice: DiceSeeded, Seats: make([]string, len(g.seats))}
	if g.secretDice() {
		in.Commitment, in.Seed, in.Salt = g.proof()
	}
	for i, s := range g.seats {
		in.Seats[i] = s
		if s == "" {
			in.Seats[i] = Person
		}
	}
	if g.manual {
		in.Dice = DiceManual
	}
	in.Owned, in.Claimed = g.own != nil, g.claimedSeats()
	in.Names, in.Next = g.seatNames(), g.next
	in.Redraws, in.Practice = g.redrawsJSON(), g.practice
	return in
}

// Position returns a copy of the position now, for a frontend to read.
func (g *Game) Position() brettspiel.Game {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.cur.Clone()
}

// Len returns the number of steps played.
func (g *Game) Len() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.h.Len()
}

// Log returns the steps from index since on (at most Len()−since of them;
// since is clamped to 0…Len()).
func (g *Game) Log(since int) []Step {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.log(g.lang, since, true)
}

// Lang returns the language of the game's sentences ([Config.Lang]).
func (g *Game) Lang() words.Lang { return g.lang }

// log returns the steps from since on; rules false leaves the rules'
// texts out.
func (g *Game) log(l words.Lang, since int, rules bool) []Step {
	since = min(max(since, 0), g.h.Len())
	return stepsOf(l, since, g.entries(since), rules)
}

// entries copies the history's steps from since (0…Len()) on, for
// stepsOf: the copy is made under the game's lock, the words after it.
func (g *Game) entries(since int) []brettspiel.HistoryEntry {
	out := make([]brettspiel.HistoryEntry, 0, g.h.Len()-since)
	for i := since; i < g.h.Len(); i++ {
		e, _ := g.h.Entry(i)
		out = append(out, e)
	}
	return out
}

// stepsOf is the log of the entries of the steps from since on.
func stepsOf(l words.Lang, since int, entries []brettspiel.HistoryEntry, rules bool) []Step {
	out := make([]Step, len(entries))
	for i, e := range entries {
		out[i] = stepOf(l, since+i, e, rules)
	}
	return out
}

func stepOf(l words.Lang, i int, e brettspiel.HistoryEntry, rules bool) Step {
	s := Step{Index: i, Actor: int(e.Actor), Notation: e.Notation, Events: make([]EventJSON, len(e.Events))}
	for k, ev := range e.Events {
		s.Events[k] = EventJSON{Text: l.Event(ev), Event: ev}
		if rules {
			s.Events[k].Rule = ruleIn(bookOf(l), ev.Rule)
		}
	}
	return s
}

// told is s, a step of the history, with its events and their words, as
// the Go methods return it. The calls leave them out of the steps they
// play: their answers say those steps' events in the log.
func (g *Game) told(s Step, err error) (Step, error) {
	if err != nil {
		return Step{}, err
	}
	e, _ := g.h.Entry(s.Index)
	full := stepOf(g.lang, s.Index, e, true)
	full.Bot, full.Millis = s.Bot, s.Millis
	return full, nil
}

// Apply plays a move given in the game's notation and returns the step. On
// error (the game's: brettspiel.ErrBadNotation, ErrIllegalMove, …) nothing
// changes.
func (g *Game) Apply(notation string) (Step, error) {
	defer g.lock()()
	now := g.cur
	m, err := now.ParseMove(notation)
	if err != nil {
		return Step{}, err
	}
	return g.told(g.play(m))
}

// Play plays a move of the position now (one of its LegalMoves, or a
// chance outcome) and returns the step.
func (g *Game) Play(m brettspiel.Move) (Step, error) {
	defer g.lock()()
	return g.told(g.play(m))
}

// play applies m and returns its step without the events (see told).
func (g *Game) play(m brettspiel.Move) (Step, error) {
	// who plays and the notation as the history keeps them (its entry
	// would copy the events too): the position's before the move
	actor, notation := g.cur.ToMove(), g.cur.MoveString(m)
	if err := g.timeUp("play"); err != nil {
		return Step{}, err
	}
	if err := g.sealed("play"); err != nil {
		return Step{}, err
	}
	if err := g.h.Apply(m); err != nil {
		return Step{}, err
	}
	g.refresh()
	return Step{Index: g.h.Len() - 1, Actor: int(actor), Notation: notation}, nil
}

// Throw throws the dice from the seed (see [Rand]) and returns the step.
// It throws in either dice mode. Where no throw is due the error wraps
// brettspiel.ErrNotYourTurn, or ErrGameOver at the end.
func (g *Game) Throw() (Step, error) {
	defer g.lock()()
	return g.told(g.throw())
}

func (g *Game) throw() (Step, error) {
	now := g.cur
	if err := chanceDue(now); err != nil {
		return Step{}, err
	}
	m, err := brettspiel.SampleChance(now, DiceRand(g.seed, g.h.Len(), g.redraws))
	if err != nil {
		return Step{}, err
	}
	return g.play(m)
}

func chanceDue(now brettspiel.Game) error {
	switch p := now.ToMove(); p {
	case brettspiel.Chance:
		return nil
	case brettspiel.Terminal:
		return bad("throw", "", brettspiel.ErrGameOver, "")
	default:
		return bad("throw", "", brettspiel.ErrNotYourTurn, "no throw is due: "+p.String()+" is to move")
	}
}

// ThrowDice enters a throw of physical dice (brettspiel.ThrowOf): two
// numbers in either order, or the Festungsspiel's large die and then the
// two small ones.
func (g *Game) ThrowDice(dice []int) (Step, error) {
	defer g.lock()()
	m, err := brettspiel.ThrowOf(g.cur, dice)
	if err != nil {
		return Step{}, err
	}
	return g.told(g.play(m))
}

// NextSteps takes a play one step at a time (brettspiel.Stepper): given the
// steps made so far it returns the steps that may come next and, once the
// steps determine a move, that move's notation ("" until then).
func (g *Game) NextSteps(made []brettspiel.Step) ([]brettspiel.Step, string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.cur
	st, ok := now.(brettspiel.Stepper)
	if !ok {
		return nil, "", bad("next steps", "", ErrBadCall, now.Variant()+" takes no single steps")
	}
	next, complete, err := st.NextSteps(made)
	if err != nil {
		return nil, "", err
	}
	if next == nil {
		next = []brettspiel.Step{}
	}
	notation := ""
	if complete != brettspiel.NoMove {
		notation = now.MoveString(complete)
	}
	return next, notation, nil
}

// Undo takes back the last step, a throw as much as a move. At the start
// the error wraps [ErrNothingTo].
func (g *Game) Undo() error {
	defer g.lock()()
	if err := g.sealed("undo"); err != nil {
		return err
	}
	if g.h.Len() > 0 {
		g.wentBack(g.h.Len()-1, false)
	}
	if !g.h.Undo() {
		return bad("undo", "", ErrNothingTo, "no step to undo")
	}
	g.refresh()
	return nil
}

// Redo plays the last undone step again; with none the error wraps
// [ErrNothingTo].
func (g *Game) Redo() error {
	defer g.lock()()
	if err := g.sealed("redo"); err != nil {
		return err
	}
	if !g.h.Redo() {
		return bad("redo", "", ErrNothingTo, "no step to redo")
	}
	g.refresh()
	return nil
}

// Takeback takes back to the last decision of seat, with every step after
// it, so that the seat chooses again from the same throw
// (brettspiel.History.Takeback), and returns the number of steps taken
// back. A seat outside 0…Players−1 is refused with ErrBadCall; a seat that
// has not played yet with ErrNothingTo.
func (g *Game) Takeback(seat int) (int, error) {
	defer g.lock()()
	if n := g.lastDecision(seat); n > 0 && seat >= 0 && seat < len(g.seats) {
		g.wentBack(g.h.Len()-n, false)
	}
	return g.takeback(seat)
}

func (g *Game) takeback(seat int) (int, error) {
	if seat < 0 || seat >= len(g.seats) {
		return 0, bad("takeback", strconv.Itoa(seat), ErrBadCall, "seats are 0…"+strconv.Itoa(len(g.seats)-1))
	}
	if err := g.sealed("takeback"); err != nil {
		return 0, err
	}
	n := g.h.Takeback(brettspiel.Player(seat))
	if n == 0 {
		return 0, bad("takeback", strconv.Itoa(seat), ErrNothingTo, "the seat has played no move to take back")
	}
	g.refresh()
	return n, nil
}

// TakebackLast is [Game.Takeback] for the seat that decided last.
func (g *Game) TakebackLast() (int, error) {
	defer g.lock()()
	return g.takebackLast()
}

func (g *Game) takebackLast() (int, error) {
	for i := g.h.Len() - 1; i >= 0; i-- {
		if e, _ := g.h.Entry(i); e.Actor >= 0 {
			return g.takeback(int(e.Actor))
		}
	}
	return 0, bad("takeback", "", ErrNothingTo, "no seat has played a move")
}

// Record returns the game's record in its text form (brettspiel.Record),
// the steps played so far; that of a game loaded from a position ID starts
// at that position. A game without a record — one whose position has no ID,
// which no game of the catalogue is — gives an error wrapping
// [ErrNoRecord]; its position is then all there is to keep.
func (g *Game) Record() (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.record()
}

func (g *Game) record() (string, error) {
	rec := g.h.Record()
	if rec == nil {
		return "", bad("save record", "", ErrNoRecord, "the game has no record")
	}
	var b strings.Builder
	if _, err := rec.WriteTo(&b, g.h.Start()); err != nil {
		return "", err
	}
	return b.String(), nil
}

// HasRecord reports whether [Game.Record] has a record to give.
func (g *Game) HasRecord() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.hasRecord
}

// PositionID returns the position ID of the position now.
func (g *Game) PositionID() (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return positionID(g.cur)
}

func positionID(now brettspiel.Game) (string, error) {
	id := now.ID()
	if id == "" {
		return "", bad("position ID", "", ErrBadCall, "the game has no position ID")
	}
	return id, nil
}
