package festung

// CopyFrom makes g an independent copy of src, as [Game.Clone] would, but in
// place and keeping g's own buffer of events: code that plays many games
// from one start, or tries many moves from one position, copies it into one
// game before each, without allocating. A nil src leaves g as it is.
func (g *Game) CopyFrom(src *Game) {
	if src == nil || src == g {
		return
	}
	evs := append(g.events[:0], src.events...)
	*g = *src
	g.events = evs
}
