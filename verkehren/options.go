package verkehren

import (
	"fmt"
	"strconv"

	"github.com/brettspiel/brettspiel"
)

// BandRule says where a player may not build a Band (two or more own stones on a
// point) on the opponent's side (rule V-B1).
type BandRule uint8

const (
	// BandsVK is the rule of the source VK and the default: on own points 2–11 a
	// point holds at most one own stone; the house (1) and the Hucke (12) any
	// number.
	BandsVK BandRule = iota
	// BandsCotton is Cotton's reading (1725, as Ludii's Verquere has it): no Band
	// on points 2–12, the Hucke included.
	BandsCotton
	// BandsFiske is the reading of the Swedish tables (Fiske 1905): no Band on
	// points 2–11 until a stone has reached 12, read from the position: some own
	// stone stands on 12–24 or has been borne off.
	BandsFiske
)

func (r BandRule) String() string {
	switch r {
	case BandsVK:
		return "vk"
	case BandsCotton:
		return "cotton"
	case BandsFiske:
		return "fiske"
	}
	return "BandRule(" + strconv.Itoa(int(r)) + ")"
}

// Opening is the convention the players agree on before the game (rule V-O1).
type Opening uint8

const (
	// FiveBlots is the default: no Band may be made outside the house (the
	// Hucke included) while the house still holds more than 10 stones, that is
	// until five stones have left it (the stones not on point 1, waiting and
	// borne-off stones included, counted before the move).
	FiveBlots Opening = iota
	// BandLimit: at most Options.BandLimit Bände (points 2–24 with two or more
	// own stones; the house is not counted) may stand at once. A single move
	// that would raise the number above the limit is illegal. (VK says the extra
	// Band "is hit"; we read that as "may not be made".)
	BandLimit
)

func (o Opening) String() string {
	switch o {
	case FiveBlots:
		return "five-blots"
	case BandLimit:
		return "band-limit"
	}
	return "Opening(" + strconv.Itoa(int(o)) + ")"
}

// DefaultTurnCap is the turn cap that Options.TurnCap 0 stands for.
const DefaultTurnCap = 5000

// Options are the rules of a game of Verkehren, agreed before it starts. The
// zero value is VK's game: V-B1 as in VK, the "five blots" opening, either
// number playable when only one can be played, a draw for the start, and a
// turn cap of DefaultTurnCap turns.
type Options struct {
	// Bands selects the reading of V-B1.
	Bands BandRule
	// Opening selects the opening convention of V-O1.
	Opening Opening
	// BandLimit is N of the "band limit N" opening: 0 means 5; else 5…15 (VK:
	// "5 by default, 6 or more by agreement"). It must be 0 with FiveBlots.
	BandLimit int
	// HigherDie, when set, requires the higher number of a mixed throw to be
	// played when only one of the two numbers can be played (V-D2). Off in VK,
	// which says nothing of it.
	HigherDie bool
	// FirstPlayer skips the draw for the start (V-S1) when it names a seat.
	FirstPlayer brettspiel.FirstPlayer
	// TurnCap ends the game (terminal, all returns zero, an EventEnd with Note
	// "turn cap") when this many turns have been played: 0 means
	// DefaultTurnCap. A safety net for bots and fuzzing that normal play does
	// not reach.
	TurnCap int
}

// Presets.
var (
	// VK is the game of the source "Das Verkehren im Bretspiel": the zero
	// Options.
	VK = Options{}
	// VKBandLimit is VK's game under the "band limit 5" opening.
	VKBandLimit = Options{Opening: BandLimit, BandLimit: 5}
	// Cotton is VK's game with Cotton's reading of V-B1 (no Band on 2–12).
	Cotton = Options{Bands: BandsCotton}
	// Fiske is VK's game with the Swedish tables' reading of V-B1.
	Fiske = Options{Bands: BandsFiske}
)

// limit returns N of the band-limit opening.
func (o Options) limit() int {
	if o.BandLimit == 0 {
		return 5
	}
	return o.BandLimit
}

func (o Options) turnCap() int {
	if o.TurnCap == 0 {
		return DefaultTurnCap
	}
	return o.TurnCap
}

// Validate reports whether the options are consistent, with an error wrapping
// brettspiel.ErrBadOptions that says what is wrong.
func (o Options) Validate() error {
	bad := func(format string, args ...any) error {
		return &brettspiel.Error{Op: "verkehren options", Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case o.Bands > BandsFiske:
		return bad("unknown band rule %d", o.Bands)
	case o.Opening > BandLimit:
		return bad("unknown opening %d", o.Opening)
	case o.Opening == FiveBlots && o.BandLimit != 0:
		return bad("BandLimit %d given with the five-blots opening", o.BandLimit)
	case o.BandLimit != 0 && (o.BandLimit < 5 || o.BandLimit > 15):
		return bad("BandLimit %d is outside 5…15", o.BandLimit)
	case o.TurnCap < 0:
		return bad("TurnCap %d is negative", o.TurnCap)
	}
	if _, ok := o.FirstPlayer.Seat(); o.FirstPlayer < 0 || ok && o.FirstPlayer > brettspiel.Starts(1) {
		return bad("FirstPlayer %d names no seat of two", o.FirstPlayer)
	}
	return nil
}

// String names the options in the key=value terms of a game record.
func (o Options) String() string {
	s := "bands=" + o.Bands.String() + " opening=" + o.Opening.String()
	if o.Opening == BandLimit {
		s += "-" + strconv.Itoa(o.limit())
	}
	if o.HigherDie {
		s += " higher-die"
	}
	if p, ok := o.FirstPlayer.Seat(); ok {
		s += " first=" + strconv.Itoa(int(p))
	}
	s += " turn-cap=" + strconv.Itoa(o.turnCap())
	return s
}
