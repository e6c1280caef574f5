package brettspiel

import (
	"fmt"
)

// FirstPlayer is the rule option that says who begins a game: the zero value,
// [DrawForStart], lets the game's own draw decide by chance nodes; [Starts]
// names a seat, for a frontend that settled it at the table.
type FirstPlayer int8

// DrawForStart is the zero FirstPlayer: the rules' draw decides who begins.
const DrawForStart FirstPlayer = 0

// Starts returns the FirstPlayer option by which seat p begins.
func Starts(p Player) FirstPlayer { return FirstPlayer(p + 1) }

// Seat returns the seat that begins, and false when the draw decides.
func (f FirstPlayer) Seat() (Player, bool) {
	if f <= 0 {
		return Nobody, false
	}
	return Player(f - 1), true
}

func (f FirstPlayer) String() string {
	if p, ok := f.Seat(); ok {
		return p.String() + " begins"
	}
	return "draw for the start"
}

// Validate returns nil when f is DrawForStart or names one of the seats
// 0…players−1, and otherwise an error wrapping [ErrBadOptions] whose reason
// gives f's value as it was set (FirstPlayer(-1) is reported as -1, not as a
// seat).
func (f FirstPlayer) Validate(players int) error {
	if p, ok := f.Seat(); f == DrawForStart || ok && int(p) < players {
		return nil
	}
	reason := fmt.Sprintf("FirstPlayer is %d", int(f))
	if p, ok := f.Seat(); ok {
		reason += fmt.Sprintf(" (Starts(%d))", p)
	}
	reason += fmt.Sprintf(", which names no seat of %d; want DrawForStart (0) or Starts(0)…Starts(%d) (1…%d)", players, players-1, players)
	return &Error{Op: "options", Err: ErrBadOptions, Reason: reason}
}
