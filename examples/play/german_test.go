package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/words"
)

// englishFragments are pieces of the terminal's own English text — the
// board, the prompts, help, the answers to the commands, its errors — that
// a German session must not show. The words of the notation (pass,
// concede, go-on) and the command words stay English on purpose and are
// no fragments here.
var englishFragments = []string{
	"you are", "to play", "your choice", "pips to go", "borne off", "Direction", "Dice:", "type help", "of 1",
	"Hucke, a corner", "in the hand", "on the bar", "marks", "strokes", " type ", "Player", "The game", "not over",
	"commands:", "notation of", "entering moves", "a legal move", "this text", "source:", "dice and board",
	"taken back", "nothing to", "no moves", "saved ", "loaded ", "no such file", "exists", "overwrite", "not saved",
	"save the game", "unknown command", "no play numbered", "board points", "really concede", "not conceded",
	"the best plays", "expected", "one play only", "hints are", "analysis of", "judged by", "error rate", "luck",
	"decisions", "seat ", "no decision", "throw", "to throw", "press Enter", "outer works", "fortress", "balance",
	"bought", "batteries", "throws made", "marker", "empty field", "the greedy bot", "Stopped after",
	// what leaked before the terminal spoke German whole: the English
	// command words in help and in the messages, the bots' names, the
	// analysis's jargon, the review and the tutor
	"why T-", "why [", "help (", "(redo", "redo ", "undo ", "analyze", "save ", "load ", "Bot random", "Bot greedy",
	"net-strongest", "net, 1 ply", "ply", "plies", "Review", "review", "Tutor: Player", "the tutor", "better play",
	"take your play", "valued exactly", "you can expect", "choose again", "press", "cost", "step ", "Line ",
	"not a move", "game record",
}

// speaksGerman fails t for every English fragment of the terminal's text
// in out and for every German text of want that out lacks.
func speaksGerman(t *testing.T, out string, want ...string) {
	t.Helper()
	for _, f := range englishFragments {
		if i := strings.Index(out, f); i >= 0 {
			t.Errorf("English %q in the German session: …%s…", f, out[max(0, i-150):min(len(out), i+150)])
		}
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("the German session lacks %q", w)
		}
	}
	if t.Failed() {
		t.Logf("the session:\n%s", out)
	}
}

// A session of Toccateglio with -lang de speaks German throughout: the
// board, the list, help, hint, undo, history, analyze, save and load, the
// errors of the terminal, German command words, and the end offered for
// saving.
func TestGermanSessionToccateglio(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "partie.txt")
	input := strings.Join([]string{
		"hilfe", "99", "foo", "24/21 24/23", "tipp", "1", "zurück", "zurück", "1", "verlauf", "warum",
		"analyse", "speichern " + file, "speichern " + file, "nein", "laden " + filepath.Join(dir, "fehlt.txt"),
		"laden " + file, "vor", "brett", "1", "ende", "",
	}, "\n") + "\n"
	out := playWith(t, input, "-i", "-lang", "de", "-game", "toccateglio", "-seed", "3", "-opponent", "random", "-seat", "1")
	if !regexp.MustCompile(`\(Eingabe 1/2 1/4\) +erwartet [+-]\d+,\d\d Striche\n`).MatchString(out) {
		t.Errorf("the hint's value is not written as a German number of strokes")
	}
	speaksGerman(t, out,
		"Toccateglio, Toccateglispiel; du bist Spieler 2 (O) gegen den Bot „Zufall“ — hilfe zeigt die Befehle.",
		"H = die Hucke, ein Eckfeld: Spieler 1 (X) auf 12, Spieler 2 (O) auf 13\n",
		"Zugrichtung: Spieler 1 (X) 1→24, Spieler 2 (O) 24→1\n",
		"Spieler 1 (X): 0 in der Hand, 0 abgetragen, noch 360 Augen; 0 Marken, 0 Striche\n",
		"Partie 1 von 1\n", "Würfel: [3] [1]\n", "Spieler 2 (O) ist am Zug und spielt den Wurf.\n",
		"Spieler 2, deine Wahl (eine Nummer oder die Eingabe aus der Liste):\n",
		"   1) 24→23 24→21              Eingabe 1/2 1/4\n",
		"Befehle:\n", "  warum [REGEL…] der Text einer Regel", "Die englischen Befehlswörter (help in einer Sitzung mit -lang en) gehen auch.",
		"\nNotation von Toccateglio (toccateglio):\n", "  go-on         nach einer gewonnenen Partie: den Rest behalten und fortgehen\n",
		"ein jetzt erlaubter Zug\n", "\nZüge eingeben: die Nummer eines Zuges in der Liste",
		"kein Zug mit der Nummer 99: wähle 1…2\n", `unbekannter Befehl "foo"; hilfe zeigt die Befehle`,
		"(in Feldern des Bretts gelesen ist 24→23 24→21 der Zug 1;",
		"die besten Züge nach dem Bot „Netz-Stärkster“; „erwartet“ ist dein durchschnittliches Ergebnis von hier aus, in Strichen:\n",
		// the value itself depends on how deep the strongest level got
		// within its time: only its German form is checked, below
		"  24→23 24→21 (Eingabe 1/2 1/4)        erwartet ",
		"zurückgenommen: der Zug 24→23 24→21 von Spieler 2 (Notation 1/2 1/4) und 3 Schritte danach (vor spielt sie wieder)\n",
		"nichts zurückzunehmen: du hast in diesem Spiel noch nicht gezogen\n",
		"   1. Würfel    4-1\n", "   4. Spieler 2 24→23 24→21              (Notation 1/2 1/4)\n",
		"  Quelle: ", "Auswertung von 7 Schritten, in Strichen (analyse 2 schaut genauer hin):\n",
		"  Spieler 2 (du): 0,000 Striche verloren in 1 Entscheidung (0,000 je)\n      Einstufung: Weltklasse\n      Glück ",
		"  die schlechtesten Entscheidungen:\n", "  der glücklichste Wurf: ", "  der unglücklichste Wurf: ",
		"7 Schritte in "+file+" gespeichert\n", file+" gibt es schon; überschreiben? (j/N) nicht gespeichert\n",
		filepath.Join(dir, "fehlt.txt")+": diese Datei gibt es nicht\n", "7 Schritte aus "+file+" geladen\n",
		"nichts zu wiederholen\n", "Das Spiel ist noch nicht aus.\nSpiel speichern? Dateiname, oder leer lassen, um es nicht zu speichern: ",
	)
}

// A session of Verkehren with -lang de: the bar, the concession asked in
// German and answered with nein and ja, the end of the game.
func TestGermanSessionVerkehren(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "partie.txt")
	out := playWith(t, "hilfe\nconcede\nnein\n1\n7\nja\n"+file+"\n", "-i", "-lang", "de", "-game", "verkehren", "-seed", "3", "-opponent", "random")
	speaksGerman(t, out,
		"Verkehren, VK; du bist Spieler 1 (X) gegen den Bot „Zufall“",
		"Zugrichtung: Spieler 1 (X) 1→24, Spieler 2 (O) 13→24 und weiter 1→12\n",
		"Spieler 1 (X): 0 auf der Bar, 0 abgetragen, noch 360 Augen\n",
		"  bar/3*        ein Stein von der Bar eingesetzt, mit Schlag (das * darf fehlen)\n",
		"   3) concede    das Spiel aufgeben\n",
		"wirklich aufgeben? (j/n) nicht aufgegeben; es geht weiter\n",
		"wirklich aufgeben? (j/n) Spieler 1 gibt das Spiel auf (V-W2).",
		"\nDas Spiel ist aus.\nSpieler 2 gewinnt ein einfaches Spiel: Spieler 1 hat aufgegeben (zählt 1).\n",
		"Spiel speichern? Dateiname, oder leer lassen, um es nicht zu speichern: 10 Schritte in "+file+" gespeichert\n",
	)
	if _, err := os.Stat(file); err != nil {
		t.Errorf("not saved: %v", err)
	}
}

// A session of the Festungsspiel with -lang de: the plan with its fields
// and markers, the throw by Enter, a decision between outer works, history
// and analyze.
func TestGermanSessionFestung(t *testing.T) {
	// seed 4: Player 1's fourth throw, 1/4-5, leaves him the choice
	// between W1.I and W2.I
	out := playWith(t, "hilfe\ntipp\n1\n\n\n\n\nverlauf\n3\nanalyse\n1\nquit\n\n", "-i", "-lang", "de", "-game", "festung", "-seed", "4", "-opponent", "random", "-throw", "press")
	speaksGerman(t, out,
		"Festungsspiel, Standard, 2 Spieler; du bist Spieler 1 gegen den Bot „Zufall“",
		"Festungsspiel, 2 Spieler, bisher 0 Würfe; x eine Marke, . ein leeres Feld\n",
		"Außenwerke         I II III IV  V VI\n  der Festung 1    x  x   x  x  x  x\n  der Festung 1'   x  x   x  x  x  x\n",
		"  (Festung 1 und 3 haben jedes Werk zweimal: die Zeile mit ' ist der zweite Satz, W1.I'…W1.VI')\n",
		"Festungslinien  1: 3. 7. 11. 15.", "\nSchanzen       I. II.", "\nBatterien      9. 10. 11. 12.\n",
		"            Bestand  gekauft  Pasche  Festung\n  Spieler 1       7        0       0  -\n",
		"Spieler 1 ist am Wurf.\nSpieler 1, du bist am Wurf: die Eingabetaste würfelt (oder gib einen Befehl ein).\n",
		"  W2.II         bei einer Wahl: das Feld der Außenwerke, von dem die Marke genommen wird\n",
		"Züge eingeben: bei einer Wahl die Nummer eines Feldes in der Liste oder\n",
		"> Tipps gibt es für Züge, nicht für Würfe\n",
		"> du bist am Wurf: die Eingabetaste (eine leere Zeile) würfelt\n",
		"Würfel: [1] [4] [5] (1/4-5)\nSpieler 1 hat geworfen und wählt, von welchem Außenwerk er die Marke nimmt.\n",
		"   1) W1.I       die Marke vom Außenwerk I der Festung 1 nehmen\n",
		"   5. Würfel    5/5-5\n", "kein Zug mit der Nummer 3: wähle 1…2\n",
		"Auswertung von 7 Schritten; jede Wahl genau bewertet, in erwarteten Marken:\n",
		"  Spieler 2 (Bot): 0,000 Marken verloren in 0 Entscheidungen (0,000 je)\n      keine Entscheidung zu bewerten\n      Glück ",
		"keine Entscheidung zu bewerten", "Spieler 1 wählt, von W1.I zu nehmen",
	)
}

// The bot game, when not at a terminal, speaks German too, to the end of
// every game.
func TestGermanBotGame(t *testing.T) {
	for _, v := range catalog.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			out := playWith(t, "", "-lang", "de", "-game", v.Name, "-turns", "1000")
			speaksGerman(t, out, ": der gierige Bot (Spieler 1) gegen Zufalls-Bots; Startwert 1\n", "\nDas Spiel ist aus.\n")
			out = playWith(t, "", "-lang", "de", "-game", v.Name, "-turns", "3")
			speaksGerman(t, out, "\nNach 3 Zügen angehalten (-turns); das Spiel ist nicht aus.\n")
		})
	}
}

// A German command word is a command only in a German session; in English
// it is an unknown command, as before.
func TestGermanCommandWords(t *testing.T) {
	en := prompts(playWith(t, "hilfe\nquit\n", "-i", "-seed", "3", "-opponent", "random"))[1]
	if !strings.HasPrefix(en, `unknown command "hilfe", type help`) {
		t.Errorf("hilfe in English:\n%s", en)
	}
	// help in German lists the German words, each standing for a command
	// of the English help
	for _, c := range german.commands {
		word := strings.Fields(c[0])[0]
		if word == strings.ToUpper(word) {
			continue // NUMMER, ZUG
		}
		command := word
		if en, ok := german.synonyms[word]; ok {
			command = en
		}
		if !slices.ContainsFunc(english.commands, func(c [2]string) bool { return strings.Fields(c[0])[0] == command }) {
			t.Errorf("the German command %q stands for %q, which English help does not list", word, command)
		}
	}
	de := prompts(playWith(t, "hilfe\nhelp\nende\n", "-i", "-lang", "de", "-seed", "3", "-opponent", "random"))
	for _, w := range []string{"\n  brett ", "\n  tipp ", "\n  zurück ", "\n  warum [REGEL…] ", "\n  analyse [2] ", "\n  ende "} {
		if !strings.Contains(de[1], w) {
			t.Errorf("German help lacks %q:\n%s", w, de[1])
		}
	}
	if de[1] != de[2] {
		t.Errorf("help and hilfe differ in a German session")
	}
}

// The phrasebooks hold the same things: the same commands, the same
// examples of the notation, a German word for every judge, unit and
// rating of package analysis, and every unit of hint.
func TestPhrasebooksMatch(t *testing.T) {
	if len(english.commands) != len(german.commands) {
		t.Fatalf("%d commands in English, %d in German", len(english.commands), len(german.commands))
	}
	for i, c := range english.commands {
		placeholder := c[0] == strings.ToUpper(c[0]) // NUMBER, MOVE: in the language
		de := strings.Fields(german.commands[i][0])[0]
		if en, ok := german.synonyms[de]; ok {
			de = en
		}
		if !placeholder && strings.Fields(c[0])[0] != de {
			t.Errorf("command %d: %q in English, %q in German", i, c[0], german.commands[i][0])
		}
	}
	for game, ex := range english.examples {
		de := german.examples[game]
		if len(de) != len(ex) {
			t.Errorf("%s: %d examples in English, %d in German", game, len(ex), len(de))
			continue
		}
		for i := range ex {
			if ex[i][0] != de[i][0] {
				t.Errorf("%s: example %q in English, %q in German", game, ex[i][0], de[i][0])
			}
		}
	}
	for _, v := range catalog.Variants() {
		for _, g := range analysis.Grades(v.Name) {
			if german.ratings[g.Name] == "" {
				t.Errorf("no German for the rating %q", g.Name)
			}
		}
		if textIn(words.German).unitOf[v.Name] == "" || english.unitOf[v.Name] == "" {
			t.Errorf("no unit for %s", v.Name)
		}
	}
}

// What a hint's play scores is said in German, with its amounts and rules,
// and in English as package bot's Reason says it.
func TestHintScoresInBothLanguages(t *testing.T) {
	mark, hit := brettspiel.EventMark, brettspiel.EventHit
	for _, c := range []struct {
		scores      []bot.Score
		english, de string
	}{
		{[]bot.Score{{Kind: mark, Rule: "T-M1", Amount: 2}, {Kind: mark, Rule: "T-D7", Amount: -1}, {Kind: hit, Amount: 1}},
			"+2 marks (T-M1), -1 marks (T-D7), +1 hits", "+2 Marken (T-M1), -1 Marke (T-D7), +1 Treffer"},
		{[]bot.Score{{Kind: brettspiel.EventPay, Rule: "F-B4", Amount: 1}, {Kind: brettspiel.EventTake, Amount: -3}},
			"+1 markers paid (F-B4), -3 markers taken", "+1 Marke gezahlt (F-B4), -3 Marken genommen"},
		{[]bot.Score{{Kind: brettspiel.EventPlace, Amount: 12}}, "+12 markers placed", "+12 Marken gesetzt"},
		{nil, "", ""}, // nothing scored: left unsaid
	} {
		if got := englishScores(c.scores); got != c.english {
			t.Errorf("englishScores(%+v) = %q, want %q", c.scores, got, c.english)
		}
		if got := germanScores(c.scores); got != c.de {
			t.Errorf("germanScores(%+v) = %q, want %q", c.scores, got, c.de)
		}
	}
}

// A file that holds no game to load is said so in German: no record, a
// step the rules refuse, another game's record.
func TestGermanLoadErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "gut.txt")
	playWith(t, "1\nsave "+good+"\nquit\n", "-i", "-lang", "de", "-seed", "3", "-opponent", "random")
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	// seed 3: the second throw, 5-3, cannot carry a stone from 1 to 9
	refused := strings.Replace(string(data), "5-3 ; 1/4 1/6", "5-3 ; 1/4 1/9", 1)
	if refused == string(data) {
		t.Fatalf("the record changed:\n%s", data)
	}
	files := map[string]string{"kein.txt": "hello\n", "falsch.txt": refused, "verkehren.txt": "# brettspiel record\ngame: verkehren\n"}
	var input []string
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"kein.txt", "falsch.txt", "verkehren.txt"} {
		input = append(input, "laden "+filepath.Join(dir, name))
	}
	out := playWith(t, strings.Join(input, "\n")+"\nquit\n", "-i", "-lang", "de", "-seed", "3", "-opponent", "random")
	speaksGerman(t, out,
		"> "+filepath.Join(dir, "kein.txt")+" ist keine gespeicherte Partie, die sich laden lässt (Zeile 1: hello).\n",
		"> "+filepath.Join(dir, "falsch.txt")+": Zeile 6 der Partie: Du hast 5 und 3 zu spielen; der Zug von 1 nach 9 braucht eine 8.\n",
		"> "+filepath.Join(dir, "verkehren.txt")+" ist eine Partie von verkehren, nicht von toccateglio\n",
	)
	if strings.Contains(out, "kein Zug") {
		t.Errorf("a record called no move:\n%s", out)
	}
	// in English: what is wrong, with the line
	input = nil
	for _, name := range []string{"kein.txt", "falsch.txt"} {
		input = append(input, "load "+filepath.Join(dir, name))
	}
	out = playWith(t, strings.Join(input, "\n")+"\nquit\n", "-i", "-seed", "3", "-opponent", "random")
	for _, want := range []string{
		"> " + filepath.Join(dir, "kein.txt") + " is no game record that can be loaded (line 1: hello): want a header line 'key: value'.\n",
		"> " + filepath.Join(dir, "falsch.txt") + ": Line 6 of the record: You have 5 and 3 to play; 1 to 9 needs an 8.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "not a move") {
		t.Errorf("a record called no move:\n%s", out)
	}
}

// After a Partie won in a match of more, the winner's choice is told in
// German, on the board and in the list.
func TestGermanDecisionAfterAPartie(t *testing.T) {
	o := toccateglio.Toccateglispiel()
	o.Partien = 2
	g, err := toccateglio.New(o)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 0))
	for range 100000 {
		p := g.ToMove()
		if p == brettspiel.Terminal || (p >= 0 && moveKind(g, g.LegalMoves()[0]) == brettspiel.MoveDecision) {
			break
		}
		var m brettspiel.Move
		if p == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		} else {
			m = bot.Greedy{}.Choose(g, g.LegalMoves(), r)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if g.ToMove() < 0 {
		t.Fatalf("no decision after a Partie:\n%s", g)
	}
	board := drawBoard(words.German, g)
	var list []string
	for i, m := range g.LegalMoves() {
		list = append(list, listLine(words.German, g, i+1, m))
	}
	out := board + "\n" + strings.Join(list, "\n") + "\n"
	speaksGerman(t, out, "Partie 2 von 2\n", " hat die Partie gewonnen: fortgehen (den Rest behalten) oder neu anfangen.",
		"go-on      fortgehen: den Rest behalten\n", "afresh     neu anfangen\n")
}

// A German terminal speaks German in what came later too: the review of a
// finished game of each game (analyse, verlauf, zurück, vor), the tutor
// with its offer taken, the hint of the Festungsspiel, the throw's
// setting, and a record that cannot be loaded.
func TestGermanTerminalDurchsehenUndTutor(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		game, unit string
		seed       uint64
		players    int
	}{{"toccateglio", "Striche", 3, 0}, {"verkehren", "Punkte", 7, 0}, {"festung", "Marken", 2, 2}} {
		t.Run(c.game, func(t *testing.T) {
			over := finishedRecord(t, dir, c.game, 2)
			out := playWith(t, "analyse\nverlauf\nzurück\nvor\nhilfe\nende\n", "-i", "-lang", "de", "-game", c.game, "-load", over, "-opponent", "random")
			speaksGerman(t, out, "Das Spiel durchsehen: analyse bewertet es, zurück und vor gehen durch die Züge",
				"\n  Spieler 1 (du): ", " "+c.unit+" verloren in ", "  die schlechtesten Entscheidungen:\n", "das kostete ")
			file, g := recordAtDecision(t, c.game, c.seed, c.players)
			n, _, _ := worstPlay(t, g)
			out = playWith(t, fmt.Sprintf("tipp\nwurf\nwurf taste\ntutor\n%d\nj\nende\nnein\n", n), "-i", "-lang", "de", "-game", c.game, "-load", file, "-opponent", "random", "-tutor", "streng")
			speaksGerman(t, out, "Tutor: Spieler 1, dein Zug ", " verliert etwa ", "Der bessere Zug: ", "Das Brett nach dem besseren Zug:",
				"den Zug zurücknehmen und neu wählen? (j/N) zurückgenommen: ", "die Eingabetaste würfelt (wurf auto: deine Würfel werden für dich geworfen)",
				"der Tutor meldet sich nach einem Zug, der mehr als ")
		})
	}
	bad := filepath.Join(dir, "kaputt.txt")
	if err := os.WriteFile(bad, []byte("# brettspiel record\ngame: toccateglio\n\n6-5 ; 1/7 1/6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := playWith(t, "laden "+bad+"\nende\n", "-i", "-lang", "de", "-seed", "3", "-opponent", "random")
	speaksGerman(t, out, bad+": Zeile 4 der Partie: ")
}
