package board

import (
	"fmt"
	"strings"
)

// Track positions.
const (
	Waiting  = 0  // off the board: in hand, or hit and waiting to enter
	Points   = 24 // points on the board, 1…24
	BorneOff = 25 // borne off
)

// Geometry says how the second player's track lies against the first's (B-3).
type Geometry uint8

const (
	// Opposite: the players move in opposite directions; A's i is B's 25−i
	// (Toccateglio).
	Opposite Geometry = iota
	// SameDirection: both move the same way round, each starting on the other's
	// side; A's i is B's i+12 (Verkehren).
	SameDirection
)

func (g Geometry) String() string {
	switch g {
	case Opposite:
		return "opposite"
	case SameDirection:
		return "same-direction"
	}
	return fmt.Sprintf("Geometry(%d)", g)
}

// OtherTrack converts a point 1…24 of one player's track into the same point of
// the other player's track. It is its own inverse. 0 and 25 are returned as they
// are: waiting and borne-off stones are on no point.
func (g Geometry) OtherTrack(p int) int {
	if p < 1 || p > Points {
		return p
	}
	if g == SameDirection {
		return (p+11)%Points + 1
	}
	return 25 - p
}

// ToAbsolute converts player's track point p (1…24) into an absolute point, that
// is player 0's track point. Other positions (0, 25) are returned unchanged.
func (g Geometry) ToAbsolute(player, p int) int {
	if player == 0 {
		return p
	}
	return g.OtherTrack(p)
}

// FromAbsolute converts an absolute point into player's track point.
func (g Geometry) FromAbsolute(player, abs int) int { return g.ToAbsolute(player, abs) }

// Quarter returns the quarter 1…4 of a track point 1…24 (B-1): points 1–6 are
// the first quarter, 19–24 the fourth; 0 for positions off the board.
func Quarter(p int) int {
	if p < 1 || p > Points {
		return 0
	}
	return (p-1)/6 + 1
}

// QuarterPoints returns the first and last track point of quarter q (1…4).
func QuarterPoints(q int) (first, last int) { return (q-1)*6 + 1, q * 6 }

// Side is one player's stones by track position: index 0 waiting, 1…24 the
// points, 25 borne off.
type Side [26]int8

// Total counts all the stones of the side, wherever they are.
func (s *Side) Total() int {
	n := 0
	for _, c := range s {
		n += int(c)
	}
	return n
}

// OnBoard counts the stones on points 1…24.
func (s *Side) OnBoard() int { return s.Total() - int(s[Waiting]) - int(s[BorneOff]) }

// CountIn counts the stones on track points from…to.
func (s *Side) CountIn(from, to int) int {
	n := 0
	for p := max(from, 1); p <= min(to, Points); p++ {
		n += int(s[p])
	}
	return n
}

// Farthest returns the lowest occupied track point 1…24 (the stone farthest from
// home), or 0 if no stone is on the board.
func (s *Side) Farthest() int {
	for p := 1; p <= Points; p++ {
		if s[p] > 0 {
			return p
		}
	}
	return 0
}

// Board holds both players' stones, each side in its own track.
type Board struct {
	Geometry Geometry
	Sides    [2]Side
}

// New returns an empty board of geometry g.
func New(g Geometry) Board { return Board{Geometry: g} }

// Count returns how many stones player has on his track position p (0…25).
func (b *Board) Count(player, p int) int {
	if p < 0 || p > BorneOff {
		return 0
	}
	return int(b.Sides[player][p])
}

// OpponentCount returns how many stones the opponent of player has on the point
// that is player's track point p (1…24).
func (b *Board) OpponentCount(player, p int) int {
	if p < 1 || p > Points {
		return 0
	}
	return int(b.Sides[1-player][b.Geometry.OtherTrack(p)])
}

// Move moves one of player's stones from track position from to to. It reports
// false and changes nothing if there is no stone at from or a position is out
// of 0…25; it does not judge the rules of any game.
func (b *Board) Move(player, from, to int) bool {
	if from < 0 || from > BorneOff || to < 0 || to > BorneOff || b.Sides[player][from] == 0 {
		return false
	}
	b.Sides[player][from]--
	b.Sides[player][to]++
	return true
}

// AbsoluteCounts returns the stones on absolute points 1…24 as signed counts:
// positive for player 0, negative for player 1 (index 0 unused). Points where
// both players stand cannot be shown this way and report player 0's count; use
// Count for those.
func (b *Board) AbsoluteCounts() [25]int {
	var abs [25]int
	for p := 1; p <= Points; p++ {
		if c := b.Sides[0][p]; c > 0 {
			abs[p] = int(c)
		} else if c := b.Sides[1][b.Geometry.OtherTrack(p)]; c > 0 {
			abs[p] = -int(c)
		}
	}
	return abs
}

// Shared returns the absolute points 1…24 on which both players have stones.
func (b *Board) Shared() []int {
	var out []int
	for p := 1; p <= Points; p++ {
		if b.Sides[0][p] > 0 && b.Sides[1][b.Geometry.OtherTrack(p)] > 0 {
			out = append(out, p)
		}
	}
	return out
}

// String draws the board in absolute points, player 0's stones as X, player
// 1's as O: the upper row 13…24 left to right, the lower row 12…1.
func (b *Board) String() string {
	abs := b.AbsoluteCounts()
	var sb strings.Builder
	row := func(from, to, step int) {
		for p := from; p != to+step; p += step {
			fmt.Fprintf(&sb, "%4d", p)
		}
		sb.WriteString("\n")
		for p := from; p != to+step; p += step {
			switch c := abs[p]; {
			case c > 0:
				fmt.Fprintf(&sb, "%3dX", c)
			case c < 0:
				fmt.Fprintf(&sb, "%3dO", -c)
			default:
				sb.WriteString("   .")
			}
		}
		sb.WriteString("\n")
	}
	row(13, 24, 1)
	row(12, 1, -1)
	for pl, mark := range [2]string{"X", "O"} {
		fmt.Fprintf(&sb, "%s: waiting %d, borne off %d\n", mark, b.Sides[pl][Waiting], b.Sides[pl][BorneOff])
	}
	return sb.String()
}
