package session

// ClockJSON is the state of a game's clocks.
type ClockJSON struct{}

func (g *Game) clockChanged()         {}
func (g *Game) clockJSON() *ClockJSON { return nil }
