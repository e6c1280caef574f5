package words

import (
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// Event says what an event did, in one sentence of l, e.g. "Player 1
// moves a stone from 13 to 18 (5)." or "Spieler 2 zahlt Spieler 1 3
// Marken." Places are the board's points (never a track of the mover) and
// the fields of the Festungsspiel by their names in the plan; a number in
// parentheses is the die, or the dice combined, that did it. The end of a
// game ([brettspiel.EventEnd]) is said with its worth: "Player 2 wins a
// triple Partie (3 strokes)." An event of a kind the package does not know
// is still said, in a plain form.
func (l Lang) Event(e brettspiel.Event) string {
	if l.de() {
		return deEvent(l, e) + "."
	}
	return enEvent(l, e) + "."
}

// Event notes that tell events of one kind and rule apart. They are the
// values the games write, compared whole, never read in parts.
const (
	noteEqualTotals = "equal totals: both throw again"
	noteHigher      = "the higher total begins"
	noteLower       = "the lower total begins with that throw"
	noteFirst       = "FirstPlayer"
	noteAfresh      = "afresh"
	noteTurnCap     = "turn cap"
)

// place is the name of an event's place in l: a field's name, the place
// off the board, in the hand or borne off in words, else the point's
// number.
func (l Lang) place(n int, name string) string {
	switch name {
	case "":
		return strconv.Itoa(n)
	case "bar":
		return l.pick("the bar", "die Bar")
	case "hand":
		return l.pick("the hand", "die Hand")
	case "off":
		return l.pick("off the board", "außerhalb des Bretts")
	}
	return name
}

// pick returns the English or the German text, as l is.
func (l Lang) pick(en, de string) string {
	if l.de() {
		return de
	}
	return en
}

// num is " (n)" for the number that did it, "" for none.
func num(e brettspiel.Event) string {
	if e.Number == 0 {
		return ""
	}
	return " (" + strconv.Itoa(e.Number) + ")"
}

func enEvent(l Lang, e brettspiel.Event) string {
	who, other := l.Seat(e.Player), l.Seat(e.Other)
	from, to := l.place(e.From, e.FromName), l.place(e.To, e.ToName)
	switch e.Kind {
	case brettspiel.EventThrow:
		switch {
		case len(e.Dice) == 3:
			return who + " throws " + strconv.Itoa(e.Dice[0]) + " on the large die and " + l.and(numbers(e.Dice[1:])) + " on the small dice"
		case len(e.Dice) == 0:
			return who + " throws" + num(e)
		case e.Rule == "T-S3" || e.Rule == "V-S1":
			return who + " throws " + l.and(numbers(e.Dice)) + " for the start" + num(e)
		case len(e.Dice) == 2 && e.Dice[0] == e.Dice[1]:
			return who + " throws " + l.and(numbers(e.Dice)) + ", a doublet"
		}
		return who + " throws " + l.and(numbers(e.Dice))
	case brettspiel.EventMove:
		s := who + " moves a stone from " + from + " to " + to + num(e)
		if e.Rule == "T-H3" {
			s += " and takes the Hucke by force"
		}
		return s
	case brettspiel.EventEnter:
		if e.FromName == "hand" {
			return who + " brings a stone from the hand to " + to + num(e)
		}
		return who + " enters a stone on " + to + num(e)
	case brettspiel.EventBearOff:
		return who + " bears a stone off from " + from + num(e)
	case brettspiel.EventHit:
		s := who + " hits " + other + "'s stone on " + to
		if e.Rule == "V-E3" {
			s += " while entering"
		}
		return s
	case brettspiel.EventPass:
		if e.Rule == "V-J1" {
			return who + " is Junker and cannot play"
		}
		return who + " cannot play"
	case brettspiel.EventMark:
		marks := count(e.Amount, "mark", "marks")
		switch e.Rule {
		case "T-M1", "T-M2":
			return who + " scores " + marks + " for a hit from " + from + " on " + to + num(e)
		case "T-M3":
			return who + " scores " + marks + " for a hit on the empty Hucke on " + to
		case "T-D7":
			return who + " scores " + marks + ": " + other + " cannot play the " + strconv.Itoa(e.Number)
		case "T-J1", "T-J3":
			return who + " scores " + marks + " for closing the " + l.ordinal(e.Number) + " quarter of his track (a Jan)"
		case "T-J2":
			return who + " scores " + marks + ": " + other + " opened the " + l.ordinal(e.Number) + " quarter of his track, which could have stayed closed"
		case "T-B3":
			return who + " scores " + marks + " for the Marsch"
		}
		return who + " scores " + marks
	case brettspiel.EventPay:
		return other + " pays " + who + " " + count(e.Amount, "marker", "markers") + num(e)
	case brettspiel.EventTake:
		return who + " takes " + enMarkers(e.Amount) + " from " + from + num(e)
	case brettspiel.EventPlace:
		return who + " places " + enMarkers(e.Amount) + " on " + to + num(e)
	case brettspiel.EventDecide:
		switch e.Rule {
		case "F-A2":
			return who + " chooses to take from " + from + num(e)
		case "T-W3":
			if e.Note == noteAfresh {
				return who + " chooses to begin a new Partie afresh"
			}
			return who + " chooses to go on with a Rest of " + count(e.Amount, "mark", "marks")
		case "V-S1":
			if e.Player < 0 {
				return "Equal totals: both throw again"
			}
			return who + " has the higher total, begins and throws anew"
		}
		return who + " decides"
	case toccateglio.EventBegin:
		switch e.Note {
		case noteEqualTotals:
			return "Equal totals: both throw again"
		case noteHigher:
			return who + " has the higher total and begins"
		case noteLower:
			return who + " has the lower total and begins with that throw"
		}
		return who + " begins"
	case toccateglio.EventSetup:
		if e.Rule == "T-W3" {
			return "The stones go back to the setup for a new Partie"
		}
		return "The stones go back to the setup for a new Marsch; " + who + " throws"
	case toccateglio.EventSatz:
		return who + " wins the Marsch with a doublet and so the Partie"
	case verkehren.EventJunker:
		return who + " is Junker: " + count(e.Amount, "stone", "stones") + " off the board, " + count(e.Number, "entry point", "entry points") + " open"
	case verkehren.EventConcede:
		return who + " gives the game up"
	case festung.EventConquer:
		s := who + "'s square "
		if e.From != brettspiel.NoPlace {
			s += "moves from " + from + " to " + to
		} else {
			s += "goes to " + to
		}
		if e.Number > 0 {
			s += " (the " + l.ordinal(e.Number) + " Pasch)"
		}
		return s
	case festung.EventBuy:
		return who + " is short of markers and buys " + strconv.Itoa(e.Amount)
	case brettspiel.EventEnd:
		return enEnd(l, e)
	}
	s := who + ": " + string(e.Kind)
	if e.Amount != 0 {
		s += " " + strconv.Itoa(e.Amount)
	}
	if e.From != brettspiel.NoPlace {
		s += " from " + from
	}
	if e.To != brettspiel.NoPlace {
		s += " to " + to
	}
	return s + num(e)
}

func enMarkers(n int) string {
	if n == 1 {
		return "a marker"
	}
	return count(n, "marker", "markers")
}

// multiples names a Partie by its multiplier.
var (
	enMultiple = [...]string{"", "single", "double", "triple", "quadruple"}
	deMultiple = [...]string{"", "einfache", "doppelte", "dreifache", "vierfache"}
)

func enEnd(l Lang, e brettspiel.Event) string {
	who, other := l.Seat(e.Player), l.Seat(e.Other)
	switch e.Rule {
	case "T-W2":
		strokes := " (" + count(e.Amount, "stroke", "strokes") + ")"
		if e.Amount >= 1 && e.Amount < len(enMultiple) {
			return who + " wins a " + enMultiple[e.Amount] + " Partie" + strokes
		}
		return who + " wins a Partie" + strokes
	case "T-W4":
		if e.Player < 0 {
			return "The match ends level"
		}
		return who + " wins the match by " + count(e.Amount, "stroke", "strokes")
	case "V-W1":
		return who + " wins a single game (worth 1)"
	case "V-W2":
		return who + " wins a single game: " + other + " gave it up (worth 1)"
	case "V-W3":
		s := who + " wins a double game (worth 2): "
		switch e.Note {
		case verkehren.DoubleSixOff.String():
			return s + other + " is Junker with six or more stones off the board"
		case verkehren.DoublePoint24.String():
			return s + "all 15 of " + who + "'s stones stand on the last point of his track"
		}
		return s + other + " is Junker, and no Band stands on the entry points"
	case "V-W4":
		return "The game is drawn: both players are Junker"
	case "F-C3":
		return who + " wins with the fifth Pasch"
	}
	if e.Note == noteTurnCap {
		return "The game ends at the turn cap"
	}
	if e.Player >= 0 {
		return who + " wins"
	}
	return "The game ends"
}

func deEvent(l Lang, e brettspiel.Event) string {
	who, other := l.Seat(e.Player), l.Seat(e.Other)
	from, to := l.place(e.From, e.FromName), l.place(e.To, e.ToName)
	switch e.Kind {
	case brettspiel.EventThrow:
		switch {
		case len(e.Dice) == 3:
			return who + " wirft " + strconv.Itoa(e.Dice[0]) + " mit dem großen Würfel und " + l.and(numbers(e.Dice[1:])) + " mit den kleinen"
		case len(e.Dice) == 0:
			return who + " wirft" + num(e)
		case e.Rule == "T-S3" || e.Rule == "V-S1":
			return who + " wirft " + l.and(numbers(e.Dice)) + " um den Anfang" + num(e)
		case len(e.Dice) == 2 && e.Dice[0] == e.Dice[1]:
			return who + " wirft " + l.and(numbers(e.Dice)) + ", einen Pasch"
		}
		return who + " wirft " + l.and(numbers(e.Dice))
	case brettspiel.EventMove:
		s := who + " zieht einen Stein von " + from + " nach " + to + num(e)
		if e.Rule == "T-H3" {
			s += " und nimmt die Hucke mit Gewalt"
		}
		return s
	case brettspiel.EventEnter:
		if e.FromName == "hand" {
			return who + " bringt einen Stein aus der Hand auf " + to + num(e)
		}
		return who + " setzt einen Stein auf " + to + " ein" + num(e)
	case brettspiel.EventBearOff:
		return who + " nimmt einen Stein von " + from + " heraus" + num(e)
	case brettspiel.EventHit:
		s := who + " schlägt den Stein von " + other + " auf " + to
		if e.Rule == "V-E3" {
			s += " beim Einsetzen"
		}
		return s
	case brettspiel.EventPass:
		if e.Rule == "V-J1" {
			return who + " ist Junker und kann nicht ziehen"
		}
		return who + " kann nicht ziehen"
	case brettspiel.EventMark:
		marks := count(e.Amount, "Marke", "Marken")
		switch e.Rule {
		case "T-M1", "T-M2":
			return who + " erhält " + marks + " für einen Treffer von " + from + " auf " + to + num(e)
		case "T-M3":
			return who + " erhält " + marks + " für einen Treffer in die leere Hucke auf " + to
		case "T-D7":
			return who + " erhält " + marks + ": " + other + " kann die " + strconv.Itoa(e.Number) + " nicht spielen"
		case "T-J1", "T-J3":
			return who + " erhält " + marks + " für das geschlossene " + l.ordinal(e.Number) + " Viertel seiner Bahn (ein Jan)"
		case "T-J2":
			return who + " erhält " + marks + ": " + other + " hat das " + l.ordinal(e.Number) + " Viertel seiner Bahn geöffnet, das geschlossen bleiben konnte"
		case "T-B3":
			return who + " erhält " + marks + " für den Marsch"
		}
		return who + " erhält " + marks
	case brettspiel.EventPay:
		return other + " zahlt " + who + " " + count(e.Amount, "Marke", "Marken") + num(e)
	case brettspiel.EventTake:
		return who + " nimmt " + deMarkers(e.Amount) + " von " + from + num(e)
	case brettspiel.EventPlace:
		return who + " setzt " + deMarkers(e.Amount) + " auf " + to + num(e)
	case brettspiel.EventDecide:
		switch e.Rule {
		case "F-A2":
			return who + " wählt, von " + from + " zu nehmen" + num(e)
		case "T-W3":
			if e.Note == noteAfresh {
				return who + " wählt, eine neue Partie von vorn zu beginnen"
			}
			return who + " wählt, mit einem Rest von " + count(e.Amount, "Marke", "Marken") + " weiterzuspielen"
		case "V-S1":
			if e.Player < 0 {
				return "Gleiche Summen: beide werfen noch einmal"
			}
			return who + " hat die höhere Summe, beginnt und wirft neu"
		}
		return who + " entscheidet"
	case toccateglio.EventBegin:
		switch e.Note {
		case noteEqualTotals:
			return "Gleiche Summen: beide werfen noch einmal"
		case noteHigher:
			return who + " hat die höhere Summe und beginnt"
		case noteLower:
			return who + " hat die niedrigere Summe und beginnt mit diesem Wurf"
		}
		return who + " beginnt"
	case toccateglio.EventSetup:
		if e.Rule == "T-W3" {
			return "Die Steine kehren für eine neue Partie in die Grundstellung zurück"
		}
		return "Die Steine kehren für einen neuen Marsch in die Grundstellung zurück; " + who + " wirft"
	case toccateglio.EventSatz:
		return who + " gewinnt den Marsch mit einem Pasch und damit die Partie"
	case verkehren.EventJunker:
		return who + " ist Junker: " + count(e.Amount, "Stein", "Steine") + " außerhalb des Bretts, " + count(e.Number, "Einsetzfeld", "Einsetzfelder") + " offen"
	case verkehren.EventConcede:
		return who + " gibt das Spiel auf"
	case festung.EventConquer:
		s := "Das Quadrat von " + who
		if e.From != brettspiel.NoPlace {
			s += " rückt von " + from + " nach " + to
		} else {
			s += " kommt auf " + to
		}
		if e.Number > 0 {
			s += " (der " + l.ordinal(e.Number) + " Pasch)"
		}
		return s
	case festung.EventBuy:
		return who + " hat zu wenig Marken und kauft " + strconv.Itoa(e.Amount) + " nach"
	case brettspiel.EventEnd:
		return deEnd(l, e)
	}
	s := who + ": " + string(e.Kind)
	if e.Amount != 0 {
		s += " " + strconv.Itoa(e.Amount)
	}
	if e.From != brettspiel.NoPlace {
		s += " von " + from
	}
	if e.To != brettspiel.NoPlace {
		s += " nach " + to
	}
	return s + num(e)
}

func deMarkers(n int) string {
	if n == 1 {
		return "eine Marke"
	}
	return count(n, "Marke", "Marken")
}

func deEnd(l Lang, e brettspiel.Event) string {
	who, other := l.Seat(e.Player), l.Seat(e.Other)
	switch e.Rule {
	case "T-W2":
		strokes := " (" + count(e.Amount, "Strich", "Striche") + ")"
		if e.Amount >= 1 && e.Amount < len(deMultiple) {
			return who + " gewinnt eine " + deMultiple[e.Amount] + " Partie" + strokes
		}
		return who + " gewinnt eine Partie" + strokes
	case "T-W4":
		if e.Player < 0 {
			return "Das Match endet unentschieden"
		}
		return who + " gewinnt das Match mit " + count(e.Amount, "Strich", "Strichen") + " Vorsprung"
	case "V-W1":
		return who + " gewinnt ein einfaches Spiel (zählt 1)"
	case "V-W2":
		return who + " gewinnt ein einfaches Spiel: " + other + " hat aufgegeben (zählt 1)"
	case "V-W3":
		s := who + " gewinnt ein doppeltes Spiel (zählt 2): "
		switch e.Note {
		case verkehren.DoubleSixOff.String():
			return s + other + " ist Junker mit sechs oder mehr Steinen außerhalb des Bretts"
		case verkehren.DoublePoint24.String():
			return s + "alle 15 Steine von " + who + " stehen auf dem letzten Feld seiner Bahn"
		}
		return s + other + " ist Junker, und kein Band steht auf den Einsetzfeldern"
	case "V-W4":
		return "Das Spiel endet unentschieden: beide Spieler sind Junker"
	case "F-C3":
		return who + " gewinnt mit dem fünften Pasch"
	}
	if e.Note == noteTurnCap {
		return "Das Spiel endet an der Zuggrenze"
	}
	if e.Player >= 0 {
		return who + " gewinnt"
	}
	return "Das Spiel endet"
}
