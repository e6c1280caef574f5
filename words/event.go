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
	book := &english
	if l.de() {
		book = &german
	}
	return book.say(newSentence(l, e)) + "."
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
	noteForgot      = "forgot"
	noteWasRight    = "was right"
	noteAgreement   = "by agreement"
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

// sentence is an event with the names its sentence uses, read once for
// every kind.
type sentence struct {
	l                    Lang
	e                    brettspiel.Event
	who, other, from, to string
}

func newSentence(l Lang, e brettspiel.Event) sentence {
	return sentence{
		l: l, e: e,
		who: l.Seat(e.Player), other: l.Seat(e.Other),
		from: l.place(e.From, e.FromName), to: l.place(e.To, e.ToName),
	}
}

// phrasebook holds one language's sentences, a function a group of event
// kinds.
type phrasebook struct {
	throw, stone, mark, markers, decide, begin, schule, variant, end, unknown func(sentence) string
}

// say picks the group of the event's kind and says it in the book's words.
func (b *phrasebook) say(s sentence) string {
	switch s.e.Kind {
	case brettspiel.EventThrow:
		return b.throw(s)
	case brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff, brettspiel.EventHit, brettspiel.EventPass:
		return b.stone(s)
	case brettspiel.EventMark:
		return b.mark(s)
	case brettspiel.EventPay, brettspiel.EventTake, brettspiel.EventPlace, festung.EventBuy:
		return b.markers(s)
	case brettspiel.EventDecide:
		return b.decide(s)
	case toccateglio.EventBegin, toccateglio.EventSetup, toccateglio.EventSatz:
		return b.begin(s)
	case toccateglio.EventDeclare, toccateglio.EventSchule, toccateglio.EventRight, toccateglio.EventLetPass:
		return b.schule(s)
	case verkehren.EventJunker, verkehren.EventConcede, toccateglio.EventGiveUp, festung.EventConquer:
		return b.variant(s)
	case brettspiel.EventEnd:
		return b.end(s)
	}
	return b.unknown(s)
}

var (
	english = phrasebook{
		throw: enThrow, stone: enStone, mark: enMark, markers: enMarkerEvent,
		decide: enDecide, begin: enBegin, schule: enSchule, variant: enVariant, end: enEnd, unknown: enUnknown,
	}
	german = phrasebook{
		throw: deThrow, stone: deStone, mark: deMark, markers: deMarkerEvent,
		decide: deDecide, begin: deBegin, schule: deSchule, variant: deVariant, end: deEnd, unknown: deUnknown,
	}
)

// enThrow says a throw of the dice.
func enThrow(s sentence) string {
	l, e, who := s.l, s.e, s.who
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
}

// enStone says what a stone did: moved, entered, borne off, hit, or none
// could move.
func enStone(s sentence) string {
	e, who, from, to := s.e, s.who, s.from, s.to
	switch e.Kind {
	case brettspiel.EventMove:
		t := who + " moves a stone from " + from + " to " + to + num(e)
		if e.Rule == "T-H3" {
			t += " and takes the Hucke by force"
		}
		return t
	case brettspiel.EventEnter:
		if e.FromName == "hand" {
			return who + " brings a stone from the hand to " + to + num(e)
		}
		return who + " enters a stone on " + to + num(e)
	case brettspiel.EventBearOff:
		return who + " bears a stone off from " + from + num(e)
	case brettspiel.EventHit:
		t := who + " hits " + s.other + "'s stone on " + to
		if e.Rule == "V-E3" {
			t += " while entering"
		}
		return t
	}
	if e.Rule == "V-J1" {
		return who + " is Junker and cannot play"
	}
	return who + " cannot play"
}

// enMark says marks scored, with the reason its rule gives.
func enMark(s sentence) string {
	l, e, who, other := s.l, s.e, s.who, s.other
	marks := count(e.Amount, "mark", "marks")
	switch e.Rule {
	case "T-M1", "T-M2":
		return who + " scores " + marks + " for a hit from " + s.from + " on " + s.to + num(e)
	case "T-M3":
		return who + " scores " + marks + " for a hit on the empty Hucke on " + s.to
	case "T-D7":
		return who + " scores " + marks + ": " + other + " cannot play the " + strconv.Itoa(e.Number)
	case "T-J1", "T-J3":
		return who + " scores " + marks + " for closing the " + l.ordinal(e.Number) + " quarter of his track (a Jan)"
	case "T-J2":
		return who + " scores " + marks + ": " + other + " opened the " + l.ordinal(e.Number) + " quarter of his track, which could have stayed closed"
	case "T-B3":
		return who + " scores " + marks + " for the Marsch"
	case "T-W6":
		return who + " scores " + marks + ", to 12: " + other + " gave the Partie up"
	}
	return who + " scores " + marks
}

// enMarkerEvent says markers paid, taken, placed or bought.
func enMarkerEvent(s sentence) string {
	e, who := s.e, s.who
	switch e.Kind {
	case brettspiel.EventPay:
		return s.other + " pays " + who + " " + count(e.Amount, "marker", "markers") + num(e)
	case brettspiel.EventTake:
		return who + " takes " + enMarkers(e.Amount) + " from " + s.from + num(e)
	case brettspiel.EventPlace:
		return who + " places " + enMarkers(e.Amount) + " on " + s.to + num(e)
	}
	return who + " is short of markers and buys " + strconv.Itoa(e.Amount)
}

// enDecide says a player's choice.
func enDecide(s sentence) string {
	e, who := s.e, s.who
	switch e.Rule {
	case "F-A2":
		return who + " chooses to take from " + s.from + num(e)
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
}

// enBegin says Toccateglio's beginnings: who begins, the stones set up
// again, and the Marsch won with a doublet.
func enBegin(s sentence) string {
	e, who := s.e, s.who
	switch e.Kind {
	case toccateglio.EventSetup:
		if e.Rule == "T-W3" {
			return "The stones go back to the setup for a new Partie"
		}
		return "The stones go back to the setup for a new Marsch; " + who + " throws"
	case toccateglio.EventSatz:
		return who + " wins the Marsch with a doublet and so the Partie"
	}
	switch e.Note {
	case noteEqualTotals:
		return "Equal totals: both throw again"
	case noteHigher:
		return who + " has the higher total and begins"
	case noteLower:
		return who + " has the lower total and begins with that throw"
	}
	return who + " begins"
}

// enSchule says the players' own marking under Toccateglio's Schule (T-W5):
// a declaration for a step of the turn, a claim, a correction, a pass.
func enSchule(s sentence) string {
	e, who, other := s.e, s.who, s.other
	switch e.Kind {
	case toccateglio.EventDeclare:
		what := [7]string{2: "his hits", 4: "what " + other + "'s move left unplayed or opened", 5: "his closed quarters", 6: "the Marsch"}
		t := who + " marks " + count(e.Amount, "point", "points")
		if e.Number >= 0 && e.Number < len(what) && what[e.Number] != "" {
			t += " for " + what[e.Number]
		}
		return t
	case toccateglio.EventSchule:
		t := who + " sends " + other + " to school and marks " + count(e.Amount, "point", "points")
		if e.Number > 0 {
			t += "; " + other + " loses " + count(e.Number, "point", "points") + " marked too many"
		}
		return t
	case toccateglio.EventRight:
		switch e.Note {
		case noteForgot:
			return who + " makes " + other + " mark right: " + count(e.Amount, "point", "points") + " more"
		case noteWasRight:
			return who + " makes " + other + " mark right: it was right"
		}
		return who + " makes " + other + " mark right: " + count(e.Amount, "point", "points") + " fewer"
	}
	return who + " lets " + other + "'s marking pass"
}

// deSchule says enSchule's events in German.
func deSchule(s sentence) string {
	e, who, other := s.e, s.who, s.other
	switch e.Kind {
	case toccateglio.EventDeclare:
		what := [7]string{2: "seine Treffer", 4: "das, was der Zug von " + other + " nicht setzen konnte oder geöffnet hat", 5: "seine geschlossenen Viertel", 6: "den Marsch"}
		t := who + " markiert " + count(e.Amount, "Point", "Points")
		if e.Number >= 0 && e.Number < len(what) && what[e.Number] != "" {
			t += " für " + what[e.Number]
		}
		return t
	case toccateglio.EventSchule:
		t := who + " schickt " + other + " in die Schule und markiert " + count(e.Amount, "Point", "Points")
		if e.Number > 0 {
			t += "; " + other + " verliert " + count(e.Number, "zu viel markierten Point", "zu viel markierte Points")
		}
		return t
	case toccateglio.EventRight:
		switch e.Note {
		case noteForgot:
			return who + " lässt " + other + " richtig markieren: " + count(e.Amount, "Point", "Points") + " mehr"
		case noteWasRight:
			return who + " lässt " + other + " richtig markieren: es war richtig"
		}
		return who + " lässt " + other + " richtig markieren: " + count(e.Amount, "Point", "Points") + " weniger"
	}
	return who + " lässt die Marken von " + other + " gelten"
}

// enVariant says the events of Verkehren and the Festungsspiel that have
// no group of their own: the Junker, giving up, and the square's move.
func enVariant(s sentence) string {
	l, e, who := s.l, s.e, s.who
	switch e.Kind {
	case verkehren.EventJunker:
		return who + " is Junker: " + count(e.Amount, "stone", "stones") + " off the board, " + count(e.Number, "entry point", "entry points") + " open"
	case verkehren.EventConcede:
		if e.Note == noteAgreement {
			return who + " gives the game up, as both players agreed"
		}
		return who + " gives the game up"
	case toccateglio.EventGiveUp:
		return who + " gives the Partie up"
	}
	t := who + "'s square "
	if e.From != brettspiel.NoPlace {
		t += "moves from " + s.from + " to " + s.to
	} else {
		t += "goes to " + s.to
	}
	if e.Number > 0 {
		t += " (the " + l.ordinal(e.Number) + " Pasch)"
	}
	return t
}

// enUnknown says an event of a kind the package does not know, plainly.
func enUnknown(s sentence) string {
	e := s.e
	t := s.who + ": " + string(e.Kind)
	if e.Amount != 0 {
		t += " " + strconv.Itoa(e.Amount)
	}
	if e.From != brettspiel.NoPlace {
		t += " from " + s.from
	}
	if e.To != brettspiel.NoPlace {
		t += " to " + s.to
	}
	return t + num(e)
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

// enEnd says the end of a game with its worth.
func enEnd(s sentence) string {
	e, who, other := s.e, s.who, s.other
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

// deThrow says a throw of the dice.
func deThrow(s sentence) string {
	l, e, who := s.l, s.e, s.who
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
}

// deStone says what a stone did: moved, entered, borne off, hit, or none
// could move.
func deStone(s sentence) string {
	e, who, from, to := s.e, s.who, s.from, s.to
	switch e.Kind {
	case brettspiel.EventMove:
		t := who + " zieht einen Stein von " + from + " nach " + to + num(e)
		if e.Rule == "T-H3" {
			t += " und nimmt die Hucke mit Gewalt"
		}
		return t
	case brettspiel.EventEnter:
		if e.FromName == "hand" {
			return who + " bringt einen Stein aus der Hand auf " + to + num(e)
		}
		return who + " setzt einen Stein auf " + to + " ein" + num(e)
	case brettspiel.EventBearOff:
		return who + " nimmt einen Stein von " + from + " heraus" + num(e)
	case brettspiel.EventHit:
		t := who + " schlägt den Stein von " + s.other + " auf " + to
		if e.Rule == "V-E3" {
			t += " beim Einsetzen"
		}
		return t
	}
	if e.Rule == "V-J1" {
		return who + " ist Junker und kann nicht ziehen"
	}
	return who + " kann nicht ziehen"
}

// deMark says marks scored, with the reason its rule gives.
func deMark(s sentence) string {
	l, e, who, other := s.l, s.e, s.who, s.other
	marks := count(e.Amount, "Marke", "Marken")
	switch e.Rule {
	case "T-M1", "T-M2":
		return who + " erhält " + marks + " für einen Treffer von " + s.from + " auf " + s.to + num(e)
	case "T-M3":
		return who + " erhält " + marks + " für einen Treffer in die leere Hucke auf " + s.to
	case "T-D7":
		return who + " erhält " + marks + ": " + other + " kann die " + strconv.Itoa(e.Number) + " nicht spielen"
	case "T-J1", "T-J3":
		return who + " erhält " + marks + " für das geschlossene " + l.ordinal(e.Number) + " Viertel seiner Bahn (ein Jan)"
	case "T-J2":
		return who + " erhält " + marks + ": " + other + " hat das " + l.ordinal(e.Number) + " Viertel seiner Bahn geöffnet, das geschlossen bleiben konnte"
	case "T-B3":
		return who + " erhält " + marks + " für den Marsch"
	case "T-W6":
		return who + " erhält " + marks + ", bis 12: " + other + " hat die Partie aufgegeben"
	}
	return who + " erhält " + marks
}

// deMarkerEvent says markers paid, taken, placed or bought.
func deMarkerEvent(s sentence) string {
	e, who := s.e, s.who
	switch e.Kind {
	case brettspiel.EventPay:
		return s.other + " zahlt " + who + " " + count(e.Amount, "Marke", "Marken") + num(e)
	case brettspiel.EventTake:
		return who + " nimmt " + deMarkers(e.Amount) + " von " + s.from + num(e)
	case brettspiel.EventPlace:
		return who + " setzt " + deMarkers(e.Amount) + " auf " + s.to + num(e)
	}
	return who + " hat zu wenig Marken und kauft " + strconv.Itoa(e.Amount) + " nach"
}

// deDecide says a player's choice.
func deDecide(s sentence) string {
	e, who := s.e, s.who
	switch e.Rule {
	case "F-A2":
		return who + " wählt, von " + s.from + " zu nehmen" + num(e)
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
}

// deBegin says Toccateglio's beginnings: who begins, the stones set up
// again, and the Marsch won with a doublet.
func deBegin(s sentence) string {
	e, who := s.e, s.who
	switch e.Kind {
	case toccateglio.EventSetup:
		if e.Rule == "T-W3" {
			return "Die Steine kehren für eine neue Partie in die Grundstellung zurück"
		}
		return "Die Steine kehren für einen neuen Marsch in die Grundstellung zurück; " + who + " wirft"
	case toccateglio.EventSatz:
		return who + " gewinnt den Marsch mit einem Pasch und damit die Partie"
	}
	switch e.Note {
	case noteEqualTotals:
		return "Gleiche Summen: beide werfen noch einmal"
	case noteHigher:
		return who + " hat die höhere Summe und beginnt"
	case noteLower:
		return who + " hat die niedrigere Summe und beginnt mit diesem Wurf"
	}
	return who + " beginnt"
}

// deVariant says the events of Verkehren and the Festungsspiel that have
// no group of their own: the Junker, giving up, and the square's move.
func deVariant(s sentence) string {
	l, e, who := s.l, s.e, s.who
	switch e.Kind {
	case verkehren.EventJunker:
		return who + " ist Junker: " + count(e.Amount, "Stein", "Steine") + " außerhalb des Bretts, " + count(e.Number, "Einsetzfeld", "Einsetzfelder") + " offen"
	case verkehren.EventConcede:
		if e.Note == noteAgreement {
			return who + " gibt das Spiel auf, wie beide Spieler vereinbart haben"
		}
		return who + " gibt das Spiel auf"
	case toccateglio.EventGiveUp:
		return who + " gibt die Partie auf"
	}
	t := "Das Quadrat von " + who
	if e.From != brettspiel.NoPlace {
		t += " rückt von " + s.from + " nach " + s.to
	} else {
		t += " kommt auf " + s.to
	}
	if e.Number > 0 {
		t += " (der " + l.ordinal(e.Number) + " Pasch)"
	}
	return t
}

// deUnknown says an event of a kind the package does not know, plainly.
func deUnknown(s sentence) string {
	e := s.e
	t := s.who + ": " + string(e.Kind)
	if e.Amount != 0 {
		t += " " + strconv.Itoa(e.Amount)
	}
	if e.From != brettspiel.NoPlace {
		t += " von " + s.from
	}
	if e.To != brettspiel.NoPlace {
		t += " nach " + s.to
	}
	return t + num(e)
}

func deMarkers(n int) string {
	if n == 1 {
		return "eine Marke"
	}
	return count(n, "Marke", "Marken")
}

// deEnd says the end of a game with its worth.
func deEnd(s sentence) string {
	e, who, other := s.e, s.who, s.other
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
