package brettspiel

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
