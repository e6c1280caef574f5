package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/session"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// toPlay throws (by clicking) until a player of the page is to move.
func toPlay(t *testing.T, ctx context.Context) snapshot {
	t.Helper()
	for i := 0; ; i++ {
		s := waitFor(t, ctx, "a quiet page", func(s snapshot) bool { return s.Busy == "0" })
		if s.Turn == "player" {
			return s
		}
		if i > 50 || s.Turn == "over" {
			t.Fatalf("no player to move: %+v", s)
		}
		click(t, ctx, "#throw")
	}
}

// newGameByChooser starts a new game from the chooser, which opens over
// the board.
func newGameByChooser(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#open-chooser")
	click(t, ctx, "#new-game")
	if eval[bool](t, ctx, `document.querySelector('#chooser-dialog').open`) {
		t.Fatal("the chooser stays open after New game")
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// An illegal drop is refused: the position stays, and the message names
// the rule with its text as the rules package has it.
func TestIllegalDropIsRefusedWithTheRule(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"4"}, "opponent": {"hot-seat"}})
	before := toPlay(t, ctx)
	from := eval[string](t, ctx, `document.querySelector(`+severalTargets+`).dataset.point`)
	click(t, ctx, fmt.Sprintf(`[data-point="%s"]`, from))
	// Any point that is not highlighted as a target of that stone.
	to := eval[string](t, ctx, `[...document.querySelectorAll('.point:not(.target):not(.selected)')].map((e) => e.dataset.point).find((p) => p !== '`+from+`')`)
	click(t, ctx, fmt.Sprintf(`[data-point="%s"]`, to))
	s := snap(t, ctx)
	if s.Error != "ErrIllegalMove" || s.Rule == "" {
		t.Fatalf("drop %s→%s: the page shows %+v", from, to, s)
	}
	r, ok := rules.Lookup(s.Rule)
	if !ok || !strings.Contains(s.Message, r.Text) || !strings.Contains(s.Message, r.Title) {
		t.Errorf("drop %s→%s: message %q, want the text of %s", from, to, s.Message, s.Rule)
	}
	// said to the player, in his terms, not in the module's words
	if !strings.HasPrefix(s.Message, "You ") || strings.Contains(s.Message, "brettspiel:") || strings.Contains(s.Message, "illegal move") {
		t.Errorf("drop %s→%s: message for programmers %q", from, to, s.Message)
	}
	if s.ID != before.ID || s.Length != before.Length || s.Steps != "0" {
		t.Errorf("the refused drop changed the page: %+v, before %+v", s, before)
	}
	t.Logf("%s→%s refused: %s", from, to, s.Message)
	// The event list carries the rule text on hover.
	title := eval[string](t, ctx, `(document.querySelector('#events [data-rule]') || {}).title || ''`)
	if title == "" {
		t.Error("no event of the list has its rule's text as its title")
	}
}

// Undo takes back exactly one step and restores its position; redo plays
// it again.
func TestUndoRestoresThePosition(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"8"}, "opponent": {"hot-seat"}})
	var ids []string
	s := toPlay(t, ctx)
	ids = append(ids, s.ID)
	click(t, ctx, "#legal li")
	s = waitFor(t, ctx, "a move", func(x snapshot) bool { return x.Length != s.Length })
	after := s
	click(t, ctx, "#undo")
	s = waitFor(t, ctx, "the undo", func(x snapshot) bool { return x.Length != after.Length })
	if s.ID != ids[0] {
		t.Errorf("undo: %s, want %s", s.ID, ids[0])
	}
	click(t, ctx, "#redo")
	s = waitFor(t, ctx, "the redo", func(x snapshot) bool { return x.Length == after.Length })
	if s.ID != after.ID {
		t.Errorf("redo: %s, want %s", s.ID, after.ID)
	}
}

// A saved record loads into the same position, with its steps to undo; a
// position ID loads too.
func TestSavedRecordAndIDLoad(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"festung"}, "players": {"4"}, "seed": {"21"}, "opponent": {"hot-seat"}})
	for i := 0; i < 12; i++ {
		s := snap(t, ctx)
		if s.Turn == "chance" {
			click(t, ctx, "#throw")
		} else {
			click(t, ctx, "#board .field.target")
		}
	}
	saved := snap(t, ctx)
	click(t, ctx, "#save-record")
	text := eval[string](t, ctx, `document.querySelector('#record-text').value`)
	if !strings.HasPrefix(text, "# brettspiel record") {
		t.Fatalf("saved record: %q", text)
	}
	newGameByChooser(t, ctx)
	s := waitFor(t, ctx, "a new game", func(x snapshot) bool { return x.Length == "0" })
	if s.ID == saved.ID {
		t.Fatal("the new game is the saved position")
	}
	click(t, ctx, "#load-record")
	s = waitFor(t, ctx, "the loaded record", func(x snapshot) bool { return x.Length == saved.Length })
	if s.ID != saved.ID {
		t.Errorf("loaded record: %s, want %s", s.ID, saved.ID)
	}
	if undo := eval[bool](t, ctx, `!document.querySelector('#undo').disabled`); !undo {
		t.Error("the loaded record's steps cannot be undone")
	}
	// The position ID, typed into the load field.
	newGameByChooser(t, ctx)
	waitFor(t, ctx, "a new game", func(x snapshot) bool { return x.Length == "0" })
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#load-id-text"), saved.ID)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#load-id")
	s = waitFor(t, ctx, "the loaded ID", func(x snapshot) bool { return x.ID == saved.ID })
	if s.Length != "0" {
		t.Errorf("a game from an ID has %s steps, want 0", s.Length)
	}
}

// Conceding asks first; "No" keeps the game going.
func TestConcedeAsksFirst(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"9"}, "opponent": {"hot-seat"}})
	before := toPlay(t, ctx)
	click(t, ctx, `#decisions [data-move="concede"]`)
	if shown := eval[bool](t, ctx, `document.querySelector('#confirm').open`); !shown {
		t.Fatal("no confirmation asked")
	}
	click(t, ctx, "#confirm-no")
	if s := snap(t, ctx); s.ID != before.ID || s.Turn != "player" {
		t.Fatalf("No conceded: %+v", s)
	}
	click(t, ctx, `#decisions [data-move="concede"]`)
	click(t, ctx, "#confirm-yes")
	s := waitFor(t, ctx, "the end", func(x snapshot) bool { return x.Turn == "over" })
	if !strings.Contains(s.Status, "wins") {
		t.Errorf("after conceding: %q", s.Status)
	}
}

// Calls from JavaScript that are wrong in themselves get error values, and
// the page goes on working.
func TestBadCallsFromJavaScript(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"1"}})
	for _, js := range []string{
		`brettspiel.call()`,
		`brettspiel.call(42)`,
		`brettspiel.call('state', {handle: 1})`,
		`brettspiel.call('state', '{"handle": "one"}')`,
		`brettspiel.call('nosuch', '{}')`,
		`brettspiel.call('apply', '{"handle": 999999, "notation": "1/2"}')`,
	} {
		out := eval[string](t, ctx, js)
		var v struct {
			Error struct{ Name, Message string }
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil || !strings.HasPrefix(v.Error.Name, "Err") || v.Error.Message == "" {
			t.Errorf("%s = %s, want an error value", js, out)
		}
	}
	click(t, ctx, "#throw")
	if s := waitFor(t, ctx, "a throw", func(x snapshot) bool { return x.Length == "1" }); s.Error != "" {
		t.Errorf("after the bad calls: %+v", s)
	}
}

// The figures of doc/performance.md: the time from the start of the page's load to
// the WebAssembly's start and to the first state with its legal moves, and
// the time of a bot's move in the page.
func TestMeasure(t *testing.T) {
	ctx := page(t)
	for _, g := range []struct{ variant, bot string }{{"toccateglio", "expectimax"}, {"verkehren", "expectimax"}, {"festung", "expectimax"}, {"verkehren", "greedy"}} {
		open(t, ctx, url.Values{"variant": {g.variant}, "seed": {"2"}, "opponent": {g.bot}, "players": {"3"}})
		m := eval[map[string]any](t, ctx, `globalThis.brettspielMetrics`)
		t.Logf("%s: WebAssembly started %.0f ms after the load began; first state with its legal moves at %.0f ms",
			g.variant, m["wasmReady"], m["firstState"])
		deadline := time.Now().Add(60 * time.Second)
		for {
			m = eval[map[string]any](t, ctx, `globalThis.brettspielMetrics`)
			if bm, _ := m["botMoves"].([]any); len(bm) >= 12 || time.Now().After(deadline) {
				break
			}
			s := snap(t, ctx)
			switch {
			case s.Turn == "over":
				click(t, ctx, "#play-again")
			case s.Busy == "1":
				time.Sleep(20 * time.Millisecond)
			case s.Turn == "chance":
				click(t, ctx, "#throw")
			default:
				click(t, ctx, "#bot-move")
			}
		}
		bm, _ := m["botMoves"].([]any)
		if len(bm) == 0 {
			t.Fatalf("%s: no bot moved", g.variant)
		}
		var wall, inBot []float64
		for _, x := range bm {
			b, _ := x.(map[string]any)
			w, okWall := b["wall"].(float64)
			ms, okBot := b["millis"].(float64)
			if !okWall || !okBot {
				t.Fatalf("%s: a bot move without its timings: %v", g.variant, x)
			}
			wall, inBot = append(wall, w), append(inBot, ms)
		}
		slices.Sort(wall)
		slices.Sort(inBot)
		t.Logf("%s: %d %s moves: median %.0f ms, longest %.0f ms (in the bot: median %.0f ms, longest %.0f ms)",
			g.variant, len(wall), g.bot, wall[len(wall)/2], wall[len(wall)-1], inBot[len(inBot)/2], inBot[len(inBot)-1])
	}
}

// Physical dice entered by hand are played as that throw; a hint ranks the
// moves; a stone dragged to its target moves as by two clicks.
func TestManualDiceHintAndDrag(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"3"}, "opponent": {"hot-seat"}, "dice": {"manual"}})
	lib, err := catalog.New("verkehren", "", 2)
	if err != nil {
		t.Fatal(err)
	}
	// The draw for the start and the first throw, as entered by hand.
	for _, d := range []string{"6 2", "3 1", "5 4"} {
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#manual-dice"), d)); err != nil {
			t.Fatal(err)
		}
		click(t, ctx, "#enter-dice")
		m, err := lib.ParseMove(strings.ReplaceAll(d, " ", "-"))
		if err != nil {
			t.Fatal(err)
		}
		if err := lib.Apply(m); err != nil {
			t.Fatal(err)
		}
		if s := snap(t, ctx); s.ID != idOf(t, lib) {
			t.Fatalf("after entering %s: page %s, library %s (%s)", d, s.ID, idOf(t, lib), s.Message)
		}
	}
	s := snap(t, ctx)
	if s.Turn != "player" {
		t.Fatalf("after the draw and a throw: %+v", s)
	}
	click(t, ctx, "#hint")
	hints := eval[[]string](t, ctx, `[...document.querySelectorAll('#hints li')].map((li) => li.textContent)`)
	if len(hints) == 0 || !strings.Contains(hints[0], " — ") {
		t.Errorf("hints: %q", hints)
	}
	// Drag the first stone that may move to its first target.
	from := eval[string](t, ctx, `document.querySelector(`+severalTargets+`).dataset.point`)
	click(t, ctx, fmt.Sprintf(`[data-point="%s"]`, from))
	to := eval[string](t, ctx, `document.querySelector('.target').dataset.point`)
	click(t, ctx, fmt.Sprintf(`[data-point="%s"]`, from)) // put it down again
	xy := func(sel string) []float64 {
		return eval[[]float64](t, ctx, centreJS+"("+strconv.Quote(sel)+")")
	}
	a, b := xy(fmt.Sprintf(`[data-point="%s"]`, from)), xy(fmt.Sprintf(`[data-point="%s"]`, to))
	err = chromedp.Do(ctx,
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, a[0], a[1], chromedp.Button("left")),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (a[0]+b[0])/2, (a[1]+b[1])/2, chromedp.Button("left")),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, b[0], b[1], chromedp.Button("left")),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, b[0], b[1], chromedp.Button("left")))
	if err != nil {
		t.Fatal(err)
	}
	if s := snap(t, ctx); s.Steps != "1" && s.Length != "4" {
		t.Errorf("dragging %s to %s made no step: %+v", from, to, s)
	}
}

// A Toccateglio match loaded from a record (three Partien) offers the
// winner of a Partie the decision to go on or start afresh as buttons; a
// click on one plays it.
func TestToccateglioDecisionButtons(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"1"}, "opponent": {"hot-seat"}})
	rec := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=3\n"
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#record-text"), rec)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#load-record")
	waitFor(t, ctx, "the match", func(s snapshot) bool { return strings.Contains(s.Message, "Loaded Toccateglio") })
	for i := 0; i < 600; i++ {
		s := snap(t, ctx)
		switch {
		case s.Turn == "over":
			t.Fatal("the match ended without a decision")
		case s.Turn == "chance":
			click(t, ctx, "#throw")
		default:
			buttons := eval[[]string](t, ctx, `[...document.querySelectorAll('#decisions [data-move]')].map((b) => b.dataset.move)`)
			if slices.Contains(buttons, "go-on") {
				if !slices.Contains(buttons, "afresh") {
					t.Errorf("decision buttons %q, want go-on and afresh", buttons)
				}
				click(t, ctx, `#decisions [data-move="go-on"]`)
				after := waitFor(t, ctx, "the decision", func(x snapshot) bool { return x.Length != s.Length })
				last := eval[string](t, ctx, `document.querySelector('#events li:last-child').dataset.key`)
				if !strings.HasSuffix(last, ":go-on") {
					t.Errorf("the last step is %s, want go-on", last)
				}
				t.Logf("go-on clicked after %s steps", after.Length)
				return
			}
			click(t, ctx, "#legal li")
		}
	}
	t.Fatal("no decision within 600 clicks")
}

// In the Festungsspiel a click on a field that the throw does not offer is
// refused with the rule, and the position stays.
func TestFieldNotOfferedIsRefused(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"festung"}, "players": {"3"}, "seed": {"3"}, "opponent": {"hot-seat"}})
	var before snapshot
	for i := 0; ; i++ {
		before = snap(t, ctx)
		if before.Turn == "player" {
			break
		}
		if i > 400 || before.Turn == "over" {
			t.Fatalf("no decision: %+v", before)
		}
		click(t, ctx, "#throw")
	}
	field := eval[string](t, ctx, `document.querySelector('#board .field.outerWork:not(.target)').dataset.field`)
	click(t, ctx, fmt.Sprintf(`[data-field=%q]`, field))
	s := snap(t, ctx)
	if s.Error != "ErrIllegalMove" || s.Rule == "" || s.ID != before.ID || s.Length != before.Length {
		t.Fatalf("field %s: the page shows %+v", field, s)
	}
	r, _ := rules.Lookup(s.Rule)
	if !strings.Contains(s.Message, r.Text) {
		t.Errorf("field %s: message %q lacks the text of %s", field, s.Message, s.Rule)
	}
	t.Logf("%s refused: %s", field, s.Message)
}

// The time from the start of the page's load to the first list of legal
// plays, on a link to a position where a player is to move, in each game.
func TestMeasureFirstLegalPlays(t *testing.T) {
	ctx := page(t)
	for _, v := range []struct {
		name    string
		players int
	}{{"toccateglio", 2}, {"verkehren", 2}, {"festung", 3}} {
		g, err := catalog.New(v.name, "", v.players)
		if err != nil {
			t.Fatal(err)
		}
		// Play seeded steps up to a player's decision.
		for n := 0; n < 5 || g.ToMove() < 0; n++ {
			if g.ToMove() == brettspiel.Chance {
				m, _ := brettspiel.SampleChance(g, session.Rand(1, n, session.Dice))
				g.Apply(m)
			} else {
				g.Apply(g.LegalMoves()[0])
			}
		}
		id := idOf(t, g)
		s := open(t, ctx, url.Values{"id": {id}, "opponent": {"hot-seat"}})
		if s.ID != id || s.Turn != "player" {
			t.Fatalf("%s: the link to %s shows %+v", v.name, id, s)
		}
		m := eval[map[string]any](t, ctx, `globalThis.brettspielMetrics`)
		n := eval[int](t, ctx, `document.querySelectorAll('#legal li').length`)
		if m["firstLegal"].(float64) <= 0 || n == 0 {
			t.Fatalf("%s: no legal plays shown", v.name)
		}
		t.Logf("%s: the first %d legal plays shown %.0f ms after the load began (WebAssembly running at %.0f ms)",
			v.name, n, m["firstLegal"], m["wasmReady"])
		// A new game, as a first visit opens one: the page throws by
		// itself (the draw for the start of the race games too) up to the
		// first play.
		open(t, ctx, url.Values{"variant": {v.name}, "players": {fmt.Sprint(v.players)}, "seed": {"1"}, "opponent": {"hot-seat"}, "autothrow": {"1"}})
		waitFor(t, ctx, "the first play", func(s snapshot) bool { return s.Turn == "player" && s.Busy == "0" })
		m = eval[map[string]any](t, ctx, `globalThis.brettspielMetrics`)
		t.Logf("%s, a new game thrown by itself: the first legal plays shown %.0f ms after the load began (WebAssembly running at %.0f ms)",
			v.name, m["firstLegal"], m["wasmReady"])
	}
}

// Against a bot, undo takes back the bot's step too; the bot then waits
// until a person presses Throw or Bot plays, and plays on from there.
func TestUndoAgainstABot(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"15"}, "opponent": {"random"}})
	var s snapshot
	for i := 0; ; i++ {
		s = waitFor(t, ctx, "a quiet page", func(x snapshot) bool { return x.Busy == "0" })
		if s.Turn == "player" && s.Player == "0" {
			break
		}
		if i > 20 {
			t.Fatalf("player 1 never to move: %+v", s)
		}
		click(t, ctx, "#throw")
	}
	click(t, ctx, "#legal li")
	after := waitFor(t, ctx, "the bot", func(x snapshot) bool { return x.Busy == "0" && x.Length != s.Length })
	click(t, ctx, "#undo") // takes back the last step, the bot's
	undone := waitFor(t, ctx, "the undo", func(x snapshot) bool { return x.Length != after.Length })
	time.Sleep(50 * time.Millisecond)
	if again := snap(t, ctx); again.Length != undone.Length || again.Busy != "0" || !strings.Contains(again.Status, "waiting") {
		t.Fatalf("after undo the bot did not wait: %+v", again)
	}
	if undone.Turn == "chance" {
		click(t, ctx, "#throw")
	} else {
		click(t, ctx, "#bot-move")
	}
	waitFor(t, ctx, "the bot again", func(x snapshot) bool { return x.Busy == "0" && x.Length >= after.Length })
}
