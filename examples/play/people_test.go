package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/rules"
)

// The race board marks each player's Hucke and shows the dice being played.
func TestBoardShowsHuckeAndDice(t *testing.T) {
	// seed 3: Player 1 is to play 5-3
	out := playWith(t, "quit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	for _, want := range []string{
		" H13  14  15", " H12  11  10",
		"H = the Hucke, a corner point: 12 of Player 1 (X), 13 of Player 2 (O)\n",
		"\nDice: [5] [3]\nPlayer 1 (X) to play the dice.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the board lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "\nDirection: Player 1 (X) 1→24, Player 2 (O) 24→1\n") {
		t.Errorf("the board does not say which way the stones run:\n%s", out)
	}
	// Verkehren treats no point apart: no Hucke drawn; the dice are, and
	// Player 2's stones run round the corner of 24
	out = playWith(t, "quit\n", "-i", "-game", "verkehren", "-seed", "3", "-opponent", "random")
	if strings.Contains(out, "Hucke") || !strings.Contains(out, "\nDice: [5] [3]\n") || !strings.Contains(out, "\nDirection: Player 1 (X) 1→24, Player 2 (O) 13→24 then 1→12\n") {
		t.Errorf("Verkehren's board:\n%s", out)
	}
}

// The Festungsspiel's plan explains its ' rows and shows the throw to be
// decided with its dice.
func TestPlanExplainsTheTwinRowsAndShowsTheThrow(t *testing.T) {
	// seed 3: after the bots' throws Player 1 decides which field to take from
	out := playWith(t, "quit\n", "-i", "-throw", "auto", "-game", "festung", "-seed", "3", "-opponent", "random")
	for _, want := range []string{
		"  of fortress 1'", "  of fortress 3'",
		"the ' row is the second set, W1.I'…W1.VI'",
		"Player 1 threw and decides which outer work to take the marker from.\n",
		"\n   1) W1.IV      take the marker from outer work IV of fortress 1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`\nDice: \[\d\] \[\d\] \[\d\] \(\d/\d-\d\)\n`).MatchString(out) {
		t.Errorf("the plan does not show the throw:\n%s", out)
	}
	// the seats are named as people count them, in the plan too
	if !strings.Contains(out, "\n  Player 1 ") || !strings.Contains(out, "\n  Player 2 ") || strings.Contains(out, "seat 0") {
		t.Errorf("the plan's seats:\n%s", out)
	}
}

// The end is told with who won what, in the game's unit, never as returns;
// the bot game ends so too.
func TestEndToldInPlayersWords(t *testing.T) {
	for _, c := range []struct {
		game string
		want *regexp.Regexp
	}{
		{"toccateglio", regexp.MustCompile(`\n *Player \d wins an? (single|double|triple|quadruple) Partie \(\d strokes?\) \(T-W2\)\.\n *Player \d wins the match by \d strokes? \(T-W4\)\.\n`)},
		{"verkehren", regexp.MustCompile(`\n *Player \d wins a (single|double) game.*\(worth \d\).*\(V-W\d\)\.\n`)},
	} {
		out := playWith(t, "", "-game", c.game, "-turns", "1000")
		_, last, _ := strings.Cut(out, "The game is over.\n")
		if !c.want.MatchString(out) || !strings.Contains(last, " wins ") || strings.Contains(out, "returns") || strings.Contains(out, "game over") {
			t.Errorf("%s: the end of the bot game:\n%s", c.game, out[max(0, len(out)-1500):])
		}
	}
}

func TestHintComesFromTheStrongestLevel(t *testing.T) {
	for _, c := range []struct{ game, level string }{
		{"toccateglio", "net-strongest"},
		{"verkehren", "net-strongest"},
		{"festung", "festung-best"}, // its choices valued exactly
	} {
		g, err := catalog.New(c.game, "", 0)
		if err != nil {
			t.Fatal(err)
		}
		for g.ToMove() == brettspiel.Chance {
			if err := g.Apply(g.LegalMoves()[0]); err != nil {
				t.Fatal(err)
			}
			if g.ToMove() == brettspiel.Chance && len(g.LegalMoves()) > 0 && c.game != "festung" {
				// the draw for the start: a lower throw for the second
				if err := g.Apply(g.LegalMoves()[len(g.LegalMoves())-1]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, name := hinter(g); name != c.level {
			t.Errorf("%s: hints by %s, want %s (levels %v)", c.game, name, c.level, bot.Names())
		}
	}
	// at the prompt: the level is named and the estimate has its unit
	for _, c := range []struct{ game, unit string }{{"toccateglio", "strokes"}, {"verkehren", "points"}, {"festung", "markers"}} {
		parts := prompts(playWith(t, "hint\nquit\n", "-i", "-throw", "auto", "-game", c.game, "-seed", "3", "-opponent", "random"))
		if c.game == "festung" {
			// the choices valued exactly, the best first, the others with
			// what they cost
			if !strings.HasPrefix(parts[1], "the choices, valued exactly: the markers you can expect") ||
				!regexp.MustCompile(`\(fortress 1\)  \+\d+\.\d\d markers, the best\n`).MatchString(parts[1]) ||
				!regexp.MustCompile(`\(fortress \d\)  \+\d+\.\d\d markers, 0\.\d\d less\n`).MatchString(parts[1]) {
				t.Errorf("festung: hint:\n%s", parts[1])
			}
			for _, l := range strings.Split(parts[1], "\n") {
				if len([]rune(l)) > 80 {
					t.Errorf("festung: a line of the hint is wider than 80 columns: %q", l)
				}
			}
			continue
		}
		if !strings.HasPrefix(parts[1], "the best plays by the ") || !regexp.MustCompile(`expected [+-]\d+\.\d\d `+c.unit+`\n`).MatchString(parts[1]) {
			t.Errorf("%s: hint:\n%s", c.game, parts[1])
		}
	}
}

func TestUsageListsGamesAndBots(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run([]string{"-h"}, strings.NewReader(""), &out, &errOut, false); err == nil {
		t.Fatal("-h gave no error")
	}
	usage := errOut.String()
	for _, name := range append(catalog.Names(), bot.Names()...) {
		if !strings.Contains(usage, name) {
			t.Errorf("-h does not name %q:\n%s", name, usage)
		}
	}
	if !strings.Contains(usage, "-lang") {
		t.Errorf("-h lacks -lang:\n%s", usage)
	}
}

func TestQuitInMidGameOffersToSave(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mid.txt")
	out := playWith(t, "1\nquit\n"+file+"\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if !strings.Contains(out, "The game is not over.\nsave the game? file name or empty to skip: saved") {
		t.Errorf("quit after a move:\n%s", out)
	}
	if g := loadFile(t, file); g.ToMove() == brettspiel.Terminal {
		t.Errorf("the saved game is over:\n%s", g)
	}
	// an empty answer leaves without saving
	out = playWith(t, "1\nexit\n\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if !strings.HasSuffix(out, "save the game? file name or empty to skip: ") {
		t.Errorf("quit, then no name:\n%s", out)
	}
	// nothing played yet, or nothing since the save: no question
	for _, input := range []string{"quit\n", "1\nsave " + filepath.Join(dir, "again.txt") + "\nquit\n"} {
		out = playWith(t, input, "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
		if strings.Contains(out, "save the game?") {
			t.Errorf("%q asked to save:\n%s", input, out)
		}
	}
}

// The history and the bot game tell plays in board points, as the board
// and the list do, with the notation beside them.
func TestHistoryAndBotGameInBoardPoints(t *testing.T) {
	parts := prompts(playWith(t, "1\nhistory\nquit\n\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random", "-seat", "1"))
	if !strings.Contains(parts[2], ". Player 2  24→23 24→21              (notation 1/2 1/4)\n") {
		t.Errorf("history:\n%s", parts[2])
	}
	out := playWith(t, "", "-game", "verkehren", "-turns", "6")
	// Player 2's point 1 is board point 13 in Verkehren
	if !regexp.MustCompile(`\nPlayer 2 plays 13→\d+ \S+ \(notation 1/`).MatchString(out) {
		t.Errorf("the bot game:\n%s", out)
	}
}

func TestLanguage(t *testing.T) {
	out := playWith(t, "quit\n", "-i", "-game", "verkehren", "-seed", "3", "-opponent", "random", "-lang", "de")
	if !strings.Contains(out, "Spieler 1 wirft 4 und 1 um den Anfang (5) (V-S1).") || !strings.Contains(out, "Spieler 2 (O)") {
		t.Errorf("-lang de:\n%s", out)
	}
	// the rules are told in the language too
	de, _ := rules.In("de")
	r, _ := de.Lookup("T-M3")
	parts := prompts(playWith(t, "why T-M3\nrules\nquit\n", "-i", "-seed", "3", "-opponent", "random", "-lang", "de"))
	if !strings.HasPrefix(parts[1], "T-M3 — "+r.Title+" (") || !strings.Contains(parts[2], "  T-M3   "+r.Title+"\n") {
		t.Errorf("the rules in German:\n%s\n%s", parts[1], parts[2])
	}
	var o, e bytes.Buffer
	if err := run([]string{"-i", "-lang", "fr"}, strings.NewReader(""), &o, &e, false); err == nil || !strings.Contains(err.Error(), "want en or de") {
		t.Errorf("-lang fr: %v", err)
	}
	for env, want := range map[string]string{"de_DE.UTF-8": "de", "de_AT": "de", "en_GB.UTF-8": "en", "C": "en", "fr_FR": "en", "": "en"} {
		t.Setenv("LC_ALL", "")
		t.Setenv("LC_MESSAGES", "")
		t.Setenv("LANG", env)
		if got := langFromEnv(); got != want {
			t.Errorf("LANG=%q: %s, want %s", env, got, want)
		}
	}
	t.Setenv("LC_ALL", "de_CH.UTF-8")
	if got := langFromEnv(); got != "de" {
		t.Errorf("LC_ALL=de_CH: %s", got)
	}
}

// With -throw press the person throws his own dice by pressing Enter.
func TestYouThrowYourOwnDiceInTheFestungsspiel(t *testing.T) {
	parts := prompts(playWith(t, "hint\n\nhistory\nquit\n", "-i", "-game", "festung", "-seed", "5", "-players", "3", "-opponent", "random", "-throw", "press"))
	if !strings.HasSuffix(parts[0], "Player 1 to throw.\nPlayer 1, your throw: press Enter to throw the dice (or type a command).\n") {
		t.Errorf("no wait for the throw:\n%s", parts[0])
	}
	if strings.Contains(parts[0], "Player 1 throws") {
		t.Errorf("a throw before the person pressed Enter:\n%s", parts[0])
	}
	// a command is a command there; hint has nothing to rank
	if !strings.HasPrefix(parts[1], "hints are for plays, not throws") {
		t.Errorf("hint at the throw:\n%s", parts[1])
	}
	// Enter throws for Player 1, the bots throw for themselves, and the
	// program waits at Player 1's next throw
	if !strings.HasPrefix(parts[2], "Player 1 throws ") || !strings.Contains(parts[2], "\nPlayer 2 throws ") || !strings.Contains(parts[2], "\nPlayer 3 throws ") || !strings.HasSuffix(parts[2], "press Enter to throw the dice (or type a command).\n") {
		t.Errorf("Enter:\n%s", parts[2])
	}
	if !strings.HasPrefix(parts[3], "   1. dice ") {
		t.Errorf("history:\n%s", parts[3])
	}
	// the race games throw unasked; -throw press makes them wait too
	if out := playWith(t, "quit\n", "-i", "-seed", "3", "-opponent", "random"); strings.Contains(out, "press Enter") {
		t.Errorf("Toccateglio waits for the throw:\n%s", out)
	}
	parts = prompts(playWith(t, "1\n\n1\nquit\n", "-i", "-seed", "3", "-opponent", "random", "-throw", "press"))
	if !strings.HasSuffix(parts[0], "Player 1 (X) to throw.\nPlayer 1, your throw: press Enter to throw the dice (or type a command).\n") {
		t.Errorf("-throw press in Toccateglio:\n%s", parts[0])
	}
	if !strings.HasPrefix(parts[1], "it is your throw: press Enter (an empty line) to throw the dice\n") {
		t.Errorf("a number at the throw:\n%s", parts[1])
	}
	if !strings.HasPrefix(parts[2], "Player 1 throws 5 and 3.\n") || !strings.HasPrefix(parts[3], "Player 1 plays") || !strings.HasSuffix(parts[3], "your throw: press Enter to throw the dice (or type a command).\n") {
		t.Errorf("-throw press in Toccateglio:\n%s\n> %s", parts[2], parts[3])
	}
	var o, e bytes.Buffer
	if err := run([]string{"-i", "-throw", "later"}, strings.NewReader(""), &o, &e, false); err == nil {
		t.Error("-throw later: no error")
	}
}

// A throw with one play only is hinted as such, not with an estimate the
// ranking did not make; the places of a play are in the language too.
func TestHintOfAForcedPlayAndPlacesInGerman(t *testing.T) {
	// seed 11, Toccadille: Player 1 can only bring two stones in with 4-3
	parts := prompts(playWith(t, "hint\nquit\n", "-i", "-preset", "toccadille", "-seed", "11", "-opponent", "random", "-lang", "de"))
	if !strings.Contains(parts[0], "   1) Hand→3 Hand→4            Eingabe in/3 in/4\n") || !strings.Contains(parts[0], "Spieler 2 zieht Hand→24 Hand→22 (Notation in/1 in/3) (T-S4).\n") {
		t.Errorf("the places in German:\n%s", parts[0])
	}
	if parts[1] != "es gibt nur einen Zug: in/3 in/4\n" {
		t.Errorf("hint of a forced play:\n%s", parts[1])
	}
}

// Undo names what it took back as the list showed it: the seat as people
// count, the play in board points.
func TestUndoSaysWhatInBoardPoints(t *testing.T) {
	out := playWith(t, "1\nundo\nquit\n\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random", "-seat", "1")
	if !strings.Contains(out, "taken back: Player 2's 24→23 24→21 (notation 1/2 1/4) and the ") {
		t.Errorf("undo:\n%s", out)
	}
}

// A play typed in board points, as the board shows it, where the notation
// counts in the mover's own track, is refused with the play it would be.
func TestPlayTypedInBoardPoints(t *testing.T) {
	// seed 3, seat 1: Player 2 plays 3-1 from board point 24
	parts := prompts(playWith(t, "24/21 24/23\n24/20 24/19\nquit\n", "-i", "-seed", "3", "-opponent", "random", "-seat", "1"))
	if !strings.Contains(parts[1], "\n  (read in board points, 24→23 24→21 is play 1; the notation counts in your own track: type 1 or 1/2 1/4)\n") {
		t.Errorf("board points typed:\n%s", parts[1])
	}
	// the refusal is said to the player, not in the module's words
	if !strings.HasPrefix(parts[1], `That is not a move: `) {
		t.Errorf("the refusal:\n%s", parts[1])
	}
	if strings.Contains(parts[2], "read in board points") {
		t.Errorf("a play that is none in either reading:\n%s", parts[2])
	}
}

// TestHintSeparatesShallowerPlays: the strongest level judges its best plays
// deeper than the rest, so a value further down the hint can be higher; the
// hint says where the plays judged less deeply begin, and within each group
// the values fall. In this position the fifth play, judged two plies deep,
// is valued above the fourth, judged three plies deep (when the level
// reaches its third ply in its time).
func TestHintSeparatesShallowerPlays(t *testing.T) {
	value := regexp.MustCompile(`expected ([+-]\d+\.\d\d) strokes`)
	for _, hint := range prompts(playWith(t, "1\nhint\nquit\n", "-i", "-game", "toccateglio", "-seed", "5", "-opponent", "net-strongest"))[2:3] {
		if !strings.HasPrefix(hint, "the best plays by the net-strongest bot") {
			t.Fatalf("no hint:\n%s", hint)
		}
		last := math.Inf(1)
		for _, line := range strings.Split(hint, "\n") {
			if strings.Contains(line, "judged less deeply") {
				last = math.Inf(1)
				continue
			}
			if m := value.FindStringSubmatch(line); m != nil {
				v, _ := strconv.ParseFloat(m[1], 64)
				if v > last {
					t.Errorf("%+.2f below %+.2f with nothing between:\n%s", v, last, hint)
				}
				last = v
			}
		}
	}
}

// By default the dice are thrown for everyone: a whole Festungsspiel asks
// the person only for his decisions, and the command throw switches to
// pressing Enter and back for the rest of the session.
func TestAWholeFestungsspielWithoutAKeyPerThrow(t *testing.T) {
	// the end asks for a file to save to and gets a "1": a file of the
	// test's own directory (the package's tests run one at a time)
	inDir(t, t.TempDir())
	out := playWith(t, strings.Repeat("1\n", 400), "-i", "-game", "festung", "-seed", "2", "-opponent", "random")
	if !strings.Contains(out, "The game is over.") && !strings.Contains(out, " wins ") {
		t.Fatalf("the game did not end:\n%.3000s", out)
	}
	end := strings.Index(out, "Review the game")
	if end < 0 {
		t.Fatalf("no review after the end:\n%s", out)
	}
	asked := strings.Count(out[:end], "> ")
	decisions := strings.Count(out[:end], "your choice (a number")
	if asked != decisions || decisions == 0 || strings.Contains(out, "press Enter") {
		t.Errorf("%d prompts for %d decisions (want one each, no Enter)", asked, decisions)
	}
	parts := prompts(playWith(t, "\nthrow\nthrow auto\nthrow sometimes\nquit\n", "-i", "-game", "festung", "-seed", "2", "-opponent", "random", "-throw", "press"))
	for i, want := range []string{
		"Player 1 throws ",
		"you press Enter to throw your dice (throw auto: they are thrown for you)\n",
		"your dice are thrown for you (throw press: you press Enter)\nPlayer 1 throws ",
		`throw takes auto (your dice thrown for you) or press (Enter throws them); not "sometimes"`,
	} {
		if i+1 >= len(parts) || !strings.HasPrefix(parts[i+1], want) {
			t.Errorf("prompt %d: want %q, have\n%s", i+1, want, strings.Join(parts, "> "))
			break
		}
	}
}

// inDir makes dir the working directory until the end of the test.
func inDir(t *testing.T, dir string) {
	t.Helper()
	was, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := os.Chdir(was); err != nil {
			t.Error(err)
		}
	})
}
