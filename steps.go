package brettspiel

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Places of a stone that are not one of the points 1…24, for [Step.From],
// [Step.To], [Step.TrackFrom] and [Step.TrackTo]. They are the same in
// absolute and in track coordinates.
const (
	// Bar is where a stone waits before it enters the board: in Verkehren a
	// stone hit off the board. It is position 0 of every track.
	Bar = 0
	// Off is where a stone goes when it is borne off, position 25 of every
	// track.
	Off = 25

	// NoPlace fills From or To when an event concerns no point or field.
	NoPlace = -1
)

// StepFlags says what a single step does besides moving a stone. A step may
// do several things at once (enter and hit, say).
type StepFlags uint8

const (
	// StepEnter: the stone enters the board from the bar or the hand.
	StepEnter StepFlags = 1 << iota
	// StepHit: the stone lands on a single opponent stone and hits it off the
	// board (Verkehren V-H1, V-E3). Toccateglio never carries out a hit; its
	// hits are marked when the dice are thrown (see [MoveInfo.Marks]).
	StepHit
	// StepBearOff: the stone is borne off.
	StepBearOff
	// StepHucke: the stone lands on the mover's own Hucke, point 12 of his
	// track.
	StepHucke
	// StepForce: one of the two steps of taking the own Hucke by force
	// (Toccateglio T-H3): the stone stops one point short of the number it
	// moves, on the own Hucke.
	StepForce
)

var stepFlagNames = [...]string{"enter", "hit", "bear-off", "hucke", "force"}

// String lists the flags joined by "+", e.g. "enter+hit"; "" for none.
func (f StepFlags) String() string {
	s := ""
	for i, n := range stepFlagNames {
		if f&(1<<i) != 0 {
			if s != "" {
				s += "+"
			}
			s += n
		}
	}
	if rest := f &^ (1<<len(stepFlagNames) - 1); rest != 0 {
		if s != "" {
			s += "+"
		}
		s += "flags(" + strconv.Itoa(int(rest)) + ")"
	}
	return s
}

// MarshalJSON writes the flags as a list of their names, e.g. ["enter","hit"];
// [] for none.
func (f StepFlags) MarshalJSON() ([]byte, error) {
	if f&^(1<<len(stepFlagNames)-1) != 0 {
		return nil, &Error{Op: "encode JSON", Err: ErrBadNotation, Reason: "unknown step flags " + strconv.Itoa(int(f))}
	}
	b := []byte{'['}
	for i, n := range stepFlagNames {
		if f&(1<<i) != 0 {
			if len(b) > 1 {
				b = append(b, ',')
			}
			b = strconv.AppendQuote(b, n)
		}
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads a list of flag names as MarshalJSON writes it.
func (f *StepFlags) UnmarshalJSON(data []byte) error {
	var names []string
	if err := json.Unmarshal(data, &names); err != nil {
		return &Error{Op: "decode JSON", Err: ErrBadNotation, Reason: "step flags: " + err.Error()}
	}
	var v StepFlags
	for _, n := range names {
		i := slices.Index(stepFlagNames[:], n)
		if i < 0 {
			return &Error{Op: "decode JSON", Input: n, Err: ErrBadNotation, Reason: "no step flag of that name"}
		}
		v |= 1 << i
	}
	*f = v
	return nil
}

// Step is one single movement of one stone by one number of the dice, or, in
// the Festungsspiel, the choice of one field. It is what a board UI shows
// and what a player does with one drag or two clicks.
//
// From and To are absolute points, the numbering in which the boards of the
// module are drawn (player 0's track; the board package's
// Geometry.ToAbsolute converts), or [Bar],
// or [Off]; TrackFrom and TrackTo are the same places in the mover's
// own track, the numbering of the variant's notation. Die is the number the
// step uses (for a stone borne off with a higher number, that number).
//
// As input to [Stepper.NextSteps] only From and To count (Field in the
// Festungsspiel), and Die when it is not 0; see [Step.Matches].
//
// In JSON a step is an object with the keys from, to, trackFrom, trackTo,
// die, flags (a list of the flags' names, e.g. ["enter","hit"]) and, in the
// Festungsspiel, field.
type Step struct {
	From      int       `json:"from"`
	To        int       `json:"to"`
	TrackFrom int       `json:"trackFrom"`
	TrackTo   int       `json:"trackTo"`
	Die       int       `json:"die"`
	Flags     StepFlags `json:"flags"`
	// Field is the field chosen in the Festungsspiel (its FieldID); 0 for the
	// steps of the race games.
	Field int `json:"field,omitempty"`
}

// Matches reports whether s is the step that input stands for: the same From
// and To, the same Field, and the same Die unless input.Die is 0. The track
// fields and the flags of input are not looked at, so a frontend may fill in
// only what the player did.
func (s Step) Matches(input Step) bool {
	return s.From == input.From && s.To == input.To && s.Field == input.Field &&
		(input.Die == 0 || input.Die == s.Die)
}

// String renders the step in absolute points, e.g. "13→18 by 5 (hit)",
// "bar→3 by 3 (enter)", "20→off by 6 (bear-off)", or "field 37".
func (s Step) String() string {
	if s.Field != 0 {
		return "field " + strconv.Itoa(s.Field)
	}
	str := placeName(s.From) + "→" + placeName(s.To)
	if s.Die != 0 {
		str += " by " + strconv.Itoa(s.Die)
	}
	if s.Flags != 0 {
		str += " (" + s.Flags.String() + ")"
	}
	return str
}

func placeName(p int) string {
	switch p {
	case Bar:
		return "bar"
	case Off:
		return "off"
	}
	return strconv.Itoa(p)
}

// MoveKind says what sort of move a [MoveInfo] describes.
type MoveKind uint8

const (
	// MoveThrow is a chance outcome: a throw of the dice.
	MoveThrow MoveKind = iota + 1
	// MovePlay is a player's play of the throw, one or more steps.
	MovePlay
	// MovePass is the play when nothing can be played.
	MovePass
	// MoveDecision is a choice that is not a play: Toccateglio's go-on or
	// afresh, the field to take from in the Festungsspiel.
	MoveDecision
	// MoveConcede gives the game up (Verkehren V-W2) or the Partie
	// (Toccateglio T-W6; see [GiveUpper]).
	MoveConcede
)

var moveKindNames = [...]string{"", "throw", "play", "pass", "decision", "concede"}

// String returns "throw", "play", "pass", "decision" or "concede".
func (k MoveKind) String() string {
	if int(k) < len(moveKindNames) && k != 0 {
		return moveKindNames[k]
	}
	return "MoveKind(" + strconv.Itoa(int(k)) + ")"
}

// MoveInfo is a move taken apart into data, for a frontend that draws moves
// instead of printing their notation.
type MoveInfo struct {
	Move     Move
	Kind     MoveKind
	Player   Player // the actor: a seat, or Chance for a throw
	Notation string // the variant's notation of the move, as MoveString
	// Dice are the numbers of the throw: of this throw for a MoveThrow, of
	// the throw being played for a MovePlay or MovePass (a Verkehren doublet
	// as its two dice), of the throw that led to the decision for a
	// Festungsspiel field choice (large die first). Nil when there is none.
	Dice []int
	// Steps are the single steps of a play, in an order in which they can be
	// made one after the other, or the one step (the field) of a
	// Festungsspiel decision; nil for other moves. Fed to
	// [Stepper.NextSteps] they give back the move.
	Steps []Step
	// Decision names a decision: "go-on" or "afresh" in Toccateglio, "field"
	// for the Festungsspiel's choice of a field; "" for other moves.
	Decision string
	// Field and FieldName are the field a Festungsspiel decision takes from,
	// by its FieldID and its name ("W2.V"); 0 and "" otherwise.
	Field     int
	FieldName string
	// Marks are the marks each seat scores by the move, in seat order, for
	// the games that mark (Toccateglio: the marks of a throw's hits, of
	// unplayable numbers, closed quarters and the Marsch); nil otherwise.
	Marks []int
}

// Describer is implemented by the games of this module whose moves can be
// taken apart into a [MoveInfo]: all three variants. Describe accepts every
// move of the current state's LegalMoves (throws at a chance node included)
// and refuses any other with an error wrapping [ErrIllegalMove] (or
// [ErrGameOver], [ErrNotYourTurn], [ErrChanceNode]). It does not change the
// state.
type Describer interface {
	Describe(m Move) (MoveInfo, error)
}

// Stepper is implemented by the games that take a player's move one step at
// a time, for a board UI where the player moves stones one by one: all three
// variants.
//
// NextSteps is given the steps the player to move has made so far in this
// turn, in the order he made them (From and To, Die only where it matters;
// see [Step.Matches]). It returns the steps that may come next, each of which
// leads on to at least one whole legal move, and, once the steps made
// determine one legal move, that move (NoMove before). The steps may be made
// in any order the rules allow, which need not be the order of the notation,
// and one stone may move several numbers. With no step made, next lists the
// first steps; when nothing can be played it is empty and complete is the
// pass. A step that leads to no legal move is refused with an error wrapping
// [ErrIllegalMove] whose Reason says which step and names the rule that
// forbids it. NextSteps does not change the state; the caller applies the
// complete move with Apply.
type Stepper interface {
	NextSteps(made []Step) (next []Step, complete Move, err error)
}
