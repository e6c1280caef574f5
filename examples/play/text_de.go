package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/words"
)

// The German texts of the terminal example (text.go has the English and
// the type they fill).

var german = text{
	pad:         padLetters,
	huckeAt:     func(p int, who string) string { return fmt.Sprintf("%s auf %d", who, p) },
	huckeLegend: func(list string) string { return "H = die Hucke, ein Eckfeld: " + list },
	direction:   func(list string) string { return "Zugrichtung: " + list },
	twoLegs:     func(a, b, c, d int) string { return fmt.Sprintf("%d→%d und weiter %d→%d", a, b, c, d) },
	side: func(who string, waiting int, where string, off, pips int) string {
		return fmt.Sprintf("%s: %d %s, %d abgetragen, noch %s", who, waiting, where, off, count(pips, "Auge", "Augen"))
	},
	waiting: map[string]string{"hand": "in der Hand", "bar": "auf der Bar"},
	score: func(marks, strokes int) string {
		return "; " + count(marks, "Marke", "Marken") + ", " + count(strokes, "Strich", "Striche")
	},
	junker:    func(open int) string { return "; Junker (" + count(open, "Einsetzfeld", "Einsetzfelder") + " offen)" },
	partie:    func(n, of int) string { return fmt.Sprintf("Partie %d von %d", n, of) },
	dice:      func(faces string) string { return "Würfel: " + faces },
	drawStart: "Auswürfeln, wer beginnt: jeder wirft, die höhere Summe fängt an.",
	toThrow:   func(who string) string { return who + " ist am Wurf." },
	toPlay:    func(who string) string { return who + " ist am Zug und spielt den Wurf." },
	toDecide: func(who string) string {
		return who + " hat die Partie gewonnen: fortgehen (den Rest behalten) oder neu anfangen."
	},
	toSchule: func(who string) string {
		return who + " markiert seine Points oder antwortet auf die Marken des anderen: gelten lassen, richtig markieren lassen oder in die Schule schicken (Schule)."
	},
	over: "Das Spiel ist aus.",

	planTitle: func(players, throws int) string {
		return fmt.Sprintf("Festungsspiel, %d Spieler, bisher %s; x eine Marke, . ein leeres Feld", players, count(throws, "Wurf", "Würfe"))
	},
	outerWorks:  "Außenwerke         I II III IV  V VI",
	ofFortress:  func(f int) string { return fmt.Sprintf("  der Festung %d", f) },
	twinNote:    "  (Festung 1 und 3 haben jedes Werk zweimal: die Zeile mit ' ist der zweite Satz, W1.I'…W1.VI')",
	linesLabel:  "Festungslinien",
	schanzen:    "Schanzen      ",
	batteries:   "Batterien     ",
	seatsHeader: "            Bestand  gekauft  Pasche  Festung",
	seatRow: func(who string, balance, bought, pasches int, fortress string) string {
		return fmt.Sprintf("  %-9s %7d  %7d  %6d  %s", who, balance, bought, pasches, fortress)
	},
	decideField: func(faces, throw, who string) string {
		return fmt.Sprintf("Würfel: %s (%s)\n%s hat geworfen und wählt, von welchem Außenwerk er die Marke nimmt.", faces, throw, who)
	},
	takeMarker: func(number string, fortress int) string {
		return fmt.Sprintf("die Marke vom Außenwerk %s der Festung %d nehmen", number, fortress)
	},

	throwShows: func(notation string) string { return "Die Würfel zeigen " + notation + "." },
	plays: func(who, steps, notation string) string {
		return fmt.Sprintf("%s zieht %s (Notation %s).", who, steps, notation)
	},
	chooses:   func(who, notation string) string { return fmt.Sprintf("%s wählt %s.", who, notation) },
	hand:      "Hand",
	bar:       "Bar",
	off:       "aus",
	notAThrow: "Das ist kein Wurf.",
	throwForm: map[string]string{
		"toccateglio": "ein Wurf wird wie 6-5 geschrieben, zwei Würfel von 1 bis 6",
		"verkehren":   "ein Wurf wird wie 6-5 geschrieben, zwei Würfel von 1 bis 6",
		"festung":     "ein Wurf wird wie 5/1-6 geschrieben, erst der große Würfel, dann die zwei kleinen, jeder von 1 bis 6",
	},
	demoTitle: func(title string, seed uint64) string {
		return fmt.Sprintf("%s: der gierige Bot (Spieler 1) gegen Zufalls-Bots; Startwert %d", title, seed)
	},
	demoStopped: func(turns int) string {
		return fmt.Sprintf("Nach %s angehalten (-turns); das Spiel ist nicht aus.", count(turns, "Zug", "Zügen"))
	},
	unitOf: map[string]string{"toccateglio": "Striche", "verkehren": "Punkte", "festung": "Marken", "": "Punkte"},
	botNames: map[string]string{
		"random": "Zufall", "greedy": "Gierig", "search": "Suche", "expectimax": "Erwartung",
		"net-beginner": "Netz-Anfänger", "net-casual": "Netz-Gelegenheitsspieler", "net-intermediate": "Netz-Mittelstufe",
		"net-advanced": "Netz-Fortgeschritten", "net-expert": "Netz-Experte", "net-strongest": "Netz-Stärkster",
		"festung-best": "Festung-Bester",
	},

	greeting: func(title, preset, who string) string {
		return fmt.Sprintf("%s%s; %s — hilfe zeigt die Befehle.", title, preset, who)
	},
	players:   func(n int) string { return fmt.Sprintf(", %d Spieler", n) },
	youAre:    func(seat, bot string) string { return fmt.Sprintf("du bist %s gegen den Bot „%s“", seat, bot) },
	everySeat: "alle Plätze werden an dieser Tastatur gespielt",
	ruleNamed: func(id, title string) string { return fmt.Sprintf("  %s: %s (mehr dazu: warum %s)", id, title, id) },
	lineTooLong: func(n, max int) string {
		return fmt.Sprintf("Zeile zu lang (%d Bytes; höchstens %d): übergangen", n, max)
	},
	yourThrow: func(who string) string {
		return who + ", du bist am Wurf: die Eingabetaste würfelt (oder gib einen Befehl ein)."
	},
	typeThrow:  "gib den Wurf ein, den du siehst:",
	yourChoice: func(who string) string { return who + ", deine Wahl (eine Nummer oder die Eingabe aus der Liste):" },
	listPlay: func(n int, steps, notation string) string {
		return fmt.Sprintf("  %2d) %-24s Eingabe %s", n, steps, notation)
	},
	moveWords: map[string]string{
		"pass": "passen: es lässt sich nichts spielen", "concede": "das Spiel aufgeben",
		"go-on": "fortgehen: den Rest behalten", "afresh": "neu anfangen",
	},
	pressEnter: "du bist am Wurf: die Eingabetaste (eine leere Zeile) würfelt",
	boardPoints: func(steps string, n int, notation string) string {
		return fmt.Sprintf("(in Feldern des Bretts gelesen ist %s der Zug %d; die Notation zählt in deiner eigenen Bahn: gib %d oder %s ein)", steps, n, n, notation)
	},
	concede:      "wirklich aufgeben? (j/n) ",
	notConceded:  "nicht aufgegeben; es geht weiter",
	noGiveUp:     "im Festungsspiel gibt man nicht auf: ein Spiel endet, wenn alle am Tisch es vereinbaren (ende)",
	giveUpAgreed: "ein Band von dir steht auf deiner eigenen Seite: Aufgeben braucht die Zustimmung des anderen (V-W2), die ein Spiel an einem Bildschirm als gegeben nimmt",
	yes:          []string{"j", "ja", "y", "yes"},
	no:           []string{"n", "nein", "no"},
	noPlay:       func(n, max int) string { return fmt.Sprintf("kein Zug mit der Nummer %d: wähle 1…%d", n, max) },
	unknown: func(word string) string {
		return fmt.Sprintf("unbekannter Befehl %s; hilfe zeigt die Befehle", word)
	},
	undoPlay: func(who, steps, notation string) string {
		return fmt.Sprintf("der Zug %s von %s (Notation %s)", steps, who, notation)
	},
	undoMove:  func(who, notation string) string { return fmt.Sprintf("%s (%s)", notation, who) },
	undoThrow: func(notation string) string { return "der Wurf " + notation },
	takenBack: func(what string, after int) string {
		if after > 0 {
			return fmt.Sprintf("zurückgenommen: %s und %s danach (vor spielt sie wieder)", what, count(after, "Schritt", "Schritte"))
		}
		return fmt.Sprintf("zurückgenommen: %s (vor spielt das wieder)", what)
	},
	nothingUndo: "nichts zurückzunehmen: du hast in diesem Spiel noch nicht gezogen",
	nothingRedo: "nichts zu wiederholen",
	noMoves:     "noch keine Züge",
	diceActor:   "Würfel",
	historyPlay: func(steps, notation string) string { return fmt.Sprintf("%-24s (Notation %s)", steps, notation) },
	historyLine: func(n int, who, what string) string { return fmt.Sprintf("%4d. %s %s", n, padLetters(who, 9), what) },
	notOver:     "Das Spiel ist noch nicht aus.",
	reviewNow:   "Das Spiel durchsehen: analyse bewertet es, zurück und vor gehen durch die Züge, verlauf listet sie auf,\ndurchsicht zeigt jeden Schritt mit Zeichen; ende beendet.",
	tutorArg: func(arg string) string {
		return fmt.Sprintf("tutor nimmt aus, mild, streng oder einen Betrag wie 0,1; nicht %q", arg)
	},
	tutorIs: func(at float64, unit string) string {
		if at < 0 {
			return "der Tutor ist aus"
		}
		return fmt.Sprintf("der Tutor meldet sich nach einem Zug, der mehr als %s %s verliert", comma(fmt.Sprintf("%.2f", at)), unit)
	},
	tutorSays: func(who, played string, loss float64, unit, better, notation string) string {
		if notation != "" {
			better += " (Eingabe " + notation + ")"
		}
		return fmt.Sprintf("Tutor: %s, dein Zug %s verliert etwa %s %s.\nDer bessere Zug: %s.", who, played, comma(fmt.Sprintf("%.2f", loss)), unit, better)
	},
	tutorBoard:    "Das Brett nach dem besseren Zug:",
	tutorTakeBack: "den Zug zurücknehmen und neu wählen? (j/N) ",
	tutorTaken:    func(played string) string { return "zurückgenommen: " + played + "; wähle neu" },
	tutorForgot: func(who string, points int) string {
		lost := "sie sind jetzt verloren"
		if points == 1 {
			lost = "er ist jetzt verloren"
		}
		return fmt.Sprintf("Tutor: %s, du hast %s vergessen; %s (T-W5).", who, count(points, "Point", "Points"), lost)
	},
	throwArg: func(arg string) string {
		return fmt.Sprintf("wurf nimmt auto (deine Würfel werden für dich geworfen) oder taste (die Eingabetaste würfelt); nicht %q", arg)
	},
	throwIs: func(auto bool) string {
		if auto {
			return "deine Würfel werden für dich geworfen (wurf taste: die Eingabetaste würfelt)"
		}
		return "die Eingabetaste würfelt (wurf auto: deine Würfel werden für dich geworfen)"
	},
	saveQuestion: "Spiel speichern? Dateiname, oder leer lassen, um es nicht zu speichern: ",
	saveNoName:   "speichern braucht einen Dateinamen",
	notRegular: func(path string) string {
		return path + " gibt es schon, und es ist keine gewöhnliche Datei: nicht gespeichert"
	},
	overwrite: func(path string) string { return path + " gibt es schon; überschreiben? (j/N) " },
	notSaved:  "nicht gespeichert",
	saved: func(steps int, path string) string {
		return fmt.Sprintf("%s in %s gespeichert", count(steps, "Schritt", "Schritte"), path)
	},
	loadNoName: "laden braucht einen Dateinamen",
	otherGame: func(path, game, want string) string {
		return fmt.Sprintf("%s ist eine Partie von %s, nicht von %s", path, game, want)
	},
	loaded: func(steps int, path string) string {
		return fmt.Sprintf("%s aus %s geladen", count(steps, "Schritt", "Schritte"), path)
	},
	badRecord: germanBadRecord,
	fileError: germanFileError,
	badSeat: func(seat, max int) string {
		return fmt.Sprintf("Platz %d: das Spiel hat die Plätze 0…%d", seat, max)
	},

	commandsTitle: "Befehle:",
	commands: [][2]string{
		{"NUMMER", "den Zug mit dieser Nummer in der Liste spielen"},
		{"ZUG", "einen Zug in der Notation des Spiels eingeben (unten)"},
		{"brett", "das Brett und die Liste der Züge noch einmal zeigen"},
		{"tipp", "die besten Züge nach dem stärksten Bot, mit dem, was jeder sofort bringt, und dem Ergebnis, das er erwartet"},
		{"zurück", "den eigenen letzten Zug zurücknehmen (mit den Würfen und Bot-Zügen danach)"},
		{"vor", "wieder spielen, was zurück zurückgenommen hat"},
		{"verlauf", "die Züge des Spiels bis jetzt"},
		{"warum [REGEL…]", "der Text einer Regel (warum T-M3); allein: die eben genannten Regeln, in der Schule die dessen, was markiert werden kann"},
		{"regeln", "die Regeln dieses Spiels mit ID und Titel"},
		{"tutor [STUFE]", "der Tutor: aus, mild, streng oder der Betrag, den ein Zug verlieren darf"},
		{"wurf [auto|taste]", "deine Würfel für dich geworfen oder mit der Eingabetaste"},
		{"aufgeben", "die Partie (Toccateglio, T-W6) oder das Spiel (Verkehren, V-W2) aufgeben, mit Rückfrage"},
		{"speichern DATEI", "die Partie in DATEI schreiben"},
		{"laden DATEI", "eine gespeicherte Partie fortsetzen (zurück reicht in sie hinein)"},
		{"hilfe", "dieser Text"},
		{"ende", "das Spiel verlassen; ein laufendes Spiel kann vorher gespeichert werden"},
	},
	synonyms: map[string]string{
		"brett": "board", "tipp": "hint", "zurück": "undo", "vor": "redo", "verlauf": "history",
		"warum": "why", "regeln": "rules", "speichern": "save", "laden": "load", "analyse": "analyze",
		"hilfe": "help", "ende": "quit", "wurf": "throw", "beenden": "quit", "aufgeben": "resign",
	},
	synonymNote: "\nDie englischen Befehlswörter (help in einer Sitzung mit -lang en) gehen auch.",
	examples: map[string][][2]string{
		"toccateglio": {
			{"6-5", "ein Wurf, von Hand eingegeben (-dice manual), beliebiger Würfel zuerst"},
			{"1/7 1/6", "ein Zug: von/nach für jede Zahl, in deiner eigenen Bahn"},
			{"1/5 5/10", "ein Stein zieht mit der zweiten Zahl weiter"},
			{"in/3", "ein Stein aus der Hand eingesetzt (Toccadille)"},
			{"20/off", "ein Stein abgetragen"},
			{"pass", "es lässt sich nichts spielen"},
			{"go-on", "nach einer gewonnenen Partie: den Rest behalten und fortgehen"},
			{"afresh", "nach einer gewonnenen Partie: neu aus der Grundstellung anfangen"},
			{"mark 3", "mit -schule: 3 Points für den Schritt ansagen (0…12)"},
			{"schule 2", "mit -schule: den anderen in die Schule schicken und selbst 2 Points markieren"},
			{"right", "mit -schule: den anderen genau markieren lassen, was er gewonnen hat"},
		},
		"verkehren": {
			{"6-5", "ein Wurf, von Hand eingegeben (-dice manual), beliebiger Würfel zuerst"},
			{"13/18 13/19", "ein Zug: von/nach für jede Zahl, in deiner eigenen Bahn"},
			{"1/6 6/12", "ein Stein zieht mit der zweiten Zahl weiter"},
			{"bar/3*", "ein Stein von der Bar eingesetzt, mit Schlag (das * darf fehlen)"},
			{"20/off", "ein Stein abgetragen"},
			{"pass", "es lässt sich nichts spielen"},
			{"concede", "das Spiel aufgeben (mit Rückfrage)"},
		},
		"festung": {
			{"5/1-6", "ein Wurf, von Hand eingegeben (-dice manual): der große Würfel, dann die zwei kleinen"},
			{"W2.II", "bei einer Wahl: das Feld der Außenwerke, von dem die Marke genommen wird"},
		},
	},
	notationOf: func(title, name string) string { return fmt.Sprintf("\nNotation von %s (%s):", title, name) },
	legalNow:   "ein jetzt erlaubter Zug",
	enterFestung: []string{
		"\nZüge eingeben: bei einer Wahl die Nummer eines Feldes in der Liste oder",
		"seinen Namen (W1.IV); Groß- und Kleinschreibung sind gleich. Bei deinem Wurf",
		"die Eingabetaste drücken.",
	},
	enterRace: func(p2 string) []string {
		return []string{
			"\nZüge eingeben: die Nummer eines Zuges in der Liste oder den Zug in Notation;",
			"Groß- und Kleinschreibung und Leerzeichen sind gleich. Das Brett, die Liste,",
			"die gemeldeten Züge und der Verlauf zählen in Feldern des Bretts, wie es",
			"nummeriert ist; die Notation zählt in der eigenen Bahn des Ziehenden (Feld 1",
			"von Spieler 2 ist Feld " + p2 + " des Bretts), darum steht neben jedem Zug der",
			"Liste die Eingabe dafür.",
		}
	},
	source:       func(s string) string { return "  Quelle: " + s },
	diceAndBoard: "Würfel und Brett",
	noRuleNamed:  "eben wurde keine Regel genannt; frag nach einer: warum T-M3 (regeln zählt sie auf)",
	noRule: func(ids string) string {
		return fmt.Sprintf("keine Regel %s: Regeln heißen wie T-M3 oder V-E1; regeln zählt die dieses Spiels auf", ids)
	},

	hintThrow:  "Tipps gibt es für Züge, nicht für Würfe",
	hintSchule: "keine Tipps in der Schule: die eigenen Points markieren und die Fehler des anderen finden ist deine Sache (T-W5g)",
	schuleMark: func(n string) string {
		if n == "1" {
			return "1 Point markieren für diesen Schritt"
		}
		return n + " Points markieren für diesen Schritt"
	},
	schuleClaim: func(n string) string {
		return "in die Schule schicken: du markierst " + n + ", er verliert, was er zu viel markiert hat"
	},
	schuleRight: "ihn genau markieren lassen, was er gewonnen hat; keiner bekommt etwas dafür",
	schulePass:  "gelten lassen",
	schuleWhy:   "  warum      die Regeln dessen, was bei diesem Schritt markiert werden kann",
	schuleRulesHead: "Was bei diesem Schritt markiert werden kann, nach den Regeln; wie viel " +
		"fällig ist, findest du selbst:",
	wasDue:  "Zu markieren war:",
	onePlay: func(notation string) string { return "es gibt nur einen Zug: " + notation },
	hintTitle: func(bot, unit string) string {
		if in, ok := map[string]string{"Striche": "Strichen", "Punkte": "Punkten"}[unit]; ok {
			unit = in
		}
		return fmt.Sprintf("die besten Züge nach dem Bot „%s“; „erwartet“ ist dein durchschnittliches Ergebnis von hier aus, in %s:", bot, unit)
	},
	hintLine: func(what, reason string, value float64, unit string) string {
		if reason != "" {
			reason += "; "
		}
		return fmt.Sprintf("  %-36s %serwartet %s %s", what, reason, comma(fmt.Sprintf("%+.2f", value)), unit)
	},
	hintShallower: "  weniger tief beurteilt, also nicht mit den Zügen darüber vergleichbar:",
	hintTyped:     func(steps, notation string) string { return steps + " (Eingabe " + notation + ")" },
	festungHintTitle: func(number, unit string) string {
		return fmt.Sprintf("die Wahl, genau bewertet: so viele %s kannst du von den Außenwerken\n%s an erwarten, wenn danach jeder am besten spielt:", unit, number)
	},
	festungHintLine: func(field string, fortress int, value, cost float64, unit string) string {
		if cost < 0.0005 {
			return fmt.Sprintf("  %-7s (Festung %d)  %s %s, am besten", field, fortress, comma(fmt.Sprintf("%+.2f", value)), unit)
		}
		return fmt.Sprintf("  %-7s (Festung %d)  %s %s, %s weniger", field, fortress, comma(fmt.Sprintf("%+.2f", value)), unit, comma(fmt.Sprintf("%.2f", cost)))
	},
	festungHintSame: func(field string, fortress int, value float64, unit, same string, all bool) string {
		line := fmt.Sprintf("  %-7s (Festung %d)  %s %s, so gut wie %s", field, fortress, comma(fmt.Sprintf("%+.2f", value)), unit, same)
		if all {
			line += "\n          (jeder Spieler darf von nun an aus beiden Festungen nehmen)"
		}
		return line
	},
	hintScores:   germanScores,
	analyzeEntry: [2]string{"analyse [2]", "das Spiel bis jetzt bewerten: Fehler, Glück, Einstufung (2: genauer)"},
	analyzeArg: func(arg string) string {
		return fmt.Sprintf("analyse nimmt nichts oder 2 für einen genaueren Blick; nicht %q", arg)
	},
	analysis: func(steps int, judge, unit string) string {
		in := map[string]string{"Striche": "Strichen", "Punkte": "Punkten"}[unit]
		if in == "" {
			in = unit
		}
		switch judge {
		case "exact":
			return fmt.Sprintf("Auswertung von %s; jede Wahl genau bewertet, in erwarteten %s:", count(steps, "Schritt", "Schritten"), unit)
		case "net, 2 plies":
			return fmt.Sprintf("Auswertung von %s, genauer betrachtet, in %s:", count(steps, "Schritt", "Schritten"), in)
		}
		return fmt.Sprintf("Auswertung von %s, in %s (analyse 2 schaut genauer hin):", count(steps, "Schritt", "Schritten"), in)
	},
	ratings: map[string]string{
		"world class": "Weltklasse", "expert": "Experte", "advanced": "fortgeschritten", "intermediate": "Mittelstufe",
		"casual": "Gelegenheitsspieler", "beginner": "Anfänger", "awful": "sehr schwach",
	},
	roleBot:    "Bot",
	roleYou:    "du",
	rolePerson: "Mensch",
	noRating:   "keine Entscheidung zu bewerten",
	playerLine: func(who, role string, decisions int, rate, loss, luck float64, throws int, rating, unit string) string {
		if rating != "" && decisions > 0 {
			rating = "Einstufung: " + rating
		}
		if rating != "" {
			rating = "\n      " + rating
		}
		return fmt.Sprintf("  %s (%s): %s %s verloren in %s (%s je)%s\n      Glück %s in %s",
			who, role, comma(fmt.Sprintf("%.3f", loss)), unit, count(decisions, "Entscheidung", "Entscheidungen"),
			comma(fmt.Sprintf("%.3f", rate)), rating, comma(fmt.Sprintf("%+.3f", luck)), count(throws, "Wurf", "Würfen"))
	},
	noLoss:     "  keine Entscheidung hat etwas verloren",
	worstTitle: "  die schlechtesten Entscheidungen:",
	worstLine: func(step int, who, played string, value float64, best string, bestValue, loss float64, unit string) string {
		return fmt.Sprintf("  Schritt %d, %s zog %s (%s)\n      besser %s (%s): das kostete %s %s", step, who, played,
			comma(fmt.Sprintf("%+.3f", value)), best, comma(fmt.Sprintf("%+.3f", bestValue)), comma(fmt.Sprintf("%.3f", loss)), unit)
	},
	luckLine: func(lucky bool, step int, notation, who string, luck float64, unit string) string {
		what := "unglücklichste"
		if lucky {
			what = "glücklichste"
		}
		return fmt.Sprintf("  der %s Wurf: Schritt %d, %s für %s, %s %s", what, step, notation, who, comma(fmt.Sprintf("%+.3f", luck)), unit)
	},
}

// germanFileError says in German what went wrong with a file, for the
// errors a person meets: a name that is not there, a file he may not
// read or write, one that exists already; anything else in the system's
// words.
// germanScores says it in German: "+2 Marken (T-M1), -1 Treffer".
func germanScores(scores []bot.Score) string {
	return joinScores(scores, func(sc bot.Score) string {
		marker := "Marken"
		if sc.Amount == 1 || sc.Amount == -1 {
			marker = "Marke"
		}
		switch sc.Kind {
		case brettspiel.EventHit:
			return "Treffer"
		case brettspiel.EventPay:
			return marker + " gezahlt"
		case brettspiel.EventTake:
			return marker + " genommen"
		case brettspiel.EventPlace:
			return marker + " gesetzt"
		}
		return marker
	}, "")
}

func germanFileError(err error) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return pe.Path + ": diese Datei gibt es nicht"
	case errors.Is(err, fs.ErrPermission):
		return pe.Path + ": keine Berechtigung"
	case errors.Is(err, fs.ErrExist):
		return pe.Path + ": die Datei gibt es schon"
	case errors.Is(err, syscall.EISDIR):
		return pe.Path + " ist ein Verzeichnis, keine Datei"
	}
	return pe.Path + ": " + pe.Err.Error()
}

// germanBadRecord says in German why the file at path holds no game to
// load: the file could not be read, a step of the record is refused or
// no move (its line and the refusal as package words says it), or the
// text is no record (with its line where the error names one).
func germanBadRecord(path string, err error) string {
	if errors.As(err, new(*fs.PathError)) {
		return germanFileError(err)
	}
	if recordStep.MatchString(err.Error()) {
		return path + ": " + words.German.Refusal(err)
	}
	say := path + " ist keine gespeicherte Partie, die sich laden lässt"
	var e *brettspiel.Error
	if errors.As(err, &e) && strings.HasPrefix(e.Input, "line ") {
		say += " (Zeile " + strings.TrimPrefix(e.Input, "line ") + ")"
	}
	return say + "."
}
