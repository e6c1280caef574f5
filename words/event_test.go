package words

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

const np = brettspiel.NoPlace

// ev builds an event of p with the other seat o, no place.
func ev(kind brettspiel.EventKind, rule string, p, o brettspiel.Player) brettspiel.Event {
	return brettspiel.Event{Kind: kind, Rule: rule, Player: p, Other: o, From: np, To: np, TrackFrom: np, TrackTo: np}
}

func with(e brettspiel.Event, f func(*brettspiel.Event)) brettspiel.Event { f(&e); return e }

// eventCase is one sort of event a game emits, with its sentences.
type eventCase struct {
	variant string
	e       brettspiel.Event
	en, de  string
}

// key tells apart the sorts of events that are said differently: the
// variant, kind, rule and the notes that choose a sentence.
func key(variant string, e brettspiel.Event) string {
	note := ""
	switch e.Kind {
	case brettspiel.EventEnd, brettspiel.EventDecide, toccateglio.EventBegin:
		note = e.Note
	}
	if e.Kind == brettspiel.EventDecide && e.Rule == "F-A2" {
		note = "" // the fortress is in the field's name
	}
	if e.Kind == brettspiel.EventDecide && e.Rule == "T-W3" && e.Note != noteAfresh {
		note = "rest"
	}
	switch e.Kind {
	case toccateglio.EventRight:
		note = e.Note
	case toccateglio.EventDeclare:
		note = strconv.Itoa(e.Number)
	case toccateglio.EventSchule:
		note = strconv.FormatBool(e.Number > 0)
	}
	if e.Kind == brettspiel.EventThrow {
		if len(e.Dice) == 2 && e.Dice[0] == e.Dice[1] {
			note = "doublet"
		}
	}
	rule := e.Rule
	switch e.Kind {
	case brettspiel.EventTake, brettspiel.EventPlace, brettspiel.EventPay, festung.EventConquer:
		rule = "" // the rule does not change the sentence
	}
	who := "seat"
	if e.Player < 0 {
		who = "nobody"
	}
	return variant + "|" + string(e.Kind) + "|" + rule + "|" + note + "|" + who
}

// eventCases lists every sort of event of every game: each kind the game
// emits with each rule it emits it with, and each note that changes the
// sentence.
var eventCases = []eventCase{
	// Toccateglio
	{"toccateglio", with(ev(brettspiel.EventThrow, "T-S3", 0, brettspiel.Nobody), func(e *brettspiel.Event) { e.Dice, e.Number, e.Note = []int{6, 5}, 11, "6-5" }),
		"Player 1 throws 6 and 5 for the start (11).", "Spieler 1 wirft 6 und 5 um den Anfang (11)."},
	{"toccateglio", with(ev(brettspiel.EventThrow, "T-S3", 1, brettspiel.Nobody), func(e *brettspiel.Event) { e.Dice, e.Number, e.Note = []int{3, 3}, 6, "3-3" }),
		"Player 2 throws 3 and 3 for the start (6).", "Spieler 2 wirft 3 und 3 um den Anfang (6)."},
	{"toccateglio", with(ev(brettspiel.EventThrow, "", 0, brettspiel.Nobody), func(e *brettspiel.Event) { e.Dice, e.Number, e.Note = []int{4, 1}, 5, "4-1" }),
		"Player 1 throws 4 and 1.", "Spieler 1 wirft 4 und 1."},
	{"toccateglio", with(ev(brettspiel.EventThrow, "", 1, brettspiel.Nobody), func(e *brettspiel.Event) { e.Dice, e.Number, e.Note = []int{2, 2}, 4, "2-2" }),
		"Player 2 throws 2 and 2, a doublet.", "Spieler 2 wirft 2 und 2, einen Pasch."},
	{"toccateglio", with(ev(toccateglio.EventBegin, "T-S3", brettspiel.Nobody, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = noteEqualTotals }),
		"Equal totals: both throw again.", "Gleiche Summen: beide werfen noch einmal."},
	{"toccateglio", with(ev(toccateglio.EventBegin, "T-S3", 1, 0), func(e *brettspiel.Event) { e.Note = noteHigher }),
		"Player 2 has the higher total and begins.", "Spieler 2 hat die höhere Summe und beginnt."},
	{"toccateglio", with(ev(toccateglio.EventBegin, "T-S3", 0, 1), func(e *brettspiel.Event) { e.Note = noteLower }),
		"Player 1 has the lower total and begins with that throw.", "Spieler 1 hat die niedrigere Summe und beginnt mit diesem Wurf."},
	{"toccateglio", with(ev(toccateglio.EventBegin, "T-S3", 1, 0), func(e *brettspiel.Event) { e.Note = noteFirst }),
		"Player 2 begins.", "Spieler 2 beginnt."},
	{"toccateglio", brettspiel.Event{Kind: brettspiel.EventMove, Rule: "T-D2", Player: 1, Other: brettspiel.Nobody, From: 24, To: 22, TrackFrom: 1, TrackTo: 3, Number: 2},
		"Player 2 moves a stone from 24 to 22 (2).", "Spieler 2 zieht einen Stein von 24 nach 22 (2)."},
	{"toccateglio", brettspiel.Event{Kind: brettspiel.EventMove, Rule: "T-H3", Player: 0, Other: brettspiel.Nobody, From: 7, To: 12, TrackFrom: 7, TrackTo: 12, Number: 5, Note: "the Hucke taken by force"},
		"Player 1 moves a stone from 7 to 12 (5) and takes the Hucke by force.", "Spieler 1 zieht einen Stein von 7 nach 12 (5) und nimmt die Hucke mit Gewalt."},
	{"toccateglio", brettspiel.Event{Kind: brettspiel.EventEnter, Rule: "T-S4", Player: 1, Other: brettspiel.Nobody, From: 0, To: 23, TrackFrom: 0, TrackTo: 2, FromName: "hand", Number: 2},
		"Player 2 brings a stone from the hand to 23 (2).", "Spieler 2 bringt einen Stein aus der Hand auf 23 (2)."},
	{"toccateglio", brettspiel.Event{Kind: brettspiel.EventBearOff, Rule: "T-B1", Player: 1, Other: brettspiel.Nobody, From: 3, To: 25, TrackFrom: 22, TrackTo: 25, ToName: "off", Number: 3},
		"Player 2 bears a stone off from 3 (3).", "Spieler 2 nimmt einen Stein von 3 heraus (3)."},
	{"toccateglio", with(ev(brettspiel.EventPass, "T-D7", 0, brettspiel.Nobody), func(*brettspiel.Event) {}),
		"Player 1 cannot play.", "Spieler 1 kann nicht ziehen."},
	{"toccateglio", brettspiel.Event{Kind: brettspiel.EventMark, Rule: "T-M1", Player: 0, Other: 1, Amount: 1, From: 3, To: 7, TrackFrom: 3, TrackTo: 7, Number: 4, Note: "hit"},
		"Player 1 scores 1 mark for a hit from 3 on 7 (4).", "Spieler 1 erhält 1 Marke für einen Treffer von 3 auf 7 (4)."},
	{"toccateglio", brettspiel.Event{Kind: brettspiel.EventMark, Rule: "T-M2", Player: 1, Other: 0, Amount: 4, From: 20, To: 14, TrackFrom: 5, TrackTo: 11, Number: 6, Note: "hit"},
		"Player 2 scores 4 marks for a hit from 20 on 14 (6).", "Spieler 2 erhält 4 Marken für einen Treffer von 20 auf 14 (6)."},
	{"toccateglio", brettspiel.Event{Kind: brettspiel.EventMark, Rule: "T-M3", Player: 0, Other: 1, Amount: 2, From: np, To: 13, TrackFrom: np, TrackTo: 13, Note: "Hucke hit"},
		"Player 1 scores 2 marks for a hit on the empty Hucke on 13.", "Spieler 1 erhält 2 Marken für einen Treffer in die leere Hucke auf 13."},
	{"toccateglio", with(ev(brettspiel.EventMark, "T-D7", 1, 0), func(e *brettspiel.Event) { e.Amount, e.Number, e.Note = 1, 5, "unplayable number" }),
		"Player 2 scores 1 mark: Player 1 cannot play the 5.", "Spieler 2 erhält 1 Marke: Spieler 1 kann die 5 nicht spielen."},
	{"toccateglio", with(ev(brettspiel.EventMark, "T-J1", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Number, e.Note = 2, 2, "closed quarter" }),
		"Player 1 scores 2 marks for closing the second quarter of his track (a Jan).", "Spieler 1 erhält 2 Marken für das geschlossene zweite Viertel seiner Bahn (ein Jan)."},
	{"toccateglio", with(ev(brettspiel.EventMark, "T-J3", 1, 0), func(e *brettspiel.Event) { e.Amount, e.Number, e.Note = 2, 4, "closed quarter" }),
		"Player 2 scores 2 marks for closing the fourth quarter of his track (a Jan).", "Spieler 2 erhält 2 Marken für das geschlossene vierte Viertel seiner Bahn (ein Jan)."},
	{"toccateglio", with(ev(brettspiel.EventMark, "T-J2", 1, 0), func(e *brettspiel.Event) {
		e.Amount, e.Number, e.Note = 2, 1, "a closed quarter opened that could have been kept"
	}),
		"Player 2 scores 2 marks: Player 1 opened the first quarter of his track, which could have stayed closed.", "Spieler 2 erhält 2 Marken: Spieler 1 hat das erste Viertel seiner Bahn geöffnet, das geschlossen bleiben konnte."},
	{"toccateglio", with(ev(brettspiel.EventMark, "T-B3", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Note = 2, "Marsch" }),
		"Player 1 scores 2 marks for the Marsch.", "Spieler 1 erhält 2 Marken für den Marsch."},
	{"toccateglio", with(ev(toccateglio.EventSatz, "T-B3", 0, 1), func(e *brettspiel.Event) { e.Note = "the Marsch won with a doublet wins the Partie" }),
		"Player 1 wins the Marsch with a doublet and so the Partie.", "Spieler 1 gewinnt den Marsch mit einem Pasch und damit die Partie."},
	{"toccateglio", with(ev(toccateglio.EventSetup, "T-B4", 0, 1), func(e *brettspiel.Event) { e.Note = "a new Marsch; its winner throws" }),
		"The stones go back to the setup for a new Marsch; Player 1 throws.", "Die Steine kehren für einen neuen Marsch in die Grundstellung zurück; Spieler 1 wirft."},
	{"toccateglio", with(ev(toccateglio.EventSetup, "T-W3", 1, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = "a new Partie afresh" }),
		"The stones go back to the setup for a new Partie.", "Die Steine kehren für eine neue Partie in die Grundstellung zurück."},
	{"toccateglio", with(ev(brettspiel.EventDecide, "T-W3", 1, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = noteAfresh }),
		"Player 2 chooses to begin a new Partie afresh.", "Spieler 2 wählt, eine neue Partie von vorn zu beginnen."},
	{"toccateglio", with(ev(brettspiel.EventDecide, "T-W3", 0, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note, e.Amount = "go on with the Rest", 2 }),
		"Player 1 chooses to go on with a Rest of 2 marks.", "Spieler 1 wählt, mit einem Rest von 2 Marken weiterzuspielen."},
	{"toccateglio", with(ev(brettspiel.EventEnd, "T-W2", 1, 0), func(e *brettspiel.Event) { e.Amount, e.Number, e.Note = 3, 0, "Partie won" }),
		"Player 2 wins a triple Partie (3 strokes).", "Spieler 2 gewinnt eine dreifache Partie (3 Striche)."},
	{"toccateglio", with(ev(brettspiel.EventEnd, "T-W4", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Note = 1, "match over" }),
		"Player 1 wins the match by 1 stroke.", "Spieler 1 gewinnt das Match mit 1 Strich Vorsprung."},
	{"toccateglio", with(ev(brettspiel.EventEnd, "T-W4", brettspiel.Nobody, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = "match over" }),
		"The match ends level.", "Das Match endet unentschieden."},
	{"toccateglio", with(ev(toccateglio.EventDeclare, "T-W5a", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Number, e.Note = 3, 2, "hits" }),
		"Player 1 marks 3 points for his hits.", "Spieler 1 markiert 3 Points für seine Treffer."},
	{"toccateglio", with(ev(toccateglio.EventDeclare, "T-W5a", 1, 0), func(e *brettspiel.Event) { e.Amount, e.Number, e.Note = 1, 4, "unplayable numbers and opened quarters" }),
		"Player 2 marks 1 point for what Player 1's move left unplayed or opened.", "Spieler 2 markiert 1 Point für das, was der Zug von Spieler 1 nicht setzen konnte oder geöffnet hat."},
	{"toccateglio", with(ev(toccateglio.EventDeclare, "T-W5a", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Number, e.Note = 0, 5, "closed quarters" }),
		"Player 1 marks 0 points for his closed quarters.", "Spieler 1 markiert 0 Points für seine geschlossenen Viertel."},
	{"toccateglio", with(ev(toccateglio.EventDeclare, "T-W5a", 1, 0), func(e *brettspiel.Event) { e.Amount, e.Number, e.Note = 2, 6, "Marsch" }),
		"Player 2 marks 2 points for the Marsch.", "Spieler 2 markiert 2 Points für den Marsch."},
	{"toccateglio", with(ev(toccateglio.EventSchule, "T-W5b", 1, 0), func(e *brettspiel.Event) { e.Amount = 2 }),
		"Player 2 sends Player 1 to school and marks 2 points.", "Spieler 2 schickt Spieler 1 in die Schule und markiert 2 Points."},
	{"toccateglio", with(ev(toccateglio.EventSchule, "T-W5b", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Number = 3, 1 }),
		"Player 1 sends Player 2 to school and marks 3 points; Player 2 loses 1 point marked too many.", "Spieler 1 schickt Spieler 2 in die Schule und markiert 3 Points; Spieler 2 verliert 1 zu viel markierten Point."},
	{"toccateglio", with(ev(toccateglio.EventRight, "T-W5c", 1, 0), func(e *brettspiel.Event) { e.Amount, e.Note = 2, "forgot" }),
		"Player 2 makes Player 1 mark right: 2 points more.", "Spieler 2 lässt Spieler 1 richtig markieren: 2 Points mehr."},
	{"toccateglio", with(ev(toccateglio.EventRight, "T-W5c", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Note = 1, "too many" }),
		"Player 1 makes Player 2 mark right: 1 point fewer.", "Spieler 1 lässt Spieler 2 richtig markieren: 1 Point weniger."},
	{"toccateglio", with(ev(toccateglio.EventRight, "T-W5c", 0, 1), func(e *brettspiel.Event) { e.Note = "was right" }),
		"Player 1 makes Player 2 mark right: it was right.", "Spieler 1 lässt Spieler 2 richtig markieren: es war richtig."},
	{"toccateglio", ev(toccateglio.EventLetPass, "T-W5c", 1, 0),
		"Player 2 lets Player 1's marking pass.", "Spieler 2 lässt die Marken von Spieler 1 gelten."},
	{"toccateglio", with(ev(brettspiel.EventEnd, "", brettspiel.Nobody, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = noteTurnCap }),
		"The game ends at the turn cap.", "Das Spiel endet an der Zuggrenze."},

	// Verkehren
	{"verkehren", with(ev(brettspiel.EventThrow, "V-S1", 0, brettspiel.Nobody), func(e *brettspiel.Event) { e.Dice, e.Number, e.Note = []int{5, 2}, 7, "draw for the start" }),
		"Player 1 throws 5 and 2 for the start (7).", "Spieler 1 wirft 5 und 2 um den Anfang (7)."},
	{"verkehren", with(ev(brettspiel.EventThrow, "V-S1", 1, brettspiel.Nobody), func(e *brettspiel.Event) { e.Dice, e.Number, e.Note = []int{1, 1}, 2, "draw for the start" }),
		"Player 2 throws 1 and 1 for the start (2).", "Spieler 2 wirft 1 und 1 um den Anfang (2)."},
	{"verkehren", with(ev(brettspiel.EventThrow, "", 1, brettspiel.Nobody), func(e *brettspiel.Event) { e.Dice, e.Number = []int{4, 1}, 5 }),
		"Player 2 throws 4 and 1.", "Spieler 2 wirft 4 und 1."},
	{"verkehren", with(ev(brettspiel.EventThrow, "V-D1", 0, brettspiel.Nobody), func(e *brettspiel.Event) { e.Dice, e.Number = []int{6, 6}, 12 }),
		"Player 1 throws 6 and 6, a doublet.", "Spieler 1 wirft 6 und 6, einen Pasch."},
	{"verkehren", with(ev(brettspiel.EventDecide, "V-S1", brettspiel.Nobody, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = noteEqualTotals }),
		"Equal totals: both throw again.", "Gleiche Summen: beide werfen noch einmal."},
	{"verkehren", with(ev(brettspiel.EventDecide, "V-S1", 1, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = "the higher total begins and throws anew" }),
		"Player 2 has the higher total, begins and throws anew.", "Spieler 2 hat die höhere Summe, beginnt und wirft neu."},
	{"verkehren", with(ev(verkehren.EventJunker, "V-J1", 0, brettspiel.Nobody), func(e *brettspiel.Event) { e.Amount, e.Number = 3, 2 }),
		"Player 1 is Junker: 3 stones off the board, 2 entry points open.", "Spieler 1 ist Junker: 3 Steine außerhalb des Bretts, 2 Einsetzfelder offen."},
	{"verkehren", brettspiel.Event{Kind: brettspiel.EventEnter, Rule: "V-E1", Player: 1, Other: brettspiel.Nobody, Amount: 1, From: 0, To: 17, TrackFrom: 0, TrackTo: 5, FromName: "bar", Number: 5},
		"Player 2 enters a stone on 17 (5).", "Spieler 2 setzt einen Stein auf 17 ein (5)."},
	{"verkehren", brettspiel.Event{Kind: brettspiel.EventMove, Player: 1, Other: brettspiel.Nobody, Amount: 1, From: 13, To: 16, TrackFrom: 1, TrackTo: 4, Number: 3},
		"Player 2 moves a stone from 13 to 16 (3).", "Spieler 2 zieht einen Stein von 13 nach 16 (3)."},
	{"verkehren", brettspiel.Event{Kind: brettspiel.EventHit, Rule: "V-H1", Player: 0, Other: 1, Amount: 1, From: np, To: 9, TrackFrom: np, TrackTo: 9, Number: 4},
		"Player 1 hits Player 2's stone on 9.", "Spieler 1 schlägt den Stein von Spieler 2 auf 9."},
	{"verkehren", brettspiel.Event{Kind: brettspiel.EventHit, Rule: "V-E3", Player: 1, Other: 0, Amount: 1, From: np, To: 15, TrackFrom: np, TrackTo: 3, Number: 3},
		"Player 2 hits Player 1's stone on 15 while entering.", "Spieler 2 schlägt den Stein von Spieler 1 auf 15 beim Einsetzen."},
	{"verkehren", brettspiel.Event{Kind: brettspiel.EventBearOff, Rule: "V-F1", Player: 0, Other: brettspiel.Nobody, Amount: 1, From: 20, To: 25, TrackFrom: 20, TrackTo: 25, ToName: "off", Number: 5},
		"Player 1 bears a stone off from 20 (5).", "Spieler 1 nimmt einen Stein von 20 heraus (5)."},
	{"verkehren", ev(brettspiel.EventPass, "V-D2", 1, brettspiel.Nobody),
		"Player 2 cannot play.", "Spieler 2 kann nicht ziehen."},
	{"verkehren", with(ev(brettspiel.EventPass, "V-J1", 0, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = "junker" }),
		"Player 1 is Junker and cannot play.", "Spieler 1 ist Junker und kann nicht ziehen."},
	{"verkehren", ev(verkehren.EventConcede, "V-W2", 0, brettspiel.Nobody),
		"Player 1 gives the game up.", "Spieler 1 gibt das Spiel auf."},
	{"verkehren", with(ev(verkehren.EventConcede, "V-W2", 1, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = "by agreement" }),
		"Player 2 gives the game up, as both players agreed.", "Spieler 2 gibt das Spiel auf, wie beide Spieler vereinbart haben."},
	{"toccateglio", ev(toccateglio.EventGiveUp, "T-W6", 0, 1),
		"Player 1 gives the Partie up.", "Spieler 1 gibt die Partie auf."},
	{"toccateglio", with(ev(brettspiel.EventMark, "T-W6", 1, 0), func(e *brettspiel.Event) { e.Amount = 9 }),
		"Player 2 scores 9 marks, to 12: Player 1 gave the Partie up.", "Spieler 2 erhält 9 Marken, bis 12: Spieler 1 hat die Partie aufgegeben."},
	{"verkehren", with(ev(brettspiel.EventEnd, "V-W1", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Note = 1, verkehren.SingleGame.String() }),
		"Player 1 wins a single game (worth 1).", "Spieler 1 gewinnt ein einfaches Spiel (zählt 1)."},
	{"verkehren", with(ev(brettspiel.EventEnd, "V-W2", 1, 0), func(e *brettspiel.Event) { e.Amount, e.Note = 1, verkehren.Conceded.String() }),
		"Player 2 wins a single game: Player 1 gave it up (worth 1).", "Spieler 2 gewinnt ein einfaches Spiel: Spieler 1 hat aufgegeben (zählt 1)."},
	{"verkehren", with(ev(brettspiel.EventEnd, "V-W3", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Note = 2, verkehren.DoubleJunker.String() }),
		"Player 1 wins a double game (worth 2): Player 2 is Junker, and no Band stands on the entry points.", "Spieler 1 gewinnt ein doppeltes Spiel (zählt 2): Spieler 2 ist Junker, und kein Band steht auf den Einsetzfeldern."},
	{"verkehren", with(ev(brettspiel.EventEnd, "V-W3", 1, 0), func(e *brettspiel.Event) { e.Amount, e.Note = 2, verkehren.DoubleSixOff.String() }),
		"Player 2 wins a double game (worth 2): Player 1 is Junker with six or more stones off the board.", "Spieler 2 gewinnt ein doppeltes Spiel (zählt 2): Spieler 1 ist Junker mit sechs oder mehr Steinen außerhalb des Bretts."},
	{"verkehren", with(ev(brettspiel.EventEnd, "V-W3", 0, 1), func(e *brettspiel.Event) { e.Amount, e.Note = 2, verkehren.DoublePoint24.String() }),
		"Player 1 wins a double game (worth 2): all 15 of Player 1's stones stand on the last point of his track.", "Spieler 1 gewinnt ein doppeltes Spiel (zählt 2): alle 15 Steine von Spieler 1 stehen auf dem letzten Feld seiner Bahn."},
	{"verkehren", with(ev(brettspiel.EventEnd, "V-W4", brettspiel.Nobody, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = verkehren.DrawnBothJunker.String() }),
		"The game is drawn: both players are Junker.", "Das Spiel endet unentschieden: beide Spieler sind Junker."},
	{"verkehren", with(ev(brettspiel.EventEnd, "", brettspiel.Nobody, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = verkehren.TurnCapped.String() }),
		"The game ends at the turn cap.", "Das Spiel endet an der Zuggrenze."},

	// Festungsspiel
	{"festung", with(ev(brettspiel.EventThrow, "", 2, brettspiel.Nobody), func(e *brettspiel.Event) { e.Dice, e.Number = []int{5, 3, 2}, 10 }),
		"Player 3 throws 5 on the large die and 3 and 2 on the small dice.", "Spieler 3 wirft 5 mit dem großen Würfel und 3 und 2 mit den kleinen."},
	{"festung", brettspiel.Event{Kind: brettspiel.EventDecide, Rule: "F-A2", Player: 0, Other: brettspiel.Nobody, From: 40, To: np, TrackFrom: 40, TrackTo: np, FromName: "W3.IV'", Number: 4, Note: "take from fortress 3"},
		"Player 1 chooses to take from W3.IV' (4).", "Spieler 1 wählt, von W3.IV' zu nehmen (4)."},
	{"festung", brettspiel.Event{Kind: brettspiel.EventTake, Rule: "F-A2", Player: 1, Other: brettspiel.Nobody, Amount: 1, From: 33, To: np, TrackFrom: 33, TrackTo: np, FromName: "W3.IV", Number: 4},
		"Player 2 takes a marker from W3.IV (4).", "Spieler 2 nimmt eine Marke von W3.IV (4)."},
	{"festung", brettspiel.Event{Kind: brettspiel.EventPlace, Rule: "F-B1", Player: 3, Other: brettspiel.Nobody, Amount: 1, From: np, To: 9, TrackFrom: np, TrackTo: 9, ToName: "S.IX", Number: 9},
		"Player 4 places a marker on S.IX (9).", "Spieler 4 setzt eine Marke auf S.IX (9)."},
	{"festung", brettspiel.Event{Kind: brettspiel.EventPlace, Rule: "F-S1", Player: 0, Other: brettspiel.Nobody, Amount: 1, From: np, To: 21, TrackFrom: np, TrackTo: 21, ToName: "L5"},
		"Player 1 places a marker on L5.", "Spieler 1 setzt eine Marke auf L5."},
	{"festung", brettspiel.Event{Kind: brettspiel.EventPay, Rule: "F-C5", Player: 0, Other: 2, Amount: 3, From: np, To: np, TrackFrom: np, TrackTo: np, Number: 3},
		"Player 3 pays Player 1 3 markers (3).", "Spieler 3 zahlt Spieler 1 3 Marken (3)."},
	{"festung", brettspiel.Event{Kind: festung.EventConquer, Rule: "F-C2", Player: 1, Other: brettspiel.Nobody, From: np, To: 60, TrackFrom: np, TrackTo: 60, ToName: "F1", Number: 1},
		"Player 2's square goes to F1 (the first Pasch).", "Das Quadrat von Spieler 2 kommt auf F1 (der erste Pasch)."},
	{"festung", brettspiel.Event{Kind: festung.EventConquer, Rule: "F-C4", Player: 1, Other: brettspiel.Nobody, From: 61, To: 62, TrackFrom: 61, TrackTo: 62, FromName: "P2", ToName: "P3", Number: 3},
		"Player 2's square moves from P2 to P3 (the third Pasch).", "Das Quadrat von Spieler 2 rückt von P2 nach P3 (der dritte Pasch)."},
	{"festung", brettspiel.Event{Kind: festung.EventConquer, Rule: "F-C3", Player: 0, Other: brettspiel.Nobody, From: 63, To: 64, TrackFrom: 63, TrackTo: 64, FromName: "F4", ToName: "F5", Number: 5},
		"Player 1's square moves from F4 to F5 (the fifth Pasch).", "Das Quadrat von Spieler 1 rückt von F4 nach F5 (der fünfte Pasch)."},
	{"festung", with(ev(festung.EventBuy, "", 2, brettspiel.Nobody), func(e *brettspiel.Event) { e.Amount, e.Note = 2, "balance below zero" }),
		"Player 3 is short of markers and buys 2.", "Spieler 3 hat zu wenig Marken und kauft 2 nach."},
	{"festung", with(ev(brettspiel.EventEnd, "F-C3", 0, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = "fifth Pasch" }),
		"Player 1 wins with the fifth Pasch.", "Spieler 1 gewinnt mit dem fünften Pasch."},
	{"festung", with(ev(brettspiel.EventEnd, "", brettspiel.Nobody, brettspiel.Nobody), func(e *brettspiel.Event) { e.Note = noteTurnCap }),
		"The game ends at the turn cap.", "Das Spiel endet an der Zuggrenze."},
}

// kinds are the event kinds each game emits (the kinds its JSON decoder
// accepts).
var kinds = map[string][]brettspiel.EventKind{
	"toccateglio": {brettspiel.EventThrow, brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff,
		brettspiel.EventPass, brettspiel.EventMark, brettspiel.EventDecide, brettspiel.EventEnd,
		toccateglio.EventBegin, toccateglio.EventSetup, toccateglio.EventSatz, toccateglio.EventGiveUp},
	"verkehren": {brettspiel.EventThrow, brettspiel.EventDecide, brettspiel.EventPass, brettspiel.EventMove,
		brettspiel.EventEnter, brettspiel.EventBearOff, brettspiel.EventHit, brettspiel.EventEnd,
		verkehren.EventJunker, verkehren.EventConcede},
	"festung": {brettspiel.EventThrow, brettspiel.EventDecide, brettspiel.EventTake, brettspiel.EventPlace,
		brettspiel.EventPay, brettspiel.EventEnd, festung.EventConquer, festung.EventBuy},
}

func TestEventSentences(t *testing.T) {
	for _, c := range eventCases {
		if got := English.Event(c.e); got != c.en {
			t.Errorf("%s %v:\n en %q\nwant %q", c.variant, c.e, got, c.en)
		}
		if got := German.Event(c.e); got != c.de {
			t.Errorf("%s %v:\n de %q\nwant %q", c.variant, c.e, got, c.de)
		}
	}
}

// TestEveryKindHasCases checks that the table says every kind of every
// game, so that a kind added to a game without words fails here.
func TestEveryKindHasCases(t *testing.T) {
	for variant, ks := range kinds {
		for _, k := range ks {
			found := false
			for _, c := range eventCases {
				found = found || (c.variant == variant && c.e.Kind == k)
			}
			if !found {
				t.Errorf("%s: no sentence for events of kind %q", variant, k)
			}
		}
	}
}

// TestPlayedEventsAreInTable plays random games of every preset and seat
// count and checks that each event is of a sort the table says, in both
// languages, and in the board's points.
func TestPlayedEventsAreInTable(t *testing.T) {
	known := map[string]bool{}
	for _, c := range eventCases {
		known[key(c.variant, c.e)] = true
	}
	for _, v := range catalog.Variants() {
		for _, p := range v.Presets {
			for n := v.MinPlayers; n <= v.MaxPlayers; n++ {
				for seed := uint64(0); seed < 4; seed++ {
					g, err := catalog.New(v.Name, p.Name, n)
					if err != nil {
						t.Fatal(err)
					}
					r := rand.New(rand.NewPCG(seed, 7))
					check := func() {
						for _, e := range g.Events() {
							if k := key(v.Name, e); !known[k] {
								known[k] = true
								t.Errorf("%s: event %v of a sort the table lacks (%s): %q", v.Name, e, k, English.Event(e))
							}
							for _, l := range Langs() {
								checkPlaces(t, v.Name, l, e)
							}
						}
					}
					check()
					for i := 0; i < 2000 && g.ToMove() != brettspiel.Terminal; i++ {
						if err := g.Apply(brettspiel.RandomPolicy(g, g.LegalMoves(), r)); err != nil {
							t.Fatal(err)
						}
						check()
					}
				}
			}
		}
	}
}

var number = regexp.MustCompile(`\d+`)

// checkPlaces fails when a sentence names a place by the mover's track or
// by a field's number: every number in it must be one the event says in
// the board's terms (a point, the die, an amount, a seat).
func checkPlaces(t *testing.T, variant string, l Lang, e brettspiel.Event) {
	t.Helper()
	s := l.Event(e)
	// what may appear: the absolute points of a race game, the numbers of
	// the event, the seats, the dice, and the digits of field names
	ok := map[string]bool{strconv.Itoa(e.Number): true, strconv.Itoa(e.Amount): true,
		strconv.Itoa(int(e.Player) + 1): true, strconv.Itoa(int(e.Other) + 1): true, "15": true}
	for _, d := range e.Dice {
		ok[strconv.Itoa(d)] = true
	}
	if variant != "festung" {
		ok[strconv.Itoa(e.From)], ok[strconv.Itoa(e.To)] = true, true
	}
	rest := s
	for _, name := range []string{e.FromName, e.ToName} {
		if name != "" {
			rest = strings.ReplaceAll(rest, name, "")
		}
	}
	for _, n := range number.FindAllString(rest, -1) {
		if !ok[n] {
			t.Errorf("%s %v: %q names %s, no number of the event in the board's terms", variant, e, s, n)
		}
	}
	if variant == "festung" && e.From != np && e.FromName != "" && !strings.Contains(s, e.FromName) && e.Kind != brettspiel.EventPay {
		t.Errorf("%s %v: %q does not name the field %s", variant, e, s, e.FromName)
	}
	if variant == "festung" && e.To != np && e.ToName != "" && !strings.Contains(s, e.ToName) {
		t.Errorf("%s %v: %q does not name the field %s", variant, e, s, e.ToName)
	}
	if variant != "festung" && e.TrackFrom != e.From && e.TrackFrom > 0 && e.TrackFrom < 25 && (strings.Contains(s, " "+strconv.Itoa(e.TrackFrom)+" ") || strings.Contains(s, " "+strconv.Itoa(e.TrackFrom)+" ")) && !ok[strconv.Itoa(e.TrackFrom)] {
		t.Errorf("%s %v: %q writes the track point %d", variant, e, s, e.TrackFrom)
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"": English, "en": English, "EN": English, "en-GB": English, "de": German, "de-AT": German, "de_CH": German, "De": German} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"fr", "-", "d", "english", "deutsch", "e n"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) took it", in)
		}
	}
	for _, l := range Langs() {
		b, err := l.MarshalText()
		var back Lang
		if err != nil || back.UnmarshalText(b) != nil || back != l {
			t.Errorf("%v does not round-trip its text: %s %v", l, b, err)
		}
	}
	if _, err := Lang(9).MarshalText(); err == nil {
		t.Error("Lang(9) marshals")
	}
}

func TestSeat(t *testing.T) {
	for _, c := range []struct {
		p      brettspiel.Player
		en, de string
	}{{0, "Player 1", "Spieler 1"}, {2, "Player 3", "Spieler 3"}, {5, "Player 6", "Spieler 6"}, {brettspiel.MaxPlayers, "Player 7", "Spieler 7"}, {brettspiel.Chance, "The dice", "Die Würfel"}, {brettspiel.Nobody, "Nobody", "Niemand"}} {
		if got := English.Seat(c.p); got != c.en {
			t.Errorf("English.Seat(%d) = %q", c.p, got)
		}
		if got := German.Seat(c.p); got != c.de {
			t.Errorf("German.Seat(%d) = %q", c.p, got)
		}
	}
}

var _ = fmt.Sprint
