package session

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/jsonw"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/words"
)

// method runs one method of Call on its arguments within the call's
// context and returns its result as JSON.
type method func(ctx context.Context, t *Table, name string, args []byte) ([]byte, error)

// methods is the table of Call's methods; the package doc describes each.
var methods map[string]method

func init() {
	gameMethods = map[string]gameMethod{
		"state":       onGame(reads, stateCall),
		"legal":       onGame(reads, legalCall),
		"nextSteps":   onGame(reads, nextStepsCall),
		"saveRecord":  onGame(reads, saveRecordCall),
		"positionID":  onGame(reads, positionIDCall),
		"plan":        onGame(reads, planCall),
		"apply":       onGame(acts, applyCall),
		"throw":       onGame(acts, throwCall),
		"throwManual": onGame(acts, throwManualCall),
		"undo":        onGame(acts, undoCall),
		"redo":        onGame(acts, redoCall),
		"takeback":    onGame(acts, takebackCall),
		"botMove":     onGame(long, botMoveCall),
		"advance":     onGame(long, advanceCall),
		"hint":        onGame(long, hintCall),
		"analyze":     analyzeMethod,
		"rollout":     rolloutMethod,

		// seats that belong to someone (seats.go), their names (names.go)
		// and watchers (watch.go)
		"claim":          onGame(acts, claimCall),
		"name":           onGame(acts, nameCall),
		"answerTakeback": onGame(acts, answerTakebackCall),
		"giveUp":         onGame(acts, giveUpCall),
		"answerGiveUp":   onGame(acts, answerGiveUpCall),
		"watch":          onGame(reads, watchCall),
	}
	methods = map[string]method{
		"version":    versionCall,
		"games":      gamesCall,
		"rule":       ruleCall,
		"newGame":    newGameCall,
		"loadRecord": loadRecordCall,
		"loadID":     loadIDCall,
		"close":      closeCall,
		"verifyDice": verifyDiceCall,
	}
	for name, m := range gameMethods {
		methods[name] = m.onTable
	}
}

// marshal encodes a result that holds no JSON already encoded.
func marshal(v any) ([]byte, error) { return json.Marshal(v) }

// VersionJSON is the result of "version".
type VersionJSON struct {
	Protocol int      `json:"protocol"`
	Methods  []string `json:"methods"`
}

func versionCall(_ context.Context, _ *Table, name string, args []byte) ([]byte, error) {
	if err := decode(name, args, &struct{}{}); err != nil {
		return nil, err
	}
	return marshal(VersionJSON{Protocol: Protocol, Methods: Methods()})
}

// GamesJSON is the result of "games": the catalogue and the bots.
type GamesJSON struct {
	Protocol int           `json:"protocol"`
	Games    []VariantJSON `json:"games"`
	// Bots are the names of the bots, weakest first; Levels describe them.
	Bots   []string    `json:"bots"`
	Levels []LevelJSON `json:"levels"`
	// Settings are, per game that has any, the rules a person may choose
	// beside its preset (newGame's "settings"), in the call's language.
	Settings map[string][]catalog.Setting `json:"settings"`
}

// VariantJSON is one game of the catalogue (catalog.Variant).
type VariantJSON = catalog.Variant

// LevelJSON is one bot of the registry (bot.Level).
type LevelJSON struct {
	Name        string `json:"name"`
	Strength    int    `json:"strength"`
	Description string `json:"description"`
	// Games names the variants the level is made for (bot.Level.Games);
	// absent for a level that plays every game alike. A menu of opponents
	// offers a level for these variants only.
	Games []string `json:"games,omitempty"`
}

func gamesCall(_ context.Context, _ *Table, name string, args []byte) ([]byte, error) {
	var in struct {
		Lang string `json:"lang"` // the language of the descriptions, as in rule
	}
	if err := decode(name, args, &in); err != nil {
		return nil, err
	}
	l, err := words.Parse(in.Lang)
	if err != nil {
		return nil, bad(name, in.Lang, ErrBadCall, `lang is "en" or "de"`)
	}
	out := GamesJSON{Protocol: Protocol, Games: catalog.VariantsIn(l.String()), Bots: bot.Names(), Settings: map[string][]catalog.Setting{}}
	for _, v := range out.Games {
		if s := catalog.Settings(v.Name, l.String()); len(s) > 0 {
			out.Settings[v.Name] = s
		}
	}
	for _, b := range bot.Levels() {
		out.Levels = append(out.Levels, LevelJSON{b.Name, b.Strength, b.DescriptionIn(l.String()), b.Games})
	}
	return marshal(out)
}

func ruleCall(_ context.Context, _ *Table, name string, args []byte) ([]byte, error) {
	var in struct {
		ID   *string `json:"id"`
		Lang string  `json:"lang"` // "en" (or "") or "de", as words.Parse reads it
	}
	if err := decode(name, args, &in); err != nil {
		return nil, err
	}
	if in.ID == nil {
		return nil, missing(name, "id")
	}
	l, err := words.Parse(in.Lang)
	if err != nil {
		return nil, bad(name, in.Lang, ErrBadCall, `lang is "en" or "de"`)
	}
	r := ruleIn(bookOf(l), *in.ID)
	if r == nil {
		return nil, bad(name, *in.ID, ErrUnknownRule, "rule IDs look like T-M3 or V-E1")
	}
	return marshal(r)
}

func missing(method, key string) error {
	return bad(method, "", ErrBadCall, "no "+strconv.Quote(key))
}

// View is the part of the arguments of every call that answers with a
// state: which parts of it to send (see [StateView]).
type View struct {
	// Since is the first step of the log to send; steps before it are the
	// frontend's already. By default (nil) the log starts at the game's
	// length when the call began: it holds the steps the call played (a
	// redo's step), none for a call that plays none.
	Since *int `json:"since"`
	// Log false leaves the log out.
	Log *bool `json:"log"`
	// Legal false leaves out the legal moves at a seat's turn.
	Legal *bool `json:"legal"`
	// Chance true sends the throws at a chance node with their weights;
	// by default they are left out ("legal" is empty at a throw).
	Chance bool `json:"chance"`
	// Rules true sends with each event of the log its rule's text; by
	// default an event names its rule by ID only ("rule" gives the text).
	Rules bool `json:"rules"`
	// Events true sends in the state the events of the last step (the
	// variant's "events"); by default the state's list is empty: the log
	// holds those events with their words, and a frontend that wants them
	// without playing a step asks "since" for the last step.
	Events bool `json:"events"`
	// Static true sends what the rules fix in every state, the
	// Festungsspiel's plan; by default it is left out, and "plan" gives it
	// once.
	Static bool `json:"static"`
	// Lang is the language of the answer's sentences for players, "en" or
	// "de" (words.Parse); "" is the game's own ([Config.Lang]). In
	// newGame, loadRecord and loadID it sets the game's language too.
	Lang string `json:"lang"`
}

func (v View) check(method string) error {
	if v.Since != nil && *v.Since < 0 {
		return bad(method, strconv.Itoa(*v.Since), ErrBadCall, "since is a step's index, 0 or more")
	}
	if _, err := words.Parse(v.Lang); err != nil {
		return bad(method, v.Lang, ErrBadCall, `lang is "en" or "de"`)
	}
	return nil
}

// lang is the language of an answer: the view's, else the game's.
func (v View) lang(g *Game) words.Lang {
	if l, err := words.Parse(v.Lang); err == nil && v.Lang != "" {
		return l
	}
	return g.lang
}

type stateArgs struct {
	gameArgs
	View
}

func stateCall(name string, h int, g *Game, in *stateArgs) ([]byte, error) {
	return g.stateJSON(h, in.View, name, nil)
}

// LegalJSON is the result of "legal".
type LegalJSON struct {
	Legal []brettspiel.LegalMove `json:"legal"`
}

type legalArgs struct {
	gameArgs
	// Parts false lists each move by its notation only, without its kind,
	// dice and steps, which cost a search per move; default true.
	Parts *bool `json:"parts"`
}

func legalCall(name string, h int, g *Game, in *legalArgs) ([]byte, error) {
	if in.Parts != nil && !*in.Parts {
		moves := g.cur.LegalMoves()
		b := make([]byte, 0, 16+24*len(moves))
		b = append(b, `{"legal":[`...)
		for i, m := range moves {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"notation":`...)
			b = jsonw.String(b, g.cur.MoveString(m))
			b = append(b, '}')
		}
		return append(b, `]}`...), nil
	}
	legal := kit.NewStateJSON(g.cur, g.cur.Variant(), "").Legal
	b := append(make([]byte, 0, 64+256*len(legal)), `{"legal":`...)
	return append(jsonw.LegalMoves(b, legal), '}'), nil
}

// NextJSON is the result of "nextSteps": the steps that may come next, and
// the notation of the move the steps made determine ("" while they
// determine none).
type NextJSON struct {
	Next     []brettspiel.Step `json:"next"`
	Complete string            `json:"complete"`
}

type nextStepsArgs struct {
	gameArgs
	Steps []brettspiel.Step `json:"steps"`
}

func nextStepsCall(name string, h int, g *Game, in *nextStepsArgs) ([]byte, error) {
	if len(in.Steps) > maxSteps {
		return nil, bad(name, strconv.Itoa(len(in.Steps))+" steps", ErrBadCall, "a turn has at most "+strconv.Itoa(maxSteps)+" steps")
	}
	st, ok := g.cur.(brettspiel.Stepper)
	if !ok {
		return nil, bad(name, "", ErrBadCall, g.cur.Variant()+" takes no single steps")
	}
	next, complete, err := st.NextSteps(in.Steps)
	if err != nil {
		return nil, err
	}
	out := NextJSON{Next: next}
	if out.Next == nil {
		out.Next = []brettspiel.Step{}
	}
	if complete != brettspiel.NoMove {
		out.Complete = g.cur.MoveString(complete)
	}
	return marshal(out)
}

// maxSteps is the most single steps a turn of any game has (a doublet's
// four, each maybe split); more are refused before they are searched.
const maxSteps = 16

type applyArgs struct {
	gameArgs
	Notation *string `json:"notation"`
	View
}

func applyCall(name string, h int, g *Game, in *applyArgs) ([]byte, error) {
	if in.Notation == nil {
		return nil, missing(name, "notation")
	}
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	if _, err := g.authorize(name, in.Secret, forSeatToMove); err != nil {
		return nil, err
	}
	m, err := g.cur.ParseMove(*in.Notation)
	if err != nil {
		return nil, err
	}
	s, err := g.play(m)
	if err != nil {
		return nil, err
	}
	return g.stateJSON(h, in.View, name, &played{steps: []Step{s}})
}

type throwArgs struct {
	gameArgs
	View
}

func throwCall(name string, h int, g *Game, in *throwArgs) ([]byte, error) {
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	if _, err := g.authorize(name, in.Secret, forAnySeat); err != nil {
		return nil, err
	}
	s, err := g.throw()
	if err != nil {
		return nil, err
	}
	return g.stateJSON(h, in.View, name, &played{steps: []Step{s}})
}

type throwManualArgs struct {
	gameArgs
	Dice []int `json:"dice"`
	View
}

func throwManualCall(name string, h int, g *Game, in *throwManualArgs) ([]byte, error) {
	if in.Dice == nil {
		return nil, missing(name, "dice")
	}
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	if err := g.authorizeManual(name, in.Secret); err != nil {
		return nil, err
	}
	m, err := brettspiel.ThrowOf(g.cur, in.Dice)
	if err != nil {
		return nil, err
	}
	s, err := g.play(m)
	if err != nil {
		return nil, err
	}
	return g.stateJSON(h, in.View, name, &played{steps: []Step{s}})
}

func undoCall(name string, h int, g *Game, in *actArgs) ([]byte, error) {
	return back(name, h, g, in, func() bool {
		if g.h.Len() > 0 {
			g.wentBack(g.h.Len()-1, false)
		}
		return g.h.Undo()
	})
}

func redoCall(name string, h int, g *Game, in *actArgs) ([]byte, error) {
	return back(name, h, g, in, func() bool { return g.h.Redo() })
}

func back(name string, h int, g *Game, in *actArgs, f func() bool) ([]byte, error) {
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	if err := g.authorizeBack(name, in.Secret); err != nil {
		return nil, err
	}
	if err := g.sealed(name); err != nil {
		return nil, err
	}
	if !f() {
		return nil, bad(name, "", ErrNothingTo, "no step to "+name)
	}
	g.refresh()
	return g.stateJSON(h, in.View, name, &played{})
}

type takebackArgs struct {
	gameArgs
	Seat *int `json:"seat"`
	View
}

func takebackCall(name string, h int, g *Game, in *takebackArgs) ([]byte, error) {
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	if err := g.askTakeback(name, in.Secret, in.Seat); err != nil {
		return nil, err
	}
	return g.stateJSON(h, in.View, name, &played{})
}

type botMoveArgs struct {
	gameArgs
	Bot *string `json:"bot"`
	View
}

func botMoveCall(name string, h int, g *Game, in *botMoveArgs) ([]byte, error) {
	if in.Bot == nil {
		return nil, missing(name, "bot")
	}
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	b, err := bot.Named(*in.Bot)
	if err != nil {
		return nil, err
	}
	if err := g.authorizeBot(name, in.Secret, canonicalBot(*in.Bot)); err != nil {
		return nil, err
	}
	s, err := g.botMove(g.callContext(), b, canonicalBot(*in.Bot))
	if err != nil {
		return nil, err
	}
	return g.stateJSON(h, in.View, name, &played{steps: []Step{s}})
}

type advanceArgs struct {
	gameArgs
	Limit int `json:"limit"`
	View
}

func advanceCall(name string, h int, g *Game, in *advanceArgs) ([]byte, error) {
	if in.Limit < 0 || in.Limit > MaxAdvance {
		return nil, bad(name, strconv.Itoa(in.Limit), ErrBadCall, "limit is 0 (no limit but "+strconv.Itoa(MaxAdvance)+") or 1…"+strconv.Itoa(MaxAdvance))
	}
	if err := in.View.check(name); err != nil {
		return nil, err
	}
	if _, err := g.authorize(name, in.Secret, forAnySeat); err != nil {
		return nil, err
	}
	steps, err := g.advance(g.callContext(), in.Limit)
	why := stopReason(err)
	if err != nil && why == "" {
		return nil, err
	}
	// stopped: the answer tells the steps made, which the game holds
	return g.stateJSON(h, in.View, name, &played{steps: steps, advance: true, stopped: why})
}

// HintsJSON is the result of "hint".
type HintsJSON struct {
	Hints []Hint `json:"hints"`
}

type hintArgs struct {
	gameArgs
	Bot   string `json:"bot"`
	Count int    `json:"count"`
}

func hintCall(name string, h int, g *Game, in *hintArgs) ([]byte, error) {
	hints, err := g.hints(g.callContext(), in.Bot, in.Count)
	if err != nil {
		return nil, err
	}
	return marshal(HintsJSON{Hints: hints})
}

// TextJSON is the result of "saveRecord".
type TextJSON struct {
	Text string `json:"text"`
}

type saveRecordArgs struct {
	gameArgs
}

func saveRecordCall(name string, h int, g *Game, in *saveRecordArgs) ([]byte, error) {
	text, err := g.record()
	if err != nil {
		return nil, err
	}
	return marshal(TextJSON{Text: text})
}

// IDJSON is the result of "positionID".
type IDJSON struct {
	ID string `json:"id"`
}

type positionIDArgs struct {
	gameArgs
}

func positionIDCall(name string, h int, g *Game, in *positionIDArgs) ([]byte, error) {
	id, err := positionID(g.cur)
	if err != nil {
		return nil, err
	}
	return marshal(IDJSON{ID: id})
}

type planArgs struct {
	gameArgs
}

func planCall(name string, h int, g *Game, in *planArgs) ([]byte, error) {
	return staticPlan(g)
}

// newGameArgs are the arguments of "newGame": a Config and a View.
type newGameArgs struct {
	Config
	View
}

func newGameCall(_ context.Context, t *Table, name string, args []byte) ([]byte, error) {
	var in newGameArgs
	if err := decode(name, args, &in); err != nil {
		return nil, err
	}
	if in.Variant == "" {
		return nil, missing(name, "variant")
	}
	in.Config.Lang, in.Config.Now, in.Config.MaxWatchers = in.View.Lang, t.now, t.maxWatchers
	return t.seat(name, in.View, func() (*Game, error) { return New(in.Config) })
}

// seat makes a game, adds it to the table and answers with its state.
func (t *Table) seat(name string, v View, make func() (*Game, error)) ([]byte, error) {
	if err := v.check(name); err != nil {
		return nil, err
	}
	if t.sweepIfFull(); t.Len() >= t.max {
		// refused before the game is built
		return nil, bad(name, "", ErrTableFull, "the table holds "+strconv.Itoa(t.max)+" games, its most; close one first")
	}
	g, err := make()
	if err != nil {
		return nil, err
	}
	h, err := t.Add(g)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.callStart = g.h.Len()
	return g.stateJSON(h, v, name, nil)
}

// loadArgs are the arguments of "loadRecord" and "loadID": the text or the
// ID, and the seed, seats and dice of the Config.
type loadArgs struct {
	Text  *string  `json:"text"`
	ID    *string  `json:"id"`
	Seed  *Seed    `json:"seed"`
	Seats []string `json:"seats"`
	Dice  string   `json:"dice"`
	View
}

func (a loadArgs) config() Config {
	return Config{Seed: a.Seed, Seats: a.Seats, Dice: a.Dice, Lang: a.View.Lang}
}

// config is the Config of a load of the table t.
func (t *Table) config(a loadArgs) Config {
	c := a.config()
	c.Now, c.MaxWatchers = t.now, t.maxWatchers
	return c
}

func loadRecordCall(_ context.Context, t *Table, name string, args []byte) ([]byte, error) {
	var in loadArgs
	if err := decode(name, args, &in); err != nil {
		return nil, err
	}
	if in.Text == nil || in.ID != nil {
		return nil, bad(name, "", ErrBadCall, `give "text", the record, and no "id"`)
	}
	return t.seat(name, in.View, func() (*Game, error) { return LoadRecord(*in.Text, t.config(in)) })
}

func loadIDCall(_ context.Context, t *Table, name string, args []byte) ([]byte, error) {
	var in loadArgs
	if err := decode(name, args, &in); err != nil {
		return nil, err
	}
	if in.ID == nil || in.Text != nil {
		return nil, bad(name, "", ErrBadCall, `give "id", the position ID, and no "text"`)
	}
	return t.seat(name, in.View, func() (*Game, error) { return LoadID(*in.ID, t.config(in)) })
}

func closeCall(_ context.Context, t *Table, name string, args []byte) ([]byte, error) {
	var in struct {
		gameArgs
	}
	if err := decode(name, args, &in); err != nil {
		return nil, err
	}
	if in.Handle == nil {
		return nil, missing(name, "handle")
	}
	if err := t.closeAs(name, *in.Handle, in.Secret); err != nil {
		return nil, err
	}
	return []byte("{}"), nil
}
