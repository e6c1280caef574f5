package toccateglio

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
)

// Multipliers selects the table of T-W2: how many strokes a Partie is worth by
// the loser's marks when it ends.
type Multipliers uint8

const (
	// MultipliersTS is the table of Toccateglispiel and Tokkadille 1853: the
	// loser at 0 marks ×4 ("Matsch"), 1–2 ×3, 3–6 ×2, 7 or more ×1.
	MultipliersTS Multipliers = iota
	// MultipliersTD is the table of Toccadille: 0 ×4, 1–3 ×3, 4–6 ×2, 7+ ×1.
	MultipliersTD
)

// Multiplier returns the strokes a won Partie is worth when the loser has
// loserMarks marks.
func (m Multipliers) Multiplier(loserMarks int) int {
	switch {
	case loserMarks <= 0:
		return 4
	case loserMarks <= 2 || (m == MultipliersTD && loserMarks <= 3):
		return 3
	case loserMarks <= 6:
		return 2
	}
	return 1
}

// HuckeForce says who may take his own Hucke by force (T-H3).
type HuckeForce uint8

const (
	// ForceWithoutHucke: only a player who does not yet hold his own Hucke
	// (Toccateglispiel, Toccadille).
	ForceWithoutHucke HuckeForce = iota
	// ForceWithHucke: only a player who already holds his own Hucke (the literal
	// text of Tokkadille 1853).
	ForceWithHucke
	// ForceNever: the force play does not exist (a user's choice, in no preset).
	ForceNever
)

// Options are the rules of a game. Options is a plain value: copy it, change a
// field, and pass it to [New]. Every field's zero value is the rule of
// Toccateglispiel, so the zero Options is the Toccateglispiel preset; the other
// presets set the fields in which their sources differ.
type Options struct {
	// Stones per player, 15 or 16 (T-S1); 0 means 15. Tokkadille 1853 allows 16.
	Stones int
	// EnterFromHand: all stones start off the board and are entered, one per
	// die, before any stone on the board may move (T-S4, Toccadille). When false
	// all stones start on point 1 (Toccateglispiel, Tokkadille 1853).
	EnterFromHand bool
	// LowerBegins: in the draw for the start the lower total begins and that
	// throw is his first turn (T-S3, Tokkadille 1853). When false the higher
	// total begins and throws anew.
	LowerBegins bool
	// FirstPlayer skips the draw for the start (T-S3): the named seat throws
	// first. The zero value lets the draw decide by chance nodes. It decides the
	// start of every Partie begun afresh (T-W3).
	FirstPlayer brettspiel.FirstPlayer
	// ThrowAgainAfterDoublet: after playing a doublet the same player throws
	// again, a new turn with its own marking (T-D1, Toccadille).
	ThrowAgainAfterDoublet bool
	// ClosedOpponentHucke: the opponent's Hucke may never be touched, not even
	// as the intermediate point of a combined move or hit (T-D4, Tokkadille 1853
	// and Toccadille). When false an empty opponent's Hucke lends the pass
	// (Toccateglispiel's "den Pass daselbst borgen").
	ClosedOpponentHucke bool
	// HigherDie: when only one of the two numbers can be played, the higher must
	// be played if it can (T-D6). In no preset: the sources have no such rule.
	HigherDie bool
	// SinglesInForce lifts T-D8: a single stone may be set into the opponent's
	// second quarter (own points 13–18) even while he has his Force (Tokkadille
	// 1853, Toccadille). When false the restriction of Toccateglispiel holds.
	SinglesInForce bool
	// HuckeForce: who may take his own Hucke by force (T-H3).
	HuckeForce HuckeForce
	// ExactBearOffAlways lifts T-B2: a stone may be borne off by its exact number
	// even while the opponent still has a stone on his start point (Tokkadille
	// 1853, Toccadille). When false Toccateglispiel's restriction holds.
	ExactBearOffAlways bool
	// NoSatz: winning the Marsch with a doublet does not win the Partie outright
	// (T-B3; Tokkadille 1853, Toccadille). When false Toccateglispiel's Satz holds.
	NoSatz bool
	// SingleDieHitsOnly: hits are counted for each die alone, not for the two
	// dice combined (T-M4b: Ludii's reading of Tokkadille, in no preset).
	SingleDieHitsOnly bool
	// Multipliers is the table of T-W2.
	Multipliers Multipliers
	// Partien is the number of Partien of the match (T-W4), 1…1000; 0 means 1.
	Partien int
	// TurnCap ends the game after this many players' turns (a safety net; never
	// reached in normal play). 0 means 5000 turns for every Partie of the match.
	// A game ended by the cap is over with the strokes won so far. At most
	// brettspiel.MaxTurnCap (10⁷).
	TurnCap int
}

// Toccateglispiel returns the options of the German encyclopedia text on the
// Toccateglispiel (game books of 1769–1830), the default: the zero Options.
func Toccateglispiel() Options { return Options{} }

// Tokkadille1853 returns the options of Alvensleben's Tokkadille (1853) with
// stones 15 or 16 (any other value: 15).
func Tokkadille1853(stones int) Options {
	if stones != 16 {
		stones = 15
	}
	return Options{
		Stones:              stones,
		LowerBegins:         true,
		ClosedOpponentHucke: true,
		SinglesInForce:      true,
		HuckeForce:          ForceWithHucke,
		ExactBearOffAlways:  true,
		NoSatz:              true,
	}
}

// Toccadille returns the options of the later encyclopedia text on Toccadille:
// stones entered from the hand, a new throw after a doublet, its own
// multipliers; where it is silent it takes Toccateglispiel's values except that
// the opponent's Hucke is closed and TS's special rules (T-D8, T-B2, the Satz)
// are not applied.
func Toccadille() Options {
	return Options{
		EnterFromHand:          true,
		ThrowAgainAfterDoublet: true,
		ClosedOpponentHucke:    true,
		SinglesInForce:         true,
		ExactBearOffAlways:     true,
		NoSatz:                 true,
		Multipliers:            MultipliersTD,
	}
}

// Preset is a named rule set for a frontend's menu.
type Preset struct {
	Name    string  // e.g. "Toccateglispiel"
	Source  string  // the source text it follows
	Summary string  // what distinguishes it from the others
	Options Options // its rules
}

// Presets lists the presets, the default first.
func Presets() []Preset {
	return []Preset{
		{"Toccateglispiel", "encyclopedia text after the game books of 1769–1830",
			"15 stones on point 1; higher draw begins; an empty opposing Hucke lends the pass; no single stone into the opponent's second quarter while he has his Force; no exact bearing off while he stands on his start point; a Marsch won with a doublet wins the Partie (Satz)",
			Toccateglispiel()},
		{"Tokkadille 1853", "Alvensleben, Encyclopädie der Spiele (1853)",
			"15 stones on point 1; the lower draw begins and plays that throw; the opposing Hucke is closed; the Hucke may be taken by force only while one holds it",
			Tokkadille1853(15)},
		{"Tokkadille 1853, 16 stones", "Alvensleben, Encyclopädie der Spiele (1853)",
			"as Tokkadille 1853 with 16 stones each",
			Tokkadille1853(16)},
		{"Toccadille", "later encyclopedia text on Toccadille",
			"stones entered from the hand; a new throw after every doublet; the loser's 1–3 marks give ×3, 4–6 ×2; the opposing Hucke is closed",
			Toccadille()},
	}
}

// maxTurnCap bounds Options.TurnCap: brettspiel.MaxTurnCap, twice the
// default cap of the longest match (5000 turns for each of 1000 Partien).
const maxTurnCap = brettspiel.MaxTurnCap

// maxPartienOption bounds Options.Partien: TS names matches of 6 or 8
// Partien; 1000 is far beyond any sitting.
const maxPartienOption = 1000

// normalized fills the defaults and checks the ranges.
func (o Options) normalized() (Options, error) {
	bad := func(format string, args ...any) (Options, error) {
		return o, &brettspiel.Error{Op: "new game", Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	if o.Stones == 0 {
		o.Stones = 15
	}
	if o.Partien == 0 {
		o.Partien = 1
	}
	switch {
	case o.Stones != 15 && o.Stones != 16:
		return bad("Stones is %d, want 15 or 16", o.Stones)
	case o.Partien < 0 || o.Partien > maxPartienOption:
		return bad("Partien is %d, want 1…%d (or 0 for 1)", o.Partien, maxPartienOption)
	case o.TurnCap < 0 || o.TurnCap > maxTurnCap:
		return bad("TurnCap is %d, want 0…%d", o.TurnCap, maxTurnCap)
	case o.HuckeForce > ForceNever:
		return bad("HuckeForce is %d", o.HuckeForce)
	case o.Multipliers > MultipliersTD:
		return bad("Multipliers is %d", o.Multipliers)
	}
	if err := o.FirstPlayer.Validate(2); err != nil {
		return bad("%s", err.(*brettspiel.Error).Reason)
	}
	if o.TurnCap == 0 {
		o.TurnCap = 5000 * o.Partien
	}
	return o, nil
}
