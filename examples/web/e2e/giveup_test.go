package e2e

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/session"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// givenUp is what the library says of giving up at a position: the STATE's
// ending and the sentences of the step, as the session's giveUp answers
// it for the seat to move.
type givenUp struct {
	Ending string
	Turn   string
	Texts  []string
}

func libraryGiveUp(t *testing.T, id, lang string) givenUp {
	t.Helper()
	tab := session.NewTable(session.Options{})
	var st struct {
		Handle int
		Error  *struct{ Message string }
	}
	if err := json.Unmarshal(tab.Call("loadID", []byte(`{"id": `+strconv.Quote(id)+`}`)), &st); err != nil || st.Error != nil {
		t.Fatalf("loadID %s: %v %+v", id, err, st.Error)
	}
	var res struct {
		Ending string
		State  struct{ Turn string }
		Log    []struct {
			Events []struct{ Text string }
		}
		Error *struct{ Message string }
	}
	out := tab.Call("giveUp", []byte(`{"handle": `+strconv.Itoa(st.Handle)+`, "lang": `+strconv.Quote(lang)+`}`))
	if err := json.Unmarshal(out, &res); err != nil || res.Error != nil || len(res.Log) != 1 {
		t.Fatalf("giveUp at %s: %s", id, out)
	}
	g := givenUp{Ending: res.Ending, Turn: res.State.Turn}
	for _, e := range res.Log[0].Events {
		g.Texts = append(g.Texts, e.Text)
	}
	return g
}

// confirmJS reads the question whether to give up: asked (a modal dialog
// open) or not, its words, and whether the button that asks it is shown.
const confirmJS = `(() => {
  const c = document.querySelector('#confirm'), b = document.querySelector('#give-up');
  return {shown: c.open && c.matches(':modal'), text: c.textContent.trim().replace(/\s+/g, ' '),
    button: !!b && !b.hidden && b.getClientRects().length > 0, label: b ? b.textContent : ''};
})()`

type confirmView struct {
	Shown  bool
	Text   string
	Button bool
	Label  string
}

func confirmOf(t *testing.T, ctx context.Context) confirmView {
	t.Helper()
	return eval[confirmView](t, ctx, confirmJS)
}

// lastEntry reads the last entry of the event list: its key and its
// sentences.
func lastEntry(t *testing.T, ctx context.Context) (key string, texts []string) {
	t.Helper()
	v := eval[[]string](t, ctx, `(() => { const li = document.querySelector('#events li:last-child');
  return li ? [li.dataset.key, ...[...li.querySelectorAll('.ev')].map((e) => e.textContent)] : []; })()`)
	if len(v) == 0 {
		t.Fatal("no entry in the event list")
	}
	return v[0], v[1:]
}

// askAndRefuse asks to give up and says No: the page asks first, the
// question's words contain want, and No (or Escape, by key) changes
// nothing.
func askAndRefuse(t *testing.T, ctx context.Context, before snapshot, want string, byKey bool) {
	t.Helper()
	click(t, ctx, "#give-up")
	c := confirmOf(t, ctx)
	if !c.Shown || !strings.Contains(c.Text, want) {
		t.Fatalf("asked to give up, the page shows %+v; want the question %q", c, want)
	}
	if a := eval[string](t, ctx, activeJS); a != "#confirm-no" {
		t.Errorf("the focus is on %s while the page asks, want No", a)
	}
	if byKey {
		press(t, ctx, kb.Escape)
	} else {
		click(t, ctx, "#confirm-no")
	}
	s := snap(t, ctx)
	if s.ID != before.ID || s.Length != before.Length || s.Turn != "player" {
		t.Fatalf("No gave up: %+v, before %+v", s, before)
	}
	if c := confirmOf(t, ctx); c.Shown || !c.Button {
		t.Errorf("after No the page shows %+v", c)
	}
	if a := eval[string](t, ctx, activeJS); a != "#give-up" {
		t.Errorf("after No the focus is on %s, want Give up", a)
	}
}

// giveUpConfirmed says Yes and checks the end against the library's: the
// status says the ending, the message the give-up's sentences, the event
// list's last entry is the give-up's step with the library's sentences.
func giveUpConfirmed(t *testing.T, ctx context.Context, before snapshot, lib givenUp, notation string) snapshot {
	t.Helper()
	click(t, ctx, "#confirm-yes")
	s := waitFor(t, ctx, "the give-up", func(x snapshot) bool { return x.Length != before.Length })
	if s.Turn != lib.Turn {
		t.Fatalf("after giving up the page is at %q, the library at %q", s.Turn, lib.Turn)
	}
	key, texts := lastEntry(t, ctx)
	if !strings.HasSuffix(key, ":"+notation) || strings.Join(texts, "|") != strings.Join(lib.Texts, "|") {
		t.Errorf("the event list ends with %s %q, want the step %q with %q", key, texts, notation, lib.Texts)
	}
	if !strings.Contains(s.Message, lib.Texts[0]) {
		t.Errorf("the message %q does not say %q", s.Message, lib.Texts[0])
	}
	if lib.Turn == "over" && s.Status != lib.Ending {
		t.Errorf("the status says %q, the library's ending %q", s.Status, lib.Ending)
	}
	if c := confirmOf(t, ctx); c.Shown || c.Button {
		t.Errorf("after giving up the page shows %+v", c)
	}
	return s
}

// In Toccateglio against a bot the person gives the Partie up: the page
// asks first, No and Escape change nothing, Yes ends the match (of one
// Partie) as the library ends it, and Play again follows. The Festungsspiel
// offers no giving up.
func TestGiveUpToccateglio(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"5"}, "opponent": {"greedy"}})
	before := toPlay(t, ctx)
	if c := confirmOf(t, ctx); !c.Button || c.Label != "Give up…" || c.Shown {
		t.Fatalf("at the person's play the page shows %+v, want Give up… offered", c)
	}
	askAndRefuse(t, ctx, before, "Really give up the Partie?", false)
	askAndRefuse(t, ctx, before, "Really give up the Partie?", true)
	lib := libraryGiveUp(t, before.ID, "en")
	if lib.Turn != "over" || !strings.Contains(lib.Ending, "wins") {
		t.Fatalf("the library's give-up: %+v", lib)
	}
	click(t, ctx, "#give-up")
	giveUpConfirmed(t, ctx, before, lib, "give up")
	if shown := eval[bool](t, ctx, `!document.querySelector('#play-again').hidden`); !shown {
		t.Error("no Play again after giving up")
	}

	open(t, ctx, url.Values{"variant": {"festung"}, "players": {"3"}, "seed": {"3"}, "opponent": {"hot-seat"}})
	toPlay(t, ctx)
	if c := confirmOf(t, ctx); c.Button {
		t.Errorf("the Festungsspiel offers %+v", c)
	}
}

// In a Toccateglio match of three Partien between two people at one
// screen, a Partie given up goes to the other, and the match goes on: the
// winner chooses to go on or start afresh.
func TestGiveUpAPartieOfAMatch(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"1"}, "opponent": {"hot-seat"}})
	rec := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=3\n"
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#record-text"), rec)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#load-record")
	waitFor(t, ctx, "the match", func(s snapshot) bool { return strings.Contains(s.Message, "Loaded Toccateglio") })
	before := toPlay(t, ctx)
	click(t, ctx, "#give-up")
	if c := confirmOf(t, ctx); !strings.Contains(c.Text, "the match goes on") {
		t.Errorf("the question in a match: %q", c.Text)
	}
	lib := libraryGiveUp(t, before.ID, "en")
	s := giveUpConfirmed(t, ctx, before, lib, "give up")
	if s.Turn != "player" || s.Player == before.Player {
		t.Fatalf("after the Partie given up: %+v, given up by %s", s, before.Player)
	}
	buttons := eval[[]string](t, ctx, `[...document.querySelectorAll('#decisions [data-move]')].map((b) => b.dataset.move)`)
	if len(buttons) != 2 || !slices.Contains(buttons, "go-on") || !slices.Contains(buttons, "afresh") {
		t.Errorf("the winner is offered %q, want go-on and afresh", buttons)
	}
	if c := confirmOf(t, ctx); c.Button {
		t.Error("Give up… offered at the winner's choice")
	}
	if !strings.Contains(s.Message, "Partie") || !strings.Contains(s.Status, "Partie 2 of 3") {
		t.Errorf("after the Partie given up: the message %q, the status %q", s.Message, s.Status)
	}
	click(t, ctx, `#decisions [data-move="afresh"]`)
	waitFor(t, ctx, "the next Partie", func(x snapshot) bool { return x.Length != s.Length && x.Turn != "over" })
}

// Against a bot the winner of the Partie given up is the bot, whose choice
// (go on or afresh) follows at once: the message keeps how the Partie
// ended beside it.
func TestGiveUpAPartieToABot(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"2"}, "opponent": {"greedy"}})
	rec := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=3\n"
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#record-text"), rec)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#load-record")
	waitFor(t, ctx, "the match", func(s snapshot) bool { return strings.Contains(s.Message, "Loaded Toccateglio") })
	// the bots wait after a load: the person throws for both, and the bot
	// plays by Bot plays until the person is to play
	var before snapshot
	for i := 0; ; i++ {
		before = waitFor(t, ctx, "a quiet page", func(s snapshot) bool { return s.Busy == "0" })
		if before.Turn == "player" && before.Player == "0" {
			break
		}
		if i > 20 || before.Turn == "over" {
			t.Fatalf("the person is never to play: %+v", before)
		}
		if before.Turn == "chance" {
			click(t, ctx, "#throw")
		} else {
			click(t, ctx, "#bot-move")
		}
		waitFor(t, ctx, "a step", func(s snapshot) bool { return s.Length != before.Length })
	}
	lib := libraryGiveUp(t, before.ID, "en")
	click(t, ctx, "#give-up")
	click(t, ctx, "#confirm-yes")
	s := waitFor(t, ctx, "the bot's choice", func(x snapshot) bool {
		key := eval[string](t, ctx, `document.querySelector('#events li:last-child').dataset.key`)
		return x.Busy == "0" && (strings.HasSuffix(key, ":go-on") || strings.HasSuffix(key, ":afresh"))
	})
	end := lib.Texts[len(lib.Texts)-1]
	if !strings.Contains(s.Message, end) || !strings.Contains(s.Message, "greedy bot") {
		t.Errorf("after the bot's choice the message says %q, want %q and the bot's choice", s.Message, end)
	}
}

// In German the button, the question and its answers are German, and the
// end is the library's German ending.
func TestGiveUpInGerman(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"8"}, "opponent": {"greedy"}, "lang": {"de"}})
	before := toPlay(t, ctx)
	if c := confirmOf(t, ctx); c.Label != "Aufgeben…" {
		t.Fatalf("the button reads %q", c.Label)
	}
	click(t, ctx, "#give-up")
	c := confirmOf(t, ctx)
	if !strings.HasPrefix(c.Text, "Die Partie wirklich aufgeben?") || !strings.HasSuffix(c.Text, "Ja Nein") {
		t.Errorf("the question reads %q", c.Text)
	}
	lib := libraryGiveUp(t, before.ID, "de")
	giveUpConfirmed(t, ctx, before, lib, "give up")
	if !strings.Contains(lib.Texts[0], "gibt die Partie auf") {
		t.Errorf("the library's German: %q", lib.Texts)
	}
}

// On a phone Verkehren's concession is the same Give up…: in reach, large
// enough for a finger, the question on the screen with its answers, the
// audit passed while it asks; No keeps the game, Yes ends it.
func TestGiveUpOnAPhone(t *testing.T) {
	ctx := page(t)
	asPhone(t, ctx)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"9"}, "opponent": {"random"}})
	before := toPlay(t, ctx)
	inReach := `((sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height >= 44 && r.width >= 44; })`
	if !eval[bool](t, ctx, inReach+`('#give-up')`) {
		t.Error("Give up… is not within the screen at 44 px")
	}
	if m := eval[string](t, ctx, `document.querySelector('#give-up').dataset.move || ''`); m != "concede" {
		t.Errorf("Give up… is the concession %q", m)
	}
	askAndRefuse(t, ctx, before, "Really give up the game?", false)
	click(t, ctx, "#give-up")
	for _, sel := range []string{"#confirm-yes", "#confirm-no", "#confirm-text"} {
		if !eval[bool](t, ctx, strings.Replace(inReach, "&& r.height >= 44 && r.width >= 44", "", 1)+`('`+sel+`')`) {
			t.Errorf("%s is not within the screen", sel)
		}
	}
	audit(t, ctx, "Verkehren asking to give up", 11, 40)
	lib := libraryGiveUp(t, before.ID, "en")
	giveUpConfirmed(t, ctx, before, lib, "concede")
}

// Giving up by the keyboard alone: Tab to Give up…, Enter asks (the focus
// on No), Escape takes the question back, Enter asks again, Tab to Yes,
// Enter gives up.
func TestGiveUpByKeyboard(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"5"}, "opponent": {"greedy"}})
	before := toPlay(t, ctx)
	focusBy(t, ctx, is("#give-up"), kb.Tab, 80)
	press(t, ctx, kb.Enter)
	if a := eval[string](t, ctx, activeJS); a != "#confirm-no" || !confirmOf(t, ctx).Shown {
		t.Fatalf("Enter on Give up…: the focus on %s, the question %+v", a, confirmOf(t, ctx))
	}
	press(t, ctx, kb.Escape)
	if a := eval[string](t, ctx, activeJS); a != "#give-up" || confirmOf(t, ctx).Shown {
		t.Fatalf("Escape: the focus on %s, the question %+v", a, confirmOf(t, ctx))
	}
	if s := snap(t, ctx); s.ID != before.ID {
		t.Fatalf("Escape changed the game: %+v", s)
	}
	press(t, ctx, kb.Enter)
	focusBy(t, ctx, is("#confirm-yes"), kb.Tab, 80)
	lib := libraryGiveUp(t, before.ID, "en")
	press(t, ctx, kb.Enter)
	s := waitFor(t, ctx, "the give-up", func(x snapshot) bool { return x.Turn == "over" })
	if s.Status != lib.Ending {
		t.Errorf("the status says %q, the library's ending %q", s.Status, lib.Ending)
	}
}

// In Verkehren with a Band on his own side a player gives up only with
// the other's consent (V-W2): the page says so, and against a bot takes
// it as given; the game ends by agreement as the library ends it.
func TestGiveUpWithABandOnTheOwnSide(t *testing.T) {
	id := bandPosition(t)
	ctx := page(t)
	open(t, ctx, url.Values{"id": {id}, "opponent": {"greedy"}})
	before := waitFor(t, ctx, "the position", func(s snapshot) bool { return s.Turn == "player" && s.Busy == "0" })
	if before.ID != id {
		t.Fatalf("the page shows %s, want %s", before.ID, id)
	}
	if m := eval[string](t, ctx, `(() => { const b = document.querySelector('#give-up'); return b ? b.dataset.move || '' : 'none'; })()`); m != "" {
		t.Errorf("Give up… with a Band on the own side is the move %q, want no legal move", m)
	}
	click(t, ctx, "#give-up")
	if c := confirmOf(t, ctx); !strings.Contains(c.Text, "consent (V-W2), which the bot gives") {
		t.Errorf("the question reads %q", c.Text)
	}
	lib := libraryGiveUp(t, id, "en")
	giveUpConfirmed(t, ctx, before, lib, "concede by agreement")
	if !strings.Contains(lib.Texts[0], "agreed") {
		t.Errorf("the library's sentences: %q", lib.Texts)
	}
}

// bandPosition plays a seeded Verkehren game by the greedy bot until white
// is to play with a Band on his own side, and returns its position ID.
func bandPosition(t *testing.T) string {
	t.Helper()
	seed := session.Seed(3)
	g, err := session.New(session.Config{Variant: "verkehren", Players: 2, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000; i++ {
		pos := g.Position()
		switch p := pos.ToMove(); {
		case p == brettspiel.Terminal:
			t.Fatal("the game ended without a Band on white's own side at his play")
		case p == brettspiel.Chance:
			_, err = g.Throw()
		case p == 0:
			if _, agreed, e := pos.(brettspiel.GiveUpper).GiveUpMove(0); e == nil && agreed {
				id, err := g.PositionID()
				if err != nil {
					t.Fatal(err)
				}
				return id
			}
			_, err = g.BotMove(context.Background(), "greedy")
		default:
			_, err = g.BotMove(context.Background(), "greedy")
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no Band on white's own side at his play in 2000 steps")
	return ""
}
