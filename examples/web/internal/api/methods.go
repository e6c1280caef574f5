package api

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
)

// VariantJSON is one game of the "games" call.
type VariantJSON struct {
	Name        string       `json:"name"`
	Title       string       `json:"title"`
	Description string       `json:"description"`
	MinPlayers  int          `json:"minPlayers"`
	MaxPlayers  int          `json:"maxPlayers"`
	Presets     []PresetJSON `json:"presets"`
}

// PresetJSON is one preset of a game.
type PresetJSON struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Source      string `json:"source"`
}

// gamesCall lists the games with their presets and seat counts:
// {"games": [VariantJSON…], "bots": ["random", …]}.
func (a *API) gamesCall(_ []byte) (any, error) {
	var out []VariantJSON
	for _, v := range catalog.Variants() {
		vj := VariantJSON{Name: v.Name, Title: v.Title, Description: v.Description, MinPlayers: v.MinPlayers, MaxPlayers: v.MaxPlayers}
		for _, p := range v.Presets {
			vj.Presets = append(vj.Presets, PresetJSON{p.Name, p.Description, p.Source})
		}
		out = append(out, vj)
	}
	return map[string]any{"games": out, "bots": BotNames()}, nil
}

// newGameArgs are the arguments of "newGame".
type newGameArgs struct {
	Variant *string `json:"variant"`
	Preset  string  `json:"preset"`
	Players int     `json:"players"`
	Seed    Seed    `json:"seed"`
}

// Seed is a game's seed in the arguments of a call: a JSON number or a
// decimal string (JavaScript's numbers hold only 53 bits, a seed 64).
type Seed uint64

// UnmarshalJSON reads a number or a string of decimal digits.
func (s *Seed) UnmarshalJSON(b []byte) error {
	text := strings.Trim(string(b), `"`)
	n, err := strconv.ParseUint(strings.TrimSpace(text), 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s: want a whole number 0…18446744073709551615", b)
	}
	*s = Seed(n)
	return nil
}

// newGameCall starts a game: {variant, preset ("" for the default),
// players (0 for the fewest), seed} → the game's state with its handle.
func (a *API) newGameCall(args []byte) (any, error) {
	var in newGameArgs
	if err := decode(args, &in); err != nil {
		return nil, err
	}
	if in.Variant == nil {
		return nil, badCall("no \"variant\"")
	}
	h, err := catalog.NewHistory(*in.Variant, in.Preset, in.Players)
	if err != nil {
		return nil, err
	}
	rec := h.Record()
	g := &game{h: h, variant: rec.Game, preset: rec.Preset, players: h.Game().NumPlayers(), seed: uint64(in.Seed)}
	return a.state(a.add(g), g, 0)
}

// StateJSON is the result of the calls that change or show a game.
type StateJSON struct {
	Handle  int    `json:"handle"`
	Variant string `json:"variant"`
	Preset  string `json:"preset"`
	Players int    `json:"players"`
	// Seed is the game's seed as a decimal string: JavaScript's numbers
	// hold only 53 bits.
	Seed string `json:"seed"`
	// State is the game's own JSON form (MarshalJSON), version 2.
	State json.RawMessage `json:"state"`
	// Length is the number of steps played, Redo the number that can be
	// redone.
	Length  int  `json:"length"`
	CanUndo bool `json:"canUndo"`
	CanRedo bool `json:"canRedo"`
	// HasRecord is false for a game loaded from a position ID, which has
	// no record to save.
	HasRecord bool `json:"hasRecord"`
	// Since is the index of Log's first entry: the log holds the entries
	// from the call's "since" on.
	Since int        `json:"since"`
	Log   []LogEntry `json:"log"`
	// Move is the notation of the move a call played, if it played one.
	Move string `json:"move,omitempty"`
	// Millis is the time a bot took to choose, for "botMove".
	Millis float64 `json:"millis,omitempty"`
}

// LogEntry is one step of the move list with its events in words.
type LogEntry struct {
	Index    int         `json:"index"`
	Actor    int         `json:"actor"` // a seat, or −1 for a throw
	Notation string      `json:"notation"`
	Events   []EventJSON `json:"events"`
}

// EventJSON is an event in plain words with its rule's text.
type EventJSON struct {
	Text  string           `json:"text"`
	Event brettspiel.Event `json:"event"`
	Rule  *RuleJSON        `json:"rule,omitempty"`
}

func (a *API) state(handle int, g *game, since int) (*StateJSON, error) {
	now := g.h.Game()
	data, err := json.Marshal(now)
	if err != nil {
		return nil, err
	}
	s := &StateJSON{
		Handle: handle, Variant: g.variant, Preset: g.preset, Players: g.players,
		Seed: fmt.Sprint(g.seed), State: data, Length: g.h.Len(), CanUndo: g.h.Len() > 0,
		CanRedo: g.h.RedoLen() > 0, HasRecord: g.h.Record() != nil,
	}
	since = min(max(since, 0), g.h.Len())
	s.Since = since
	s.Log = []LogEntry{}
	for i := since; i < g.h.Len(); i++ {
		e, _ := g.h.Entry(i)
		le := LogEntry{Index: i, Actor: int(e.Actor), Notation: e.Notation, Events: []EventJSON{}}
		for _, ev := range e.Events {
			le.Events = append(le.Events, EventJSON{Text: Words(ev), Event: ev, Rule: ruleOf(ev.Rule)})
		}
		s.Log = append(s.Log, le)
	}
	return s, nil
}

// stateCall returns the state of a game: {handle, since} → StateJSON.
func (a *API) stateCall(args []byte) (any, error) {
	var in handleArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	return a.state(*in.Handle, g, in.Since)
}

// legalCall lists the legal moves as the game's JSON gives them: notation,
// kind, dice, steps, decision, field. {handle} → {"legal": […]}.
func (a *API) legalCall(args []byte) (any, error) {
	var in handleArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	s := brettspiel.NewStateJSON(g.h.Game(), g.variant, "")
	return map[string]any{"legal": s.Legal}, nil
}

type stepsArgs struct {
	Handle *int              `json:"handle"`
	Steps  []brettspiel.Step `json:"steps"`
}

// NextJSON is the result of "nextSteps".
type NextJSON struct {
	Next []brettspiel.Step `json:"next"`
	// Complete is the notation of the whole move the steps determine, ""
	// before they determine one.
	Complete string `json:"complete"`
}

// nextStepsCall asks which steps may follow the ones made so far:
// {handle, steps: [{from, to, die?, field?}…]} → NextJSON. A step that
// leads to no legal move is an error naming the rule that forbids it.
func (a *API) nextStepsCall(args []byte) (any, error) {
	var in stepsArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	now := g.h.Game()
	st, ok := now.(brettspiel.Stepper)
	if !ok {
		return nil, badCall("%s takes no single steps", g.variant)
	}
	next, complete, err := st.NextSteps(in.Steps)
	if err != nil {
		return nil, err
	}
	out := NextJSON{Next: next, Complete: ""}
	if out.Next == nil {
		out.Next = []brettspiel.Step{}
	}
	if complete != brettspiel.NoMove {
		out.Complete = now.MoveString(complete)
	}
	return out, nil
}

type applyArgs struct {
	Handle   *int    `json:"handle"`
	Notation *string `json:"notation"`
	Since    int     `json:"since"`
}

// applyCall plays a move given in notation: {handle, notation, since} →
// StateJSON.
func (a *API) applyCall(args []byte) (any, error) {
	var in applyArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	if in.Notation == nil {
		return nil, badCall("no \"notation\"")
	}
	m, err := g.h.Game().ParseMove(*in.Notation)
	if err != nil {
		return nil, err
	}
	return a.play(*in.Handle, g, m, in.Since)
}

func (a *API) play(handle int, g *game, m brettspiel.Move, since int) (*StateJSON, error) {
	notation := g.h.Game().MoveString(m)
	if err := g.h.Apply(m); err != nil {
		return nil, err
	}
	s, err := a.state(handle, g, since)
	if s != nil {
		s.Move = notation
	}
	return s, err
}

// throwCall throws the dice from the game's seed (see [Rand]): {handle,
// since} → StateJSON.
func (a *API) throwCall(args []byte) (any, error) {
	var in handleArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	m, err := brettspiel.SampleChance(g.h.Game(), Rand(g.seed, g.h.Len(), Dice))
	if err != nil {
		return nil, chanceError(g)
	}
	return a.play(*in.Handle, g, m, in.Since)
}

// chanceError says why no throw is due.
func chanceError(g *game) error {
	if g.h.ToMove() == brettspiel.Terminal {
		return &brettspiel.Error{Op: "throw", Err: brettspiel.ErrGameOver}
	}
	return &brettspiel.Error{Op: "throw", Err: brettspiel.ErrNotYourTurn, Reason: "no throw is due: " + g.h.ToMove().String() + " is to move"}
}

type throwManualArgs struct {
	Handle *int  `json:"handle"`
	Dice   []int `json:"dice"`
	Since  int   `json:"since"`
}

// throwManualCall enters a throw of physical dice: {handle, dice: [a, b]
// (or [large, a, b] in the Festungsspiel), since} → StateJSON. The order of
// two dice does not matter, nor that of the two small ones.
func (a *API) throwManualCall(args []byte) (any, error) {
	var in throwManualArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	now := g.h.Game()
	if now.ToMove() != brettspiel.Chance {
		return nil, chanceError(g)
	}
	d, ok := now.(brettspiel.Describer)
	if !ok {
		return nil, badCall("%s does not describe its throws", g.variant)
	}
	for _, o := range now.ChanceOutcomes() {
		info, err := d.Describe(o.Move)
		if err == nil && sameThrow(info.Dice, in.Dice) {
			return a.play(*in.Handle, g, o.Move, in.Since)
		}
	}
	return nil, &brettspiel.Error{Op: "throw", Input: fmt.Sprint(in.Dice), Err: brettspiel.ErrBadNotation,
		Reason: fmt.Sprintf("no throw of these dice; give %d numbers 1…6", len(diceOf(now, d)))}
}

// diceOf returns the dice of the first throw of a chance node, to say how
// many numbers a throw has.
func diceOf(g brettspiel.Game, d brettspiel.Describer) []int {
	for _, o := range g.ChanceOutcomes() {
		if info, err := d.Describe(o.Move); err == nil {
			return info.Dice
		}
	}
	return nil
}

// sameThrow compares the dice of a throw with those entered: two dice in
// any order; three with the large die first and the small ones in any order.
func sameThrow(throw, entered []int) bool {
	if len(throw) != len(entered) || len(throw) == 0 {
		return false
	}
	if len(throw) == 3 && throw[0] != entered[0] {
		return false
	}
	first := 0
	if len(throw) == 3 {
		first = 1
	}
	a, b := slices.Clone(throw[first:]), slices.Clone(entered[first:])
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// undoCall takes back one step: {handle} → StateJSON (log from 0).
func (a *API) undoCall(args []byte) (any, error) {
	return a.back(args, "undo", func(h *brettspiel.History) bool { return h.Undo() })
}

// redoCall plays the last undone step again: {handle} → StateJSON.
func (a *API) redoCall(args []byte) (any, error) {
	return a.back(args, "redo", func(h *brettspiel.History) bool { return h.Redo() })
}

// takebackCall takes back to the last decision of the seat given, or of the
// last seat that decided: {handle, seat?} → StateJSON.
func (a *API) takebackCall(args []byte) (any, error) {
	var in struct {
		Handle *int `json:"handle"`
		Seat   *int `json:"seat"`
		Since  int  `json:"since"`
	}
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	seat := brettspiel.Nobody
	if in.Seat != nil {
		seat = brettspiel.Player(*in.Seat)
	} else {
		for i := g.h.Len() - 1; i >= 0; i-- {
			if e, _ := g.h.Entry(i); e.Actor >= 0 {
				seat = e.Actor
				break
			}
		}
	}
	if g.h.Takeback(seat) == 0 {
		return nil, &brettspiel.Error{Op: "takeback", Err: brettspiel.ErrIllegalMove, Reason: "nothing to take back"}
	}
	return a.state(*in.Handle, g, in.Since)
}

func (a *API) back(args []byte, op string, f func(*brettspiel.History) bool) (any, error) {
	var in handleArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	if !f(g.h) {
		return nil, &brettspiel.Error{Op: op, Err: brettspiel.ErrIllegalMove, Reason: "nothing to " + op}
	}
	return a.state(*in.Handle, g, in.Since)
}

// ruleCall returns a rule's text: {id} → RuleJSON.
func (a *API) ruleCall(args []byte) (any, error) {
	var in struct {
		ID *string `json:"id"`
	}
	if err := decode(args, &in); err != nil {
		return nil, err
	}
	if in.ID == nil {
		return nil, badCall("no \"id\"")
	}
	r := ruleOf(*in.ID)
	if r == nil {
		return nil, badCall("no rule %q", *in.ID)
	}
	return r, nil
}

// BotNames lists the bots "botMove" knows.
func BotNames() []string { return []string{"random", "greedy", "expectimax"} }

// Bot returns the bot of a name. The expectimax bot of the page looks two
// moves ahead within a bounded number of positions, so that a move takes
// about a second in the page at most.
func Bot(name string) (bot.Bot, bool) {
	switch strings.ToLower(name) {
	case "random":
		return bot.Random{}, true
	case "greedy":
		return bot.Greedy{}, true
	case "expectimax":
		return bot.Expectimax{Plies: 2, Nodes: 4000}, true
	}
	return nil, false
}

// botMoveCall lets a bot play the player to move: {handle, bot, since} →
// StateJSON with the move and the time the bot took. It draws from
// Rand(seed, steps, Bots).
func (a *API) botMoveCall(args []byte) (any, error) {
	var in struct {
		Handle *int    `json:"handle"`
		Bot    *string `json:"bot"`
		Since  int     `json:"since"`
	}
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	if in.Bot == nil {
		return nil, badCall("no \"bot\"")
	}
	b, ok := Bot(*in.Bot)
	if !ok {
		return nil, badCall("no bot %q; the bots are %s", *in.Bot, strings.Join(BotNames(), ", "))
	}
	now := g.h.Game()
	if p := now.ToMove(); p < 0 {
		return nil, &brettspiel.Error{Op: "bot move", Err: brettspiel.ErrNotYourTurn, Reason: "no player is to move: " + p.String()}
	}
	start := a.now()
	m := b.Choose(now, now.LegalMoves(), Rand(g.seed, g.h.Len(), Bots))
	took := a.now().Sub(start)
	s, err := a.play(*in.Handle, g, m, in.Since)
	if err != nil {
		return nil, err
	}
	s.Millis = float64(took.Microseconds()) / 1000
	return s, nil
}

// HintJSON is one ranked move of a hint.
type HintJSON struct {
	Notation string            `json:"notation"`
	Value    float64           `json:"value"`
	Reason   string            `json:"reason"`
	Steps    []brettspiel.Step `json:"steps,omitempty"`
}

// hintCall ranks the moves of the player to move by the greedy bot, best
// first, with what each scores: {handle} → {"hints": [HintJSON…]} (at most
// five).
func (a *API) hintCall(args []byte) (any, error) {
	var in handleArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	now := g.h.Game()
	if p := now.ToMove(); p < 0 {
		return nil, &brettspiel.Error{Op: "hint", Err: brettspiel.ErrNotYourTurn, Reason: "no player is to move: " + p.String()}
	}
	ranked := bot.Hint(now, bot.Greedy{}, Rand(g.seed, g.h.Len(), Bots))
	out := []HintJSON{}
	d, _ := now.(brettspiel.Describer)
	for _, r := range ranked[:min(len(ranked), 5)] {
		hj := HintJSON{Notation: now.MoveString(r.Move), Value: r.Value, Reason: r.Reason}
		if d != nil {
			if info, err := d.Describe(r.Move); err == nil {
				hj.Steps = info.Steps
			}
		}
		out = append(out, hj)
	}
	return map[string]any{"hints": out}, nil
}

// saveRecordCall writes the game's record: {handle} → {"text": "# brettspiel record…"}.
func (a *API) saveRecordCall(args []byte) (any, error) {
	var in handleArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	rec := g.h.Record()
	if rec == nil {
		return nil, &brettspiel.Error{Op: "save record", Err: brettspiel.ErrBadPosition,
			Reason: "a game loaded from a position ID has no record; copy its position ID instead"}
	}
	var b strings.Builder
	if _, err := rec.WriteTo(&b, g.h.Start()); err != nil {
		return nil, err
	}
	return map[string]any{"text": b.String()}, nil
}

type loadArgs struct {
	Text *string `json:"text"`
	ID   *string `json:"id"`
	Seed Seed    `json:"seed"`
}

// loadRecordCall loads a saved record with every step, to be undone:
// {text, seed} → StateJSON of a new handle.
func (a *API) loadRecordCall(args []byte) (any, error) {
	var in loadArgs
	if err := decode(args, &in); err != nil {
		return nil, err
	}
	if in.Text == nil {
		return nil, badCall("no \"text\"")
	}
	rec, err := brettspiel.ParseRecord(strings.NewReader(*in.Text))
	if err != nil {
		return nil, err
	}
	h, err := catalog.LoadHistory(rec)
	if err != nil {
		return nil, err
	}
	r := h.Record()
	g := &game{h: h, variant: r.Game, preset: r.Preset, players: h.Game().NumPlayers(), seed: uint64(in.Seed)}
	return a.state(a.add(g), g, 0)
}

// positionIDCall returns the position ID: {handle} → {"id": "…"}.
func (a *API) positionIDCall(args []byte) (any, error) {
	var in handleArgs
	g, err := a.decodeGame(args, &in, func() *int { return in.Handle })
	if err != nil {
		return nil, err
	}
	id, err := positionID(g.h.Game())
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": id}, nil
}

// positionID reads the ID from the game's text form.
func positionID(g brettspiel.Game) (string, error) {
	tm, ok := g.(interface{ MarshalText() ([]byte, error) })
	if !ok {
		return "", badCall("the game has no position ID")
	}
	b, err := tm.MarshalText()
	return string(b), err
}

// loadIDCall loads a position ID of any game, without a record: {id, seed}
// → StateJSON of a new handle.
func (a *API) loadIDCall(args []byte) (any, error) {
	var in loadArgs
	if err := decode(args, &in); err != nil {
		return nil, err
	}
	if in.ID == nil {
		return nil, badCall("no \"id\"")
	}
	start, err := catalog.ParseID(strings.TrimSpace(*in.ID))
	if err != nil {
		return nil, err
	}
	h, err := brettspiel.NewHistory(start, nil)
	if err != nil {
		return nil, err
	}
	variant, _, _ := strings.Cut(strings.TrimSpace(*in.ID), ":")
	g := &game{h: h, variant: variant, players: start.NumPlayers(), seed: uint64(in.Seed)}
	return a.state(a.add(g), g, 0)
}

// closeCall drops a game: {handle} → {}.
func (a *API) closeCall(args []byte) (any, error) {
	var in handleArgs
	if err := decode(args, &in); err != nil {
		return nil, err
	}
	if _, err := a.lookup(in.Handle); err != nil {
		return nil, err
	}
	delete(a.games, *in.Handle)
	return struct{}{}, nil
}
