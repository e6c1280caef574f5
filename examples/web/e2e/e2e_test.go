package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/session"
)

// The server and the browser are started once for all tests.
var (
	setupOnce sync.Once
	setupErr  error
	skipWhy   string
	baseURL   string
	browser   context.Context
)

// chromiumPaths are where a Chromium is looked for, in order.
var chromiumPaths = []string{"chromium", "chromium-browser", "google-chrome", "/usr/bin/chromium"}

// findChromium returns the browser to drive: $BRETTSPIEL_CHROMIUM when it
// is set (to any other browser speaking the DevTools protocol), else the
// first of chromiumPaths found. It returns "" and why when there is none.
func findChromium() (string, string) {
	if p := os.Getenv("BRETTSPIEL_CHROMIUM"); p != "" {
		if exe, err := exec.LookPath(p); err == nil {
			return exe, ""
		}
		return "", "no browser: BRETTSPIEL_CHROMIUM=" + p + " is no executable"
	}
	for _, name := range chromiumPaths {
		if p, err := exec.LookPath(name); err == nil {
			return p, ""
		}
	}
	return "", "no Chromium found (looked for " + strings.Join(chromiumPaths, ", ") + "); install it with apt-get install -y chromium to run the browser tests"
}

// TestMain stops the server and the browser after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	// Last started, first stopped: the browser before its folder.
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
	os.Exit(code)
}

var cleanups []func()

// page returns a new tab of the shared browser, or skips the test when no
// browser can be found.
func page(t *testing.T) context.Context {
	t.Helper()
	setupOnce.Do(setup)
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, 120*time.Second)
	t.Cleanup(cancel2)
	return ctx
}

func setup() {
	exe, why := findChromium()
	if exe == "" {
		skipWhy = why
		return
	}
	start := time.Now()
	if addr := os.Getenv("BRETTSPIEL_WEB_URL"); addr != "" {
		// a server already running (go run ./examples/web): no build
		baseURL = addr
	} else {
		addr, stop, err := startServer()
		if err != nil {
			setupErr = err
			return
		}
		cleanups = append(cleanups, stop)
		baseURL = addr
	}
	addr := baseURL
	fmt.Printf("server up at %s after %v\n", addr, time.Since(start).Round(time.Millisecond))
	dir, err := os.MkdirTemp("", "brettspiel-chromium-")
	if err != nil {
		setupErr = err
		return
	}
	cleanups = append(cleanups, func() { os.RemoveAll(dir) })
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1280, 1000),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelB := chromedp.NewContext(actx)
	// Start the browser now, so that its start is not charged to a test.
	if err := chromedp.Do(bctx); err != nil {
		cancelB()
		cancelA()
		setupErr = fmt.Errorf("start %s: %w", exe, err)
		return
	}
	cleanups = append(cleanups, cancelB, cancelA)
	browser = bctx
}

// startServer builds the page's server and starts it on a free port; it
// returns the page's address.
func startServer() (string, func(), error) {
	dir, err := os.MkdirTemp("", "brettspiel-web-")
	if err != nil {
		return "", nil, err
	}
	bin := filepath.Join(dir, "web")
	build := exec.Command("go", "build", "-o", bin, "github.com/brettspiel/brettspiel/examples/web")
	if out, err := build.CombinedOutput(); err != nil {
		return "", nil, fmt.Errorf("build the server: %v\n%s", err, out)
	}
	srv := exec.Command(bin, "-addr", "127.0.0.1:0")
	srv.Stderr = os.Stderr
	stdout, err := srv.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	if err := srv.Start(); err != nil {
		return "", nil, err
	}
	stop := func() {
		// An interrupt lets the server remove its temporary folder.
		if srv.Process.Signal(os.Interrupt) != nil {
			srv.Process.Kill()
		}
		srv.Wait()
		os.RemoveAll(dir)
	}
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if addr, ok := strings.CutPrefix(lines.Text(), "serving "); ok {
			go func() {
				for lines.Scan() {
				}
			}()
			return addr, stop, nil
		}
	}
	stop()
	return "", nil, fmt.Errorf("the server printed no address")
}

// snapshot is what the tests read of the page.
type snapshot struct {
	Ready   string `json:"ready"`
	Busy    string `json:"busy"`
	Turn    string `json:"turn"`
	Player  string `json:"player"`
	Length  string `json:"length"`
	Steps   string `json:"steps"`
	ID      string `json:"id"`
	Message string `json:"message"`
	Error   string `json:"error"`
	Rule    string `json:"rule"`
	Status  string `json:"status"`
}

const snapJS = `(() => {
  const b = document.body.dataset, m = document.querySelector('#message');
  const r = m.querySelector('[data-rule]');
  return JSON.stringify({ready: b.ready || '', busy: b.busy || '', turn: b.turn || '', player: b.player || '',
    length: b.length || '', steps: b.steps || '', id: document.querySelector('#position-id').textContent,
    message: m.textContent, error: m.dataset.error || '', rule: r ? r.dataset.rule : '',
    status: document.querySelector('#status').textContent});
})()`

// logJS reads the move list: "index:notation" for every step.
const logJS = `[...document.querySelectorAll('#events li')].map((li) => li.dataset.key)`

func snap(t *testing.T, ctx context.Context) snapshot {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](snapJS))
	if err != nil {
		t.Fatal(err)
	}
	var v snapshot
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// waitFor polls the page until ok holds for its snapshot.
func waitFor(t *testing.T, ctx context.Context, what string, ok func(snapshot) bool) snapshot {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s := snap(t, ctx)
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: the page shows %+v", what, s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// centreJS scrolls an element into view and returns the middle of its box
// in the viewport, or null when there is no such element or it is hidden.
const centreJS = `((sel) => {
  const e = document.querySelector(sel);
  if (!e) return null;
  e.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  return [r.x + r.width / 2, r.y + r.height / 2];
})`

// click clicks the middle of an element with the mouse, as a person does:
// the browser's own mouse events, which reach whatever element lies there.
// (chromedp.Click does the same with more round trips to the browser.)
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](centreJS+"("+strconv.Quote(sel)+")"))
	if err != nil || len(xy) != 2 {
		t.Fatalf("click %s: no such element shown (%v)", sel, err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
}

// open loads the page with a game chosen by the query parameters.
func open(t *testing.T, ctx context.Context, q url.Values) snapshot {
	t.Helper()
	q.Set("delay", "0")
	// The tests throw by the button unless they ask for the page's own
	// throws: the setting is on by default.
	if !q.Has("autothrow") {
		q.Set("autothrow", "0")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(baseURL+"?"+q.Encode())); err != nil {
		t.Fatal(err)
	}
	return waitFor(t, ctx, "the page to start", func(s snapshot) bool { return s.Ready == "1" })
}

func idOf(t *testing.T, g brettspiel.Game) string {
	t.Helper()
	b, err := g.(interface{ MarshalText() ([]byte, error) }).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// game is one seeded game the tests play through the page.
type game struct {
	variant, preset string
	players         int
	seed            uint64
	opponent        string // "hot-seat", or the bot of every seat but 0
	keys            bool   // played by the keyboard alone, else by clicks
	autoThrow       bool   // the page throws every throw by itself
	upTo            int    // stop after this many steps (0: play to the end)
	settings        string // the settings beside the preset ("schule=true"); not for play, which compares IDs an open window of the Schule does not have
}

// play plays g to the end through clicks — the throw button, a stone and
// its target for every single step, the decision buttons, the fields of
// the plan — and after every step compares the page's position ID with the
// library's, which plays the same throws (from the seed, see session.Rand) and
// the same moves. The moves clicked are chosen at random from the library's
// legal moves by a source seeded with the game's seed; g.upTo stops it
// early, after the bots' steps that follow that many. It returns the
// number of steps and of clicks (of keys pressed when g.keys).
func play(t *testing.T, ctx context.Context, g game) (steps, clicks int) {
	t.Helper()
	q := url.Values{"variant": {g.variant}, "preset": {g.preset}, "players": {fmt.Sprint(g.players)},
		"seed": {fmt.Sprint(g.seed)}, "opponent": {g.opponent}}
	if g.autoThrow {
		q.Set("autothrow", "1")
	}
	s := open(t, ctx, q)
	lib, err := catalog.New(g.variant, g.preset, g.players)
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != idOf(t, lib) {
		t.Fatalf("start: page %s, library %s", s.ID, idOf(t, lib))
	}
	choose := rand.New(rand.NewPCG(g.seed, 99))
	human := func(p brettspiel.Player) bool { return g.opponent == "hot-seat" || p == 0 }
	var notations []string
	// auto reports whether the page plays the next step by itself: a bot's
	// move or a bot's throw.
	auto := func() bool {
		switch p := lib.ToMove(); p {
		case brettspiel.Terminal:
			return false
		case brettspiel.Chance:
			th := throwerOf(t, lib)
			return g.autoThrow || th >= 0 && !human(th)
		default:
			return !human(p)
		}
	}
	for lib.ToMove() != brettspiel.Terminal && (g.upTo == 0 || steps < g.upTo) {
		if steps > 5000 {
			t.Fatal("no end after 5000 steps")
		}
		n := steps
		notation, c := humanStep(t, ctx, g, lib, choose, n)
		notations = append(notations, notation)
		clicks += c
		steps++
		// The bots' steps that follow, as the page plays them.
		for auto() {
			var m brettspiel.Move
			if lib.ToMove() == brettspiel.Chance {
				m, err = brettspiel.SampleChance(lib, session.Rand(g.seed, steps, session.Dice))
			} else {
				b, _ := bot.Named(g.opponent)
				m = b.Choose(lib, lib.LegalMoves(), session.Rand(g.seed, steps, session.Bots))
			}
			if err != nil {
				t.Fatal(err)
			}
			notations = append(notations, lib.MoveString(m))
			if err := lib.Apply(m); err != nil {
				t.Fatal(err)
			}
			steps++
		}
		want := idOf(t, lib)
		s = waitFor(t, ctx, fmt.Sprintf("step %d (%s)", n+1, notations[n]), func(s snapshot) bool {
			return (s.Length == fmt.Sprint(steps) && s.Busy == "0") || s.Error != ""
		})
		if s.ID != want {
			t.Fatalf("step %d (%s): page %s, library %s; page: %+v", steps, notations[steps-1], s.ID, want, s)
		}
	}
	if lib.ToMove() != brettspiel.Terminal {
		checkMoveList(t, ctx, notations)
		return steps, clicks
	}
	s = waitFor(t, ctx, "the end", func(s snapshot) bool { return s.Turn == "over" && s.Busy == "0" })
	if s.ID != idOf(t, lib) || s.Length != fmt.Sprint(steps) {
		t.Fatalf("end: page %s after %s steps, library %s after %d", s.ID, s.Length, idOf(t, lib), steps)
	}
	checkMoveList(t, ctx, notations)
	return steps, clicks
}

// humanStep plays the step due at step n through the page's controls, as a
// person would: the throw (the button, or the key when g.keys) with the
// dice of the seed, or a move chosen by choose from the library's legal
// moves, clicked (or keyed) step by step. It applies the same step to lib
// and returns its notation and the clicks (keys) it took.
func humanStep(t *testing.T, ctx context.Context, g game, lib brettspiel.Game, choose *rand.Rand, n int) (notation string, clicks int) {
	t.Helper()
	var m brettspiel.Move
	if lib.ToMove() == brettspiel.Chance {
		var err error
		m, err = brettspiel.SampleChance(lib, session.Rand(g.seed, n, session.Dice))
		if err != nil {
			t.Fatal(err)
		}
		notation = lib.MoveString(m)
		if g.keys {
			clicks = keyThrow(t, ctx)
		} else {
			click(t, ctx, "#throw")
			clicks = 1
		}
	} else {
		m = pick(lib, choose)
		notation = lib.MoveString(m)
		if g.keys {
			clicks = keyMove(t, ctx, lib, m)
		} else {
			clicks = clickMove(t, ctx, lib, m)
		}
	}
	if err := lib.Apply(m); err != nil {
		t.Fatal(err)
	}
	return notation, clicks
}

// checkMoveList checks that the page's move list holds the notations, in
// order, numbered from 0.
func checkMoveList(t *testing.T, ctx context.Context, notations []string) {
	t.Helper()
	log, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](logJS))
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != len(notations) {
		t.Fatalf("the move list has %d entries, want %d", len(log), len(notations))
	}
	for i, k := range log {
		if want := fmt.Sprintf("%d:%s", i, notations[i]); k != want {
			t.Fatalf("move list entry %d: page %s, library %s", i, k, want)
		}
	}
}

// throwerOf is the seat whose throw is due, from the library's JSON (−1
// during the draw for the start).
func throwerOf(t *testing.T, g brettspiel.Game) brettspiel.Player {
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	json.Unmarshal(b, &v)
	for _, k := range []string{"seat", "thrower"} {
		if x, ok := v[k].(float64); ok {
			return brettspiel.Player(x)
		}
	}
	return -1
}

// pick chooses a legal move at random, never a concession while another
// move exists (a game given up tests little).
func pick(g brettspiel.Game, r *rand.Rand) brettspiel.Move {
	legal := g.LegalMoves()
	var keep []brettspiel.Move
	for _, m := range legal {
		if c, ok := g.(kit.Conceder); !ok || !c.Concedes(m) {
			keep = append(keep, m)
		}
	}
	if len(keep) == 0 {
		keep = legal
	}
	return keep[r.IntN(len(keep))]
}

// clickMove makes the move m through the page: a stone and its target for
// every step, a field of the plan, or a decision button.
func clickMove(t *testing.T, ctx context.Context, g brettspiel.Game, m brettspiel.Move) int {
	t.Helper()
	info, err := g.(brettspiel.Describer).Describe(m)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case info.Kind == brettspiel.MoveDecision && info.FieldName != "":
		click(t, ctx, fmt.Sprintf(`[data-field=%q]`, info.FieldName))
		return 1
	case info.Kind == brettspiel.MovePlay:
		n := 0
		for _, st := range info.Steps {
			click(t, ctx, fmt.Sprintf(`[data-point="%d"]`, st.From))
			n++
			// a stone with one target went there at once
			if picked(t, ctx) {
				click(t, ctx, fmt.Sprintf(`[data-point="%d"]`, st.To))
				n++
			}
		}
		// When the steps complete a move that more steps could extend, the
		// page asks whether the turn is done.
		more, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('#finish').hidden`))
		if err != nil {
			t.Fatal(err)
		}
		if more {
			click(t, ctx, "#finish")
			n++
		}
		return n
	case info.Kind == brettspiel.MoveConcede:
		click(t, ctx, fmt.Sprintf(`[data-move=%q]`, g.MoveString(m)))
		click(t, ctx, "#confirm-yes")
		return 2
	default:
		click(t, ctx, fmt.Sprintf(`#decisions [data-move=%q]`, g.MoveString(m)))
		return 1
	}
}

// picked reports whether a stone is picked on the board, waiting for its
// target: a stone with one target is not, it goes there at once.
func picked(t *testing.T, ctx context.Context) bool {
	t.Helper()
	return eval[bool](t, ctx, `!!document.querySelector('#board .selected')`)
}

// The three games, each played to its end through the page.
var games = []game{
	{variant: "toccateglio", preset: "Toccateglispiel", players: 2, seed: 12, opponent: "hot-seat"},
	{variant: "verkehren", preset: "VK", players: 2, seed: 15, opponent: "random"},
	{variant: "festung", preset: "Standard", players: 3, seed: 3, opponent: "hot-seat"},
}

func TestPlayEveryGameToTheEnd(t *testing.T) {
	for _, g := range games {
		t.Run(g.variant, func(t *testing.T) {
			ctx := page(t)
			start := time.Now()
			steps, clicks := play(t, ctx, g)
			t.Logf("%s (%s, %d seats, seed %d, opponent %s): %d steps, %d clicks in %v",
				g.variant, g.preset, g.players, g.seed, g.opponent, steps, clicks, time.Since(start).Round(time.Millisecond))
			m, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`globalThis.brettspielMetrics`))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("in the page: %v calls to the WebAssembly took %.0f ms", m["calls"], m["callMillis"])
		})
	}
}

// screenshot writes the page as the window shows it to
// examples/web/screenshots when BRETTSPIEL_SCREENSHOTS is set, scrolled to
// the top, or to the element top when it is not "".
func screenshot(t *testing.T, ctx context.Context, name, top string) {
	t.Helper()
	if os.Getenv("BRETTSPIEL_SCREENSHOTS") == "" {
		return
	}
	scroll := `window.scrollTo(0, 0), true`
	if top != "" {
		scroll = `document.querySelector(` + strconv.Quote(top) + `).scrollIntoView(), true`
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](scroll)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("..", "screenshots", name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Every preset of every game and every seat count of the Festungsspiel,
// played to the end through the page as TestPlayEveryGameToTheEnd plays
// one of each. Opt-in (BRETTSPIEL_LONG=1): it took 2 min 37 s here.
func TestPlayEveryPresetToTheEnd(t *testing.T) {
	if os.Getenv("BRETTSPIEL_LONG") == "" {
		t.Skip("every preset through the browser: set BRETTSPIEL_LONG=1")
	}
	var all []game
	for _, v := range catalog.Variants() {
		for _, p := range v.Presets {
			for n := v.MinPlayers; n <= v.MaxPlayers; n++ {
				opp := "hot-seat"
				if n%2 == 0 {
					opp = "random"
				}
				all = append(all, game{variant: v.Name, preset: p.Name, players: n, seed: uint64(20 + n), opponent: opp})
			}
		}
	}
	for _, g := range all {
		t.Run(fmt.Sprintf("%s/%s/%d", g.variant, g.preset, g.players), func(t *testing.T) {
			ctx := page(t)
			start := time.Now()
			steps, clicks := play(t, ctx, g)
			t.Logf("%d steps, %d clicks in %v", steps, clicks, time.Since(start).Round(time.Millisecond))
		})
	}
}
