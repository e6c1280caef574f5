package brettspiel_test

import (
	"encoding"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/kit"
)

func posID(t testing.TB, g brettspiel.Game) string {
	t.Helper()
	text, err := g.(encoding.TextMarshaler).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// replay plays moves on a fresh game of the configuration and returns it with
// the events of every step.
func replay(t testing.TB, variant, preset string, players int, moves []brettspiel.Move) (brettspiel.Game, [][]brettspiel.Event) {
	t.Helper()
	g, err := catalog.New(variant, preset, players)
	if err != nil {
		t.Fatal(err)
	}
	var events [][]brettspiel.Event
	for i, m := range moves {
		if err := g.Apply(m); err != nil {
			t.Fatalf("replay step %d: %v", i, err)
		}
		events = append(events, append([]brettspiel.Event{}, g.Events()...))
	}
	return g, events
}

// randomMove draws the throw at a chance node and a bot's play otherwise (the
// random bot never concedes, so that games run long enough to matter).
func randomMove(g brettspiel.Game, r *rand.Rand) brettspiel.Move {
	if g.ToMove() == brettspiel.Chance {
		m, _ := brettspiel.SampleChance(g, r)
		return m
	}
	return bot.Random{}.Choose(g, g.LegalMoves(), r)
}

type config struct {
	variant, preset string
	players         int
}

func configs() []config {
	var cs []config
	for _, v := range catalog.Variants() {
		for _, p := range v.Presets {
			cs = append(cs, config{v.Name, p.Name, v.MinPlayers})
			if v.MaxPlayers > v.MinPlayers {
				cs = append(cs, config{v.Name, p.Name, v.MaxPlayers})
			}
		}
	}
	return cs
}

// Random games of every preset with undo, redo, takeback and new moves mixed
// at random: after every action the history's position is the replay of the
// moves it says were played, and at the end every entry, every earlier
// position and the record agree with the replay too. Checkpoints every 1, 3
// and 16 steps.
func TestHistoryRandomUndoRedoEqualsReplay(t *testing.T) {
	for _, every := range []int{1, 3, 16} {
		for ci, c := range configs() {
			t.Run(fmt.Sprintf("every%d/%s/%s/%d", every, c.variant, c.preset, c.players), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(every), uint64(ci)))
				m := newUndoModel(t, c, every)
				for action := 0; action < 300; action++ {
					m.act(action, r)
				}
				m.checkEnd()
			})
		}
	}
}

// undoModel is a History driven at random beside a model of what it should
// hold: the moves played (line) and undone (undone, next last). ids[k] is
// the ID of the replayed game after the first k moves of line followed by
// the reverse of undone; fwd is a plain game replaying line, fwdLen moves
// far.
type undoModel struct {
	t            *testing.T
	c            config
	h            *brettspiel.History
	line, undone []brettspiel.Move
	fwd          brettspiel.Game
	fwdLen       int
	ids          []string
	every        int
}

func newUndoModel(t *testing.T, c config, every int) *undoModel {
	fwd, _ := replay(t, c.variant, c.preset, c.players, nil)
	return &undoModel{t: t, c: c, h: newHistory(t, c, every), fwd: fwd, ids: []string{posID(t, fwd)}, every: every}
}

// act does one action drawn from r — undo, redo, takeback or a new move —
// and checks the history against the model.
func (m *undoModel) act(action int, r *rand.Rand) {
	t, h := m.t, m.h
	switch x := r.IntN(100); {
	case x < 12:
		ok := h.Undo()
		if ok != (len(m.line) > 0) {
			t.Fatalf("action %d: Undo = %v with %d steps", action, ok, len(m.line))
		}
		if ok {
			m.undoOne()
		}
	case x < 22:
		ok := h.Redo()
		if ok != (len(m.undone) > 0) {
			t.Fatalf("action %d: Redo = %v with %d undone", action, ok, len(m.undone))
		}
		if ok {
			m.line = append(m.line, m.undone[len(m.undone)-1])
			m.undone = m.undone[:len(m.undone)-1]
		}
	case x < 27:
		m.takeback(action, brettspiel.Player(r.IntN(m.c.players)))
	default:
		if h.ToMove() == brettspiel.Terminal {
			return
		}
		m.apply(action, randomMove(h.Game(), r))
	}
	if h.Len() != len(m.line) || h.RedoLen() != len(m.undone) {
		t.Fatalf("action %d: Len %d RedoLen %d, want %d and %d", action, h.Len(), h.RedoLen(), len(m.line), len(m.undone))
	}
	if got, want := posID(t, h.Game()), m.ids[len(m.line)]; got != want {
		t.Fatalf("action %d, %d steps: history at %s, replay at %s", action, len(m.line), got, want)
	}
	// checkpoint k lies after k·every steps, or a few more, among those kept
	at, slack := brettspiel.HistoryMarks(h)
	for k, n := range at {
		if n < k*m.every || n > k*m.every+slack || n > h.Len()+h.RedoLen() {
			t.Fatalf("action %d: checkpoints after %v steps, every %d, slack %d, %d steps kept", action, at, m.every, slack, h.Len()+h.RedoLen())
		}
	}
}

func (m *undoModel) undoOne() {
	m.undone = append(m.undone, m.line[len(m.line)-1])
	m.line = m.line[:len(m.line)-1]
}

// takeback takes back to p's last decision, which the model finds in line.
func (m *undoModel) takeback(action int, p brettspiel.Player) {
	want := 0
	for i := len(m.line) - 1; i >= 0; i-- {
		if m.line[i].Actor() == p {
			want = len(m.line) - i
			break
		}
	}
	if got := m.h.Takeback(p); got != want {
		m.t.Fatalf("action %d: Takeback(%v) = %d, want %d", action, p, got, want)
	}
	if got := m.h.ToMove(); want > 0 && got != p {
		m.t.Fatalf("action %d: after Takeback(%v) %v is to move", action, p, got)
	}
	for ; want > 0; want-- {
		m.undoOne()
	}
}

// apply plays mv on the history and on the replay, dropping what was undone.
func (m *undoModel) apply(action int, mv brettspiel.Move) {
	t, c := m.t, m.c
	if err := m.h.Apply(mv); err != nil {
		t.Fatalf("action %d: %v", action, err)
	}
	if m.fwdLen != len(m.line) {
		m.fwd, _ = replay(t, c.variant, c.preset, c.players, m.line)
	}
	if err := m.fwd.Apply(mv); err != nil {
		t.Fatalf("action %d: replay: %v", action, err)
	}
	m.line, m.undone, m.fwdLen = append(m.line, mv), nil, len(m.line)+1
	m.ids = append(m.ids[:len(m.line)], posID(t, m.fwd))
}

// checkEnd checks every entry, every earlier position and the record of the
// history against the replay of its line.
func (m *undoModel) checkEnd() {
	t, c, h, line := m.t, m.c, m.h, m.line
	end, events := replay(t, c.variant, c.preset, c.players, line)
	if len(line) > 0 {
		if d := cmp.Diff(events[len(line)-1], h.Game().Events()); d != "" {
			t.Errorf("the position's events are not the last step's (-want +got):\n%s", d)
		}
	}
	before := h.Start()
	for i, e := range h.All() {
		want := brettspiel.HistoryEntry{Move: line[i], Notation: before.MoveString(line[i]), Actor: before.ToMove(), Events: events[i]}
		if d := cmp.Diff(want, e); d != "" {
			t.Fatalf("entry %d (-want +got):\n%s", i, d)
		}
		got, ok := h.Before(i)
		if !ok || posID(t, got) != posID(t, before) {
			t.Fatalf("Before(%d) = %v, %v; want %s", i, got, ok, posID(t, before))
		}
		if i > 0 {
			if d := cmp.Diff(events[i-1], got.Events()); d != "" {
				t.Errorf("Before(%d): events not those of entry %d (-want +got):\n%s", i, i-1, d)
			}
		}
		if err := before.Apply(line[i]); err != nil {
			t.Fatal(err)
		}
	}
	if now, ok := h.Before(h.Len()); !ok || posID(t, now) != posID(t, end) {
		t.Errorf("Before(Len) is not the position now")
	}
	// The record of the history loads, written and read back, to the same
	// position.
	var text strings.Builder
	if _, err := h.Record().WriteTo(&text, h.Start()); err != nil {
		t.Fatal(err)
	}
	rec, err := brettspiel.ParseRecord(strings.NewReader(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := catalog.LoadRecord(rec)
	if err != nil {
		t.Fatalf("%v\n%s", err, text.String())
	}
	if posID(t, loaded) != posID(t, end) {
		t.Errorf("the record loads to %s, want %s", posID(t, loaded), posID(t, end))
	}
}

// newHistory starts a History of c, with a checkpoint every so many steps.
func newHistory(t testing.TB, c config, every int) *brettspiel.History {
	t.Helper()
	g, err := catalog.New(c.variant, c.preset, c.players)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := catalog.NewRecord(c.variant, c.preset, c.players)
	if err != nil {
		t.Fatal(err)
	}
	h, err := brettspiel.NewHistoryEvery(g, rec, every)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestHistoryUndoAtTheStartRedoAtTheEnd(t *testing.T) {
	h, err := catalog.NewHistory("toccateglio", "", 2)
	if err != nil {
		t.Fatal(err)
	}
	start := posID(t, h.Game())
	if h.Undo() || h.Redo() || h.Takeback(0) != 0 || h.Takeback(brettspiel.Chance) != 0 {
		t.Error("Undo, Redo or Takeback did something at the start")
	}
	if _, ok := h.Before(1); ok {
		t.Error("Before(1) with no steps")
	}
	if _, ok := h.Before(-1); ok {
		t.Error("Before(-1)")
	}
	if _, ok := h.Entry(0); ok {
		t.Error("Entry(0) with no steps")
	}
	r := rand.New(rand.NewPCG(1, 1))
	for h.Len() < 6 {
		if err := h.Apply(randomMove(h.Game(), r)); err != nil {
			t.Fatal(err)
		}
	}
	end := posID(t, h.Game())
	if h.Redo() {
		t.Error("Redo at the end returned true")
	}
	for i := 0; i < 6; i++ {
		if !h.Undo() {
			t.Fatalf("Undo %d failed", i)
		}
	}
	if h.Undo() || posID(t, h.Game()) != start || h.Len() != 0 || h.RedoLen() != 6 {
		t.Errorf("after undoing everything: Len %d RedoLen %d at %s, want the start %s", h.Len(), h.RedoLen(), posID(t, h.Game()), start)
	}
	for h.Redo() {
	}
	if posID(t, h.Game()) != end || h.RedoLen() != 0 {
		t.Error("redoing everything does not reach the end")
	}
	// A new Apply drops what was undone.
	h.Undo()
	h.Undo()
	if err := h.Apply(randomMove(h.Game(), r)); err != nil {
		t.Fatal(err)
	}
	if h.RedoLen() != 0 || h.Redo() {
		t.Error("Redo after a new Apply")
	}
}

// Takeback undoes a player's last decision with the throw after it, so that
// he chooses again from the same throw.
func TestHistoryTakebackToTheLastDecision(t *testing.T) {
	for _, c := range []config{{"toccateglio", "", 2}, {"verkehren", "", 2}, {"festung", "", 3}} {
		h, err := catalog.NewHistory(c.variant, c.preset, c.players)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(5, 5))
		var atDecision string
		var legal []brettspiel.Move
		// Play to the first decision of a seat after the first ten steps, and
		// on to the throw after it.
		seat := brettspiel.Nobody
		for seat == brettspiel.Nobody || h.ToMove() != brettspiel.Chance {
			if h.ToMove() == brettspiel.Terminal {
				t.Fatalf("%s: the game ended after %d steps", c.variant, h.Len())
			}
			if h.ToMove() >= 0 && h.Len() >= 10 && seat == brettspiel.Nobody {
				seat = h.ToMove()
			}
			if h.ToMove() == seat {
				g := h.Game()
				atDecision, legal = posID(t, g), g.LegalMoves()
			}
			if err := h.Apply(randomMove(h.Game(), r)); err != nil {
				t.Fatal(err)
			}
		}
		if err := h.Apply(randomMove(h.Game(), r)); err != nil {
			t.Fatal(err)
		}
		n, steps := h.Len(), 0
		for i, e := range h.All() {
			if e.Actor == seat {
				steps = n - i
			}
		}
		if got := h.Takeback(seat); got != steps || got < 2 {
			t.Errorf("%s: Takeback(%v) = %d, want %d (the decision and what followed)", c.variant, seat, got, steps)
		}
		g := h.Game()
		if posID(t, g) != atDecision || g.ToMove() != seat || !cmp.Equal(g.LegalMoves(), legal) {
			t.Errorf("%s: Takeback(%v) leads to %s with %v to move, want the last decision at %s", c.variant, seat, posID(t, g), g.ToMove(), atDecision)
		}
		if h.RedoLen() != steps {
			t.Errorf("%s: RedoLen %d after taking back %d", c.variant, h.RedoLen(), steps)
		}
	}
}

// notLegal returns a move of the player to move that is not legal.
func notLegal(g brettspiel.Game) brettspiel.Move {
	legal := g.LegalMoves()
	for p := uint64(1); ; p = p*3 + 1 {
		m := kit.NewMove(g.ToMove(), p)
		if !slices.Contains(legal, m) {
			return m
		}
	}
}

func TestHistoryApplyErrorsLeaveItUnchanged(t *testing.T) {
	h, err := catalog.NewHistory("verkehren", "", 2)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 2))
	for h.Len() < 9 || h.ToMove() < 0 {
		if err := h.Apply(randomMove(h.Game(), r)); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.Apply(randomMove(h.Game(), r)); err != nil {
		t.Fatal(err)
	}
	h.Undo()
	h.Redo()
	h.Undo() // at a player's node, with one step to redo
	snapshot := func() string {
		var b strings.Builder
		fmt.Fprintln(&b, posID(t, h.Game()), h.Len(), h.RedoLen(), h.Record().Steps)
		for _, e := range h.All() {
			fmt.Fprintln(&b, e)
		}
		return b.String()
	}
	before := snapshot()
	g := h.Game()
	other := brettspiel.Player(1 - h.ToMove())
	for _, bad := range []struct {
		m    brettspiel.Move
		want error
	}{
		{brettspiel.NoMove, nil},
		{kit.NewMove(other, g.LegalMoves()[0].Payload()), brettspiel.ErrNotYourTurn},
		{notLegal(g), brettspiel.ErrIllegalMove},
	} {
		if err := h.Apply(bad.m); err == nil || bad.want != nil && !errors.Is(err, bad.want) {
			t.Errorf("Apply(%v): %v, want %v", bad.m, err, bad.want)
		}
		if got := snapshot(); got != before {
			t.Errorf("Apply(%v) changed the history:\n%s\nwant\n%s", bad.m, got, before)
		}
	}
	// A player's move where a throw is due, and any move after the end.
	for h.ToMove() != brettspiel.Chance && h.ToMove() != brettspiel.Terminal {
		if err := h.Apply(randomMove(h.Game(), r)); err != nil {
			t.Fatal(err)
		}
	}
	before = snapshot()
	if err := h.Apply(kit.NewMove(0, 1)); !errors.Is(err, brettspiel.ErrChanceNode) || snapshot() != before {
		t.Errorf("a play at a chance node: %v", err)
	}
	for h.ToMove() != brettspiel.Terminal {
		if err := h.Apply(randomMove(h.Game(), r)); err != nil {
			t.Fatal(err)
		}
	}
	before = snapshot()
	if err := h.Apply(kit.NewMove(0, 1)); !errors.Is(err, brettspiel.ErrGameOver) || snapshot() != before {
		t.Errorf("a move after the end: %v", err)
	}
}

// What a History hands out is the caller's; what it is given it copies.
func TestHistoryValuesAreCopies(t *testing.T) {
	g, err := catalog.New("toccateglio", "", 2)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := catalog.NewRecord("toccateglio", "", 2)
	original := posID(t, g)
	h, err := brettspiel.NewHistory(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	for h.Len() < 8 {
		if err := h.Apply(randomMove(h.Game(), r)); err != nil {
			t.Fatal(err)
		}
	}
	if posID(t, g) != original || len(rec.Steps) != 0 {
		t.Error("the history played on the caller's game or record")
	}
	now := posID(t, h.Game())
	entries := fmt.Sprint(h.Record(), h.Len())
	for _, e := range h.All() {
		entries += fmt.Sprint(e)
	}

	h.Game().Apply(randomMove(h.Game(), r))
	start := h.Start()
	start.Apply(randomMove(start, r))
	before, _ := h.Before(3)
	before.Apply(randomMove(before, r))
	for _, e := range h.All() {
		if len(e.Events) > 0 {
			e.Events[0].Amount = 99
		}
	}
	if e, ok := h.Entry(7); ok && len(e.Events) > 0 {
		e.Events[0].Rule = "X"
	}
	hr := h.Record()
	hr.Steps[0], hr.Options = "changed", append(hr.Options, "changed")
	rec.Game = "changed"

	got := fmt.Sprint(h.Record(), h.Len())
	for _, e := range h.All() {
		got += fmt.Sprint(e)
	}
	if got != entries || posID(t, h.Game()) != now || posID(t, h.Start()) != original {
		t.Errorf("changing values handed out changed the history:\n%s\nwant\n%s", got, entries)
	}
}

func TestNewHistory(t *testing.T) {
	if _, err := brettspiel.NewHistory(nil, nil); !errors.Is(err, brettspiel.ErrBadPosition) {
		t.Errorf("NewHistory(nil): %v", err)
	}
	// Without a record: the record starts at the game's position.
	g, _ := catalog.New("festung", "", 4)
	h, err := brettspiel.NewHistory(g, nil)
	if err != nil || h.Record() == nil || h.Record().Start != g.ID() || h.Len() != 0 {
		t.Errorf("NewHistory(g, nil): %v, record %v", err, h.Record())
	}
	// A record's steps become entries; a bad step is refused with its line.
	text := "# brettspiel record\ngame: toccateglio\n\n6-5 ; 4-1\n3-2\n"
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	start, _ := catalog.New("toccateglio", "", 2)
	h, err = brettspiel.NewHistory(start, rec)
	if err != nil || h.Len() != 3 || h.Record().Steps[2] != "3-2" {
		t.Fatalf("NewHistory from a record: %v, %d steps", err, h.Len())
	}
	if !h.Undo() || !h.Undo() || !h.Undo() || posID(t, h.Game()) != posID(t, start) {
		t.Error("the record's steps cannot be undone to the start")
	}
	rec, _ = brettspiel.ParseRecord(strings.NewReader(text + "off/off\n"))
	if _, err := brettspiel.NewHistory(start, rec); !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "line 6") {
		t.Errorf("a bad step on line 6: %v", err)
	}
	rec.Steps = []string{"6-5", "nonsense"}
	if _, err := brettspiel.NewHistory(start, &brettspiel.Record{Game: "toccateglio", Steps: []string{"6-5", "nonsense"}}); err == nil || !strings.Contains(err.Error(), "step 2") {
		t.Errorf("a bad step 2: %v", err)
	}
}
