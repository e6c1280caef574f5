package dice

// Doublets says how a doublet is played.
type Doublets uint8

const (
	// DoubletsOnce: a doublet d-d gives two moves of d, like any throw
	// (Toccateglio, rule T-D1).
	DoubletsOnce Doublets = iota
	// DoubletsFour: a doublet d-d gives four moves of d (Verkehren, rule V-D1).
	DoubletsFour
)

// Blocked is a set of distances 1…24 ahead of the shooting stone on which it
// may not stop on the way (bit d set: distance d is blocked). A blocked point
// may still be the target itself; only intermediate points are checked.
type Blocked uint32

// Block returns b with distance d added.
func (b Blocked) Block(d int) Blocked {
	if d < 1 || d > 31 {
		return b
	}
	return b | 1<<uint(d)
}

// Has reports whether distance d is blocked.
func (b Blocked) Has(d int) bool { return d >= 1 && d <= 31 && b&(1<<uint(d)) != 0 }

// Hits reports whether throw t can carry one stone exactly distance n ahead
// (rule D-4): with one die, or with both dice (doublets: with 2, 3 or 4 of
// their moves under DoubletsFour) one after the other, every intermediate point
// open.
func Hits(t Throw, n int, mode Doublets, blocked Blocked) bool {
	a, b := int(t.A), int(t.B)
	if !t.Valid() || n < 1 {
		return false
	}
	if a == n || b == n {
		return true
	}
	if a == b {
		steps := 2
		if mode == DoubletsFour {
			steps = 4
		}
		for k := 1; k < steps; k++ {
			if blocked.Has(k * a) {
				return false
			}
			if (k+1)*a == n {
				return true
			}
		}
		return false
	}
	return a+b == n && (!blocked.Has(a) || !blocked.Has(b))
}

// Shots returns how many of the 36 ordered throws can hit a blot at distance n
// (rule D-4, T-M5). With doublets played once and nothing blocked, distances
// 1…6 give 11…16 ("add ten", TS); with doublets played four times they give
// 11, 12, 14, 15, 15, 17.
func Shots(n int, mode Doublets, blocked Blocked) int {
	count := 0
	for _, t := range Ordered2() {
		if Hits(t, n, mode, blocked) {
			count++
		}
	}
	return count
}

// ShotTable returns Shots for the distances 1…24 with nothing blocked; index 0
// is unused.
func ShotTable(mode Doublets) [25]int {
	var tab [25]int
	for n := 1; n <= 24; n++ {
		tab[n] = Shots(n, mode, 0)
	}
	return tab
}
