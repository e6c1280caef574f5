package neural

import (
	"math/bits"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// A variant is what the net needs to know of one game: how a position is
// read into the inputs, what the outputs mean, and what a finished game
// scores. Every method reads the game only through its exported accessors.
type variant struct {
	name     string // the game's name, as in the weights file
	encoding uint16 // the input encoding's version
	rules    uint16 // the rules' version the weights were trained under
	in, out  int
	hidden   int // the default size of the hidden layer
	// deep3 says whether the strongest level looks three plies deep here:
	// in Toccateglio its few plays a throw let it within the level's time,
	// in Verkehren the time would cut it short.
	deep3 bool
	// side is the inputs of one side: 96 for its points (four units a
	// point, unary), then what globals writes.
	side int
	// sides reads both players' stones from g, in their own tracks, into
	// s; false for a game of another kind.
	sides func(g brettspiel.Game, s *[2]board.Side) bool
	// globals writes side q's inputs after its points, y[96:side] (zero on
	// entry), s and o being q's and the other's stones.
	globals func(g brettspiel.Game, q brettspiel.Player, s, o *board.Side, y []float32)
	// outcome writes the targets of a finished game (or Partie) for p.
	outcome func(g brettspiel.Game, p brettspiel.Player, t []float32)
	// swap turns outputs for one player into outputs for the other.
	swap func(o []float32)
	// equity is the expected return of outputs, in the unit of Returns.
	equity func(o []float32) float64
	// banked is the part of p's return that is settled already (the
	// strokes of Toccateglio's finished Partien); the net judges the rest.
	banked func(g brettspiel.Game, p brettspiel.Player) float64
}

// unary writes the units of a point with n stones into x, as TD-Gammon
// does: one for a stone, one for two, one for three, and (n−3)/2 beyond.
func unary(x []float32, n int) {
	switch {
	case n <= 0:
		return
	case n == 1:
		x[0] = 1
	case n == 2:
		x[0], x[1] = 1, 1
	default:
		x[0], x[1], x[2] = 1, 1, 1
		x[3] = float32(n-3) / 2
	}
}

// count clamps a stone count read from a board to 0…15 (16 for
// Tokkadille's extra stone): the encoders take what a Game reports and never
// index by it unchecked.
func count(c int8) int {
	return min(max(int(c), 0), 16)
}

// pips is what side s still has to go: a stone on point i has 25−i, one off
// the board (waiting or in hand) 25.
func pips(s *board.Side) int {
	n := 25 * count(s[board.Waiting])
	for i := 1; i <= board.Points; i++ {
		n += (25 - i) * count(s[i])
	}
	return n
}

// shots counts, for each blot of the opponent o (a point with one of his
// stones), the points of s 1…6 behind it in s's track holding s's stones
// (direct), and 7…12 behind (indirect); a stone of s off the board counts as
// standing on point 0, so it reaches a blot on 1…6 directly.
func shots(s, o *board.Side, geo board.Geometry) (direct, indirect int) {
	// bit i: s holds a stone on point i of his track (0: off the board);
	// bit t of blots: o has a single stone on s's point t
	var occ, blots uint32
	for i := 0; i < board.Points; i++ {
		if s[i] > 0 {
			occ |= 1 << i
		}
	}
	var own uint32 // bit i: o has a single stone on his own point i
	for i := 1; i <= board.Points; i++ {
		if o[i] == 1 {
			own |= 1 << i
		}
	}
	// his point i is s's point OtherTrack(i), for all 24 at once
	if geo == board.Opposite {
		blots = bits.Reverse32(own) >> 6 // i → 25−i
	} else {
		const half = 1<<13 - 2 // points 1…12
		blots = (own&half)<<12 | (own>>12)&half
	}
	for blots != 0 {
		t := bits.TrailingZeros32(blots)
		blots &= blots - 1
		// the points t−6…t−1 and t−12…t−7, those below 0 left out
		near, far := uint32(max(t-6, 0)), uint32(max(t-12, 0))
		direct += bits.OnesCount32(occ & (1<<t - 1) &^ (1<<near - 1))
		indirect += bits.OnesCount32(occ & (1<<near - 1) &^ (1<<far - 1))
	}
	return direct, indirect
}

// encode writes the inputs of g's position as player p sees it into x,
// which is in long and zero on entry: for p and then the other, each
// point's units and the side's globals.
func (v *variant) encode(g brettspiel.Game, p brettspiel.Player, x []float32) {
	var sd [2]board.Side
	v.encodeIn(g, p, x, &sd)
}

// encodeIn is encode with the stones read into sd.
func (v *variant) encodeIn(g brettspiel.Game, p brettspiel.Player, x []float32, sd *[2]board.Side) {
	if !v.sides(g, sd) || p != 0 && p != 1 {
		return
	}
	for k, q := range [2]brettspiel.Player{p, 1 - p} {
		y := x[k*v.side : (k+1)*v.side]
		s := &sd[q]
		for i := 1; i <= 24; i++ {
			unary(y[4*(i-1):], count(s[i]))
		}
		v.globals(g, q, s, &sd[1-q], y)
	}
}

// Verkehren's inputs, for each side, the player to throw first:
//
//	0…95    points 1…24 of the side's own track, four units each (unary)
//	96, 97  stones off the board: one or more, and the count / 2
//	98      stones borne off / 15
//	99      Junker (V-J1)
//	100     open entry points / 6
//	101     pips / 300
//	102     no own Band on 13–24 (the single game may be conceded, V-W2)
//	103     a Band on 13–18, the opponent's entry points (what keeps V-W3 a
//	        from applying when the other is Junker)
//	104     shots / 6: for each opponent blot, the side's points 1…6 behind
//	        it that hold its stones (and its stones off the board, for a
//	        blot on its entry points 1–6)
//	105     indirect shots / 6: the same for the points 7…12 behind
//	106     more than ten stones still on the house (the five-blots opening
//	        of V-O1 holds)
const vkSide = 107

var verkehrenVariant = &variant{
	name: "verkehren", encoding: 1, rules: 1,
	in: 2 * vkSide, out: 3, hidden: 64, side: vkSide,
	sides: func(gg brettspiel.Game, s *[2]board.Side) bool {
		g, ok := gg.(*verkehren.Game)
		if ok {
			*s = g.Board().Sides
		}
		return ok
	},
	globals: func(gg brettspiel.Game, q brettspiel.Player, s, o *board.Side, y []float32) {
		g, ok := gg.(*verkehren.Game)
		if !ok {
			return
		}
		if w := count(s[board.Waiting]); w > 0 {
			y[96], y[97] = 1, float32(w)/2
		}
		y[98] = float32(count(s[board.BorneOff])) / 15
		if g.Junker(q) {
			y[99] = 1
		}
		y[100] = float32(min(max(g.OpenEntries(q), 0), 6)) / 6
		y[101] = float32(pips(s)) / 300
		band := false
		for i := 13; i <= 24; i++ {
			band = band || s[i] >= 2
		}
		if !band {
			y[102] = 1
		}
		for i := 13; i <= 18; i++ {
			if s[i] >= 2 {
				y[103] = 1
			}
		}
		direct, indirect := shots(s, o, board.SameDirection)
		y[104], y[105] = float32(direct)/6, float32(indirect)/6
		if s[1] > 10 {
			y[106] = 1
		}
	},
	outcome: func(gg brettspiel.Game, p brettspiel.Player, t []float32) {
		t[0], t[1], t[2] = 0.5, 0, 0
		g, ok := gg.(*verkehren.Game)
		if !ok {
			return
		}
		w, won := g.Winner()
		if !won {
			return
		}
		double := g.Ending().Points() >= 2
		switch {
		case w == p:
			t[0] = 1
			if double {
				t[1] = 1
			}
		default:
			t[0] = 0
			if double {
				t[2] = 1
			}
		}
	},
	swap: func(o []float32) { o[0], o[1], o[2] = 1-o[0], o[2], o[1] },
	equity: func(o []float32) float64 {
		return float64(2*o[0]-1) + float64(o[1]) - float64(o[2])
	},
	banked: func(brettspiel.Game, brettspiel.Player) float64 { return 0 },
}

// Toccateglio's inputs, for each side, the player to throw first:
//
//	0…95     points 1…24 of the side's own track, four units each (unary;
//	         the own Hucke is point 12)
//	96, 97   stones in the hand (Toccadille): one or more, and the count / 4
//	98       stones borne off / 15
//	99…101   closed quarters 1, 2 and 4 (a Jan, T-J1)
//	102      pips / 300
//	103…114  the marks of the Partie, 0…11, one unit each
//	115      the marks / 12
//	116      the own Hucke held (two or more on 12)
//	117      the opponent's Hucke (the side's point 13) empty of his stones
//	118      shots / 6: for each opponent blot, the side's points 1…6
//	         behind it that hold its stones (each a route of a hit mark)
//	119      indirect shots / 6: the same for the points 7…12 behind
const tcSide = 120

var toccateglioVariant = &variant{
	name: "toccateglio", encoding: 1, rules: 1,
	in: 2 * tcSide, out: 7, hidden: 64, deep3: true, side: tcSide,
	sides: func(gg brettspiel.Game, s *[2]board.Side) bool {
		g, ok := gg.(*toccateglio.Game)
		if ok {
			s[0], s[1] = g.Stones(0), g.Stones(1)
		}
		return ok
	},
	globals: func(gg brettspiel.Game, q brettspiel.Player, s, o *board.Side, y []float32) {
		g, ok := gg.(*toccateglio.Game)
		if !ok {
			return
		}
		if h := count(s[board.Waiting]); h > 0 {
			y[96], y[97] = 1, float32(h)/4
		}
		y[98] = float32(count(s[board.BorneOff])) / 15
		for j, first := range [3]int{1, 7, 19} {
			closed := true
			for i := first; i < first+6; i++ {
				closed = closed && s[i] >= 2
			}
			if closed {
				y[99+j] = 1
			}
		}
		y[102] = float32(pips(s)) / 300
		m := min(max(g.Marks()[q], 0), 11)
		y[103+m] = 1
		y[115] = float32(m) / 12
		if s[12] >= 2 {
			y[116] = 1
		}
		if o[12] == 0 {
			y[117] = 1
		}
		direct, indirect := shots(s, o, board.Opposite)
		y[118], y[119] = float32(direct)/6, float32(indirect)/6
	},
	outcome: func(gg brettspiel.Game, p brettspiel.Player, t []float32) {
		for k := range 7 {
			t[k] = 0
		}
		t[0] = 0.5
		g, ok := gg.(*toccateglio.Game)
		if !ok || p != 0 && p != 1 {
			return
		}
		d := g.Strokes()
		r := d[p] - d[1-p]
		switch {
		case r > 0:
			t[0] = 1
			for k := 2; k <= 4; k++ {
				if r >= k {
					t[k-1] = 1
				}
			}
		case r < 0:
			t[0] = 0
			for k := 2; k <= 4; k++ {
				if -r >= k {
					t[k+2] = 1
				}
			}
		}
	},
	swap: func(o []float32) {
		o[0] = 1 - o[0]
		o[1], o[2], o[3], o[4], o[5], o[6] = o[4], o[5], o[6], o[1], o[2], o[3]
	},
	equity: func(o []float32) float64 {
		return float64(2*o[0]-1) + float64(o[1]+o[2]+o[3]) - float64(o[4]+o[5]+o[6])
	},
	banked: func(gg brettspiel.Game, p brettspiel.Player) float64 {
		g, ok := gg.(*toccateglio.Game)
		if !ok || p != 0 && p != 1 {
			return 0
		}
		s := g.Strokes()
		return float64(s[p] - s[1-p])
	},
}
