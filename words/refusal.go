package words

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// Refusal says to the player why a move of his was refused, in one or two
// sentences of l: what he tried, in the board's points or the plan's field
// names, and the rule's reason in his terms, e.g. "You have 4 and 1 to
// play; 13 to 15 needs a 2." The rules behind it are the error's
// (brettspiel.RulesOf). Errors that are no refusal by a rule but that a
// player can cause — the game is over, a throw is due, another seat is to
// move, the text is no move, no game record or no position ID — get a
// sentence too; a step of a record is named by its line ("Line 5 of the
// record: …"). For any other error, and for nil, Refusal returns "".
func (l Lang) Refusal(err error) string {
	s := l.refusalOf(err)
	if s == "" {
		return ""
	}
	var step *brettspiel.StepError
	if errors.As(err, &step) && step.Line > 0 {
		n := strconv.Itoa(step.Line)
		s = l.pick("Line "+n+" of the record: ", "Zeile "+n+" der Partie: ") + s
	}
	return s
}

func (l Lang) refusalOf(err error) string {
	if err == nil {
		return ""
	}
	if r := brettspiel.RefusalOf(err); r != nil {
		return l.refusal(r)
	}
	switch {
	case errors.Is(err, brettspiel.ErrGameOver):
		return l.pick("The game is over.", "Das Spiel ist aus.")
	case errors.Is(err, brettspiel.ErrChanceNode):
		return l.pick("The dice are to be thrown first.", "Zuerst wird gewürfelt.")
	case errors.Is(err, brettspiel.ErrNotYourTurn):
		return l.pick("It is not your turn.", "Du bist nicht am Zug.")
	case errors.Is(err, brettspiel.ErrBadNotation):
		var e *brettspiel.Error
		if errors.As(err, &e) {
			switch e.Op {
			case kit.OpParseRecord, kit.OpLoadRecord:
				if line, _, ok := strings.Cut(e.Input, ":"); ok && strings.HasPrefix(line, "line ") {
					n := strings.TrimPrefix(line, "line ")
					return l.pick("That is not a game record (line "+n+").", "Das ist keine gespeicherte Partie (Zeile "+n+").")
				}
				return l.pick("That is not a game record.", "Das ist keine gespeicherte Partie.")
			case kit.OpDecodeID:
				return l.pick("That is not a position ID.", "Das ist keine Stellungs-ID.")
			}
		}
		return l.pick("That is not a move.", "Das ist kein Zug.")
	case errors.Is(err, brettspiel.ErrIllegalMove):
		return l.pick("That move is not allowed.", "Dieser Zug ist nicht erlaubt.")
	}
	if s, ok := tableWords[brettspiel.ErrorName(err)]; ok {
		return l.pick(s.en, s.de)
	}
	var e *brettspiel.Error
	if errors.As(err, &e) && e.Op == OpName {
		return l.pick(nameWords.en, nameWords.de)
	}
	return ""
}

// OpName is the operation of the error of a seat's name refused for its
// form (package session's Game.Name and the protocol's "name"). It wraps
// ErrBadCall, as every argument that is wrong in itself does; but a name
// is what a player types, not a program, so he is told why.
const OpName = "check name"

// nameWords is the sentence of a name refused for its form.
var nameWords = clause{
	"A name is at most 24 characters long, with no control characters.",
	"Ein Name ist höchstens 24 Zeichen lang und enthält keine Steuerzeichen.",
}

// tableWords are the sentences of the refusals of a game at a table
// (package session, which package words does not import), by the stable
// name of the error.
var tableWords = map[string]clause{
	"ErrNoSecret":        {"You are watching this game: only the players at the table can act.", "Du schaust bei diesem Spiel zu: nur wer am Tisch sitzt, kann spielen."},
	"ErrBadSecret":       {"You hold no seat at this game.", "Du hast an diesem Tisch keinen Platz."},
	"ErrNotYourSeat":     {"That is for another seat to do.", "Das ist Sache eines anderen Platzes."},
	"ErrSeatTaken":       {"That seat is taken already.", "Dieser Platz ist schon besetzt."},
	"ErrNeedsConsent":    {"The other players must agree: ask them for a takeback.", "Die anderen Spieler müssen zustimmen: bitte sie, den Zug zurücknehmen zu dürfen."},
	"ErrTooManyWatchers": {"This game has as many watchers as it takes.", "Bei diesem Spiel schauen schon so viele zu, wie es zulässt."},
	// package analysis's, which a rollout of the Festungsspiel wraps
	"ErrExactJudge": {"The Festungsspiel is not rolled out: its choices are judged exactly, as the review shows.", "Das Festungsspiel wird nicht ausgespielt: seine Entscheidungen werden genau bewertet, wie die Auswertung zeigt."},
}

// Codes lists every refusal code the games of the module give, the shared
// ones first: Refusal has words for each of them.
func Codes() []brettspiel.RefusalCode {
	return slices.Clone(codeOrder)
}

// clause is the reason of a code as a clause of a sentence; fmt fills in
// the refusal's numbers and places. Codes refused as a whole have
// sentences of their own (whole).
type clause struct{ en, de string }

var codeOrder = []brettspiel.RefusalCode{
	brettspiel.RefuseNoNumber, brettspiel.RefuseAllUsed, brettspiel.RefuseNoStone, brettspiel.RefuseNoSuchStep,
	brettspiel.RefuseBlocked, brettspiel.RefuseMustEnter, brettspiel.RefuseNotHome, brettspiel.RefuseFartherBack,
	brettspiel.RefuseMoreNumbers, brettspiel.RefuseHigherDie, brettspiel.RefuseDeadEnd, brettspiel.RefuseMustPlay,
	brettspiel.RefuseCannotPlay, brettspiel.RefuseNotListed,
	toccateglio.RefuseOppHucke, toccateglio.RefuseOppHuckeClosed, toccateglio.RefuseOppHuckeMoveOn,
	toccateglio.RefuseLoneHucke, toccateglio.RefuseHuckeSingle, toccateglio.RefuseForceQuarter,
	toccateglio.RefuseForceFollow, toccateglio.RefuseShortHucke, toccateglio.RefuseExactBearOff,
	toccateglio.RefuseNoStop, toccateglio.RefuseSameNumber, toccateglio.RefuseNoHand, toccateglio.RefuseDecision, toccateglio.RefuseNoGiveUp,
	verkehren.RefuseHouseClosed, verkehren.RefuseNoBand, verkehren.RefuseFiveBlots, verkehren.RefuseBandLimit,
	verkehren.RefuseMustHit, verkehren.RefuseNoHit, verkehren.RefuseJunker, verkehren.RefuseNoConcede,
	festung.RefuseOneField, festung.RefuseLargeDie, festung.RefuseNotOffered, festung.RefuseNothingToTake,
}

// clauses: {to} is the target point, {need} Refusal.Need, {count}
// Refusal.Count.
var clauses = map[brettspiel.RefusalCode]clause{
	brettspiel.RefuseNoNumber:    {"no number of your throw left moves that far", "keine Zahl deines Wurfs zieht noch so weit"},
	brettspiel.RefuseAllUsed:     {"every number of your throw is played", "alle Zahlen deines Wurfs sind gespielt"},
	brettspiel.RefuseNoStone:     {"you have no stone there", "du hast dort keinen Stein"},
	brettspiel.RefuseNoSuchStep:  {"no move leads there", "dorthin führt kein Zug"},
	brettspiel.RefuseBlocked:     {"your opponent holds {to}", "der Gegner hält {to}"},
	brettspiel.RefuseMustEnter:   {"your waiting stones must come in first", "deine wartenden Steine müssen zuerst herein"},
	brettspiel.RefuseNotHome:     {"you bear off only when all your stones are in your last quarter", "du nimmst erst heraus, wenn alle deine Steine im letzten Viertel stehen"},
	brettspiel.RefuseFartherBack: {"a higher number bears off only when no stone of yours stands farther back", "eine höhere Zahl nimmt nur heraus, wenn kein Stein von dir weiter hinten steht"},
	brettspiel.RefuseMoreNumbers: {"you must play {count} numbers when you can", "du musst {count} Zahlen spielen, wenn es geht"},
	brettspiel.RefuseHigherDie:   {"only one number can be played, and it must be the {need}", "nur eine Zahl ist spielbar, und es muss die {need} sein"},
	brettspiel.RefuseDeadEnd:     {"no legal play goes on from there", "von dort geht kein erlaubter Zug weiter"},
	brettspiel.RefuseNotListed:   {"that is not a legal play", "das ist kein erlaubter Zug"},

	toccateglio.RefuseOppHucke:       {"no stone may stay on your opponent's Hucke", "kein Stein darf auf der Hucke des Gegners bleiben"},
	toccateglio.RefuseOppHuckeClosed: {"your opponent's Hucke may not be touched, not even on the way", "die Hucke des Gegners darf nicht berührt werden, auch nicht im Vorbeiziehen"},
	toccateglio.RefuseOppHuckeMoveOn: {"the stone on your opponent's Hucke must move on", "der Stein auf der Hucke des Gegners muss weiterziehen"},
	toccateglio.RefuseLoneHucke:      {"a single stone may not stop on your empty Hucke", "ein einzelner Stein darf nicht auf deiner leeren Hucke halten"},
	toccateglio.RefuseHuckeSingle:    {"your Hucke may not hold a single stone", "deine Hucke darf keinen einzelnen Stein tragen"},
	toccateglio.RefuseForceQuarter:   {"no single stone may go into your opponent's second quarter while he has his Force", "kein einzelner Stein darf ins zweite Viertel des Gegners, solange er seine Force hat"},
	toccateglio.RefuseForceFollow:    {"your Hucke is being taken by force, and the second stone must follow", "deine Hucke wird mit Gewalt genommen, und der zweite Stein muss folgen"},
	toccateglio.RefuseShortHucke:     {"a stone stops one point short on your Hucke only when two take it by force", "ein Stein hält nur dann ein Feld zu kurz auf deiner Hucke, wenn zwei sie mit Gewalt nehmen"},
	toccateglio.RefuseExactBearOff:   {"no stone bears off by its exact number while your opponent has a stone on his start point", "kein Stein wird mit der genauen Zahl herausgenommen, solange der Gegner einen Stein auf seinem Anfangsfeld hat"},
	toccateglio.RefuseNoStop:         {"a stone moving both numbers needs a point on the way to stop on", "ein Stein, der beide Zahlen zieht, braucht unterwegs ein Feld zum Halten"},
	toccateglio.RefuseSameNumber:     {"the two moves need the same number twice", "die beiden Züge brauchen zweimal dieselbe Zahl"},
	toccateglio.RefuseNoHand:         {"these rules bring no stones in from the hand", "nach diesen Regeln kommen keine Steine aus der Hand"},

	verkehren.RefuseHouseClosed: {"your house is closed while an opponent stone stands on it", "dein Haus ist gesperrt, solange ein gegnerischer Stein darauf steht"},
	verkehren.RefuseNoBand:      {"you may not make a Band on your opponent's side", "auf der Seite des Gegners darfst du kein Band bilden"},
	verkehren.RefuseFiveBlots:   {"you may make no Band outside your house before five stones have left it", "du darfst kein Band außerhalb des Hauses bilden, bevor fünf Steine es verlassen haben"},
	verkehren.RefuseBandLimit:   {"you may not have more than {count} Bände", "du darfst nicht mehr als {count} Bände haben"},
	verkehren.RefuseMustHit:     {"another play hits more stones while entering, and hitting is compulsory", "ein anderer Zug schlägt beim Einsetzen mehr Steine, und Schlagen ist Pflicht"},
	verkehren.RefuseNoHit:       {"no stone of your opponent is hit on {to}", "auf {to} wird kein Stein des Gegners geschlagen"},

	festung.RefuseLargeDie:      {"the large die shows {need}", "der große Würfel zeigt {need}"},
	festung.RefuseNotOffered:    {"the large die shows {need}, and this field is none it offers", "der große Würfel zeigt {need}, und dieses Feld bietet er nicht an"},
	festung.RefuseNothingToTake: {"that fortress has no marker to give you", "diese Festung hat keine Marke für dich"},
}

// whole are the sentences of codes that refuse a whole move, not a step.
var whole = map[brettspiel.RefusalCode]clause{
	brettspiel.RefuseMustPlay:   {"You cannot pass: a number of your throw can be played.", "Du kannst nicht passen: eine Zahl deines Wurfs ist spielbar."},
	brettspiel.RefuseCannotPlay: {"No number of your throw can be played: you must pass.", "Keine Zahl deines Wurfs ist spielbar: du musst passen."},
	toccateglio.RefuseNoGiveUp:  {"You can give the Partie up only at your own play, not at the choice after a Partie nor while the Schule's declarations are open.", "Du kannst die Partie nur bei deinem eigenen Zug aufgeben, nicht bei der Wahl nach einer Partie und nicht, solange die Ansagen der Schule offen sind."},
	toccateglio.RefuseDecision:  {"You have won the Partie: choose to go on or to begin afresh.", "Du hast die Partie gewonnen: wähle, ob du weiterspielst oder neu beginnst."},
	verkehren.RefuseJunker:      {"You are Junker: you cannot play.", "Du bist Junker: du kannst nicht ziehen."},
	verkehren.RefuseNoConcede:   {"You cannot give up while a Band of yours stands on your own side.", "Du kannst nicht aufgeben, solange ein Band von dir auf deiner eigenen Seite steht."},
	festung.RefuseOneField:      {"You choose one field, no more.", "Du wählst ein Feld, nicht mehr."},
}

func (l Lang) refusal(r *brettspiel.Refusal) string {
	if w, ok := whole[r.Code]; ok {
		return l.pick(w.en, w.de)
	}
	st, isStep := r.Step()
	if r.Code == brettspiel.RefuseNoNumber && isStep && st.Field == 0 {
		have := l.pick("You have no number left to play", "Du hast keine Zahl mehr zu spielen")
		if len(r.Dice) > 0 {
			have = l.pick("You have ", "Du hast ") + l.and(numbers(r.Dice)) + l.pick(" to play", " zu spielen")
		}
		needs := l.pick(" needs "+article(r.Need)+" ", " braucht eine ") + strconv.Itoa(r.Need)
		if r.Need <= 0 {
			needs = l.pick(" needs another number", " braucht eine andere Zahl")
		}
		return have + "; " + l.stepNoun(st) + needs + "."
	}
	c, ok := clauses[r.Code]
	if f, known := festung.FieldOf(festung.FieldID(st.Field)); r.Code == festung.RefuseNothingToTake && isStep && known && r.Count > 0 && f.Fortress > r.Count {
		// the fortress is closed to him, whatever its fields hold (F-A1)
		c = clause{"those works are not open to you yet: each Pasch opens the next fortress",
			"diese Werke sind dir noch nicht offen: jeder Pasch öffnet die nächste Festung"}
	}
	if r.Code == brettspiel.RefuseNoStone && isStep && st.Field == 0 && st.From <= 0 {
		c = clause{"you have no stone waiting to come in", "du hast keinen wartenden Stein"}
	}
	if !ok {
		c = clause{"that is not allowed", "das ist nicht erlaubt"}
	}
	why := fill(l.pick(c.en, c.de), func(key string) string {
		switch key {
		case "to":
			return l.point(st.To)
		case "need":
			return strconv.Itoa(r.Need)
		case "count":
			return l.count(r.Count)
		}
		return "{" + key + "}"
	})
	if !isStep {
		return l.pick("This play is not allowed: ", "Dieser Zug ist nicht erlaubt: ") + why + "."
	}
	return l.cannot(st) + ": " + why + "."
}

// article is the English article before a number said aloud: "an 8",
// "an 11", "a 6".
func article(n int) string {
	if n == 8 || n == 11 || n == 18 || n >= 80 && n < 90 {
		return "an"
	}
	return "a"
}

// count is a count for a clause: the number, or "more" where the
// refusal gives none.
func (l Lang) count(n int) string {
	if n <= 0 {
		return l.pick("more", "mehr")
	}
	return strconv.Itoa(n)
}

// point names a point of the board: the number, or where a stone waits
// or goes off.
func (l Lang) point(p int) string {
	switch {
	case p <= 0:
		return l.pick("the waiting stones' place", "den Platz der wartenden Steine")
	case p >= 25:
		return l.pick("off the board", "außerhalb des Bretts")
	}
	return strconv.Itoa(p)
}

// stepNoun names a step as a noun: "13 to 15", "entering on 3", "bearing
// off from 20" ("der Zug von 13 nach 15", …).
func (l Lang) stepNoun(s brettspiel.Step) string {
	switch {
	case s.Field != 0:
		return l.field(s.Field)
	case s.From <= 0:
		return l.pick("entering on ", "das Einsetzen auf ") + strconv.Itoa(s.To)
	case s.To >= 25:
		return l.pick("bearing off from ", "das Herausnehmen von ") + strconv.Itoa(s.From)
	}
	return l.pick(strconv.Itoa(s.From)+" to "+strconv.Itoa(s.To), "der Zug von "+strconv.Itoa(s.From)+" nach "+strconv.Itoa(s.To))
}

// cannot says what the player cannot do: "You cannot move from 3 to 7".
func (l Lang) cannot(s brettspiel.Step) string {
	f, t := strconv.Itoa(s.From), strconv.Itoa(s.To)
	switch {
	case s.Field != 0:
		return l.pick("You cannot take from "+l.field(s.Field), "Du kannst nicht von "+l.field(s.Field)+" nehmen")
	case s.From <= 0:
		return l.pick("You cannot enter a stone on "+t, "Du kannst keinen Stein auf "+t+" einsetzen")
	case s.To >= 25:
		return l.pick("You cannot bear off from "+f, "Du kannst nicht von "+f+" herausnehmen")
	}
	return l.pick("You cannot move from "+f+" to "+t, "Du kannst nicht von "+f+" nach "+t+" ziehen")
}

// field is a field's name in the plan, never its number: "that field"
// for a number that names none.
func (l Lang) field(id int) string {
	if id > 0 && id < 256 {
		if f, ok := festung.FieldOf(festung.FieldID(id)); ok {
			return f.Name
		}
	}
	return l.pick("that field", "diesem Feld")
}

// fill writes a clause with its blanks, "{to}", "{need}", "{count}", filled
// by value. (A loop of its own rather than strings.Replacer, whose code
// would weigh on the WebAssembly build.)
func fill(clause string, value func(key string) string) string {
	var b strings.Builder
	for {
		before, rest, ok := strings.Cut(clause, "{")
		b.WriteString(before)
		if !ok {
			return b.String()
		}
		key, after, ok := strings.Cut(rest, "}")
		if !ok {
			b.WriteString("{" + rest)
			return b.String()
		}
		b.WriteString(value(key))
		clause = after
	}
}
