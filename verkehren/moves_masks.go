package verkehren

import (
	"math/bits"

	"github.com/brettspiel/brettspiel/board"
)

// Masks of points, bit p for point p of the player's track.
const (
	// pointsBelowHome are the points 0…18: a stone there (or off the board)
	// keeps a side from bearing off (V-F1)
	pointsBelowHome = 1<<19 - 1
	// pointsFrom12 are the points 12…24: a stone there has reached 12
	// (Fiske's reading of V-B1)
	pointsFrom12 = 1<<25 - 1<<12
	// vkBandPoints are 2…11, where VK allows no Band; cottonBandPoints
	// 2…12, Cotton's (V-B1)
	vkBandPoints     = 1<<12 - 1<<2
	cottonBandPoints = 1<<13 - 1<<2
	// bandPoints are 2…24, where Bände are counted (V-O1 band limit)
	bandPoints = 1<<25 - 1<<2
)

// noBand returns the points 2…24 on which V-B1 forbids a second own stone
// now, for a side with the points occ occupied.
func (o *Options) noBand(me *board.Side, occ uint32) uint32 {
	switch o.Bands {
	case BandsCotton:
		return cottonBandPoints
	case BandsFiske:
		if me[off] > 0 || occ&pointsFrom12 != 0 {
			return 0
		}
	}
	return vkBandPoints
}

// legal returns the mask of the points from which a stone may move by the
// number d now (see Options.legalMask).
func (w *walker) legal(d int) uint32 {
	return w.o.legalMask(w.me, w.opp, w.occ, w.two, w.closed, d)
}

// legalMask returns the mask of the points from which a stone of me may
// move by the number d now, by the single-step rules (Options.step): the
// bar alone while a stone waits (V-E1), and otherwise every own point whose
// stone may land on its target (V-B1, V-B2, V-O1) or bear off from it
// (V-F1). occ and two are me's points with one or more and two or more
// stones, closed the points the opponent holds with two or more. It reads
// masks instead of judging point by point: a target is barred when the
// opponent holds it, when V-B1 forbids a Band there and an own stone stands
// on it, or when it holds an own blot and V-O1 forbids a new Band (for the
// band limit, a stone leaving a two-stone Band is exempt).
func (o *Options) legalMask(me, opp *board.Side, occ, two, closed uint32, d int) uint32 {
	if me[bar] > 0 {
		return o.entryMask(me, occ, two, closed, opp[oppPoint[house]] > 0) >> d & 1
	}
	if occ == 0 {
		return 0
	}
	within := uint32(1)<<(off-d) - 1 // the points from which d stays on 1…24
	bad := closed | occ&o.noBand(me, occ)
	blots := occ &^ two &^ (1 << house)
	var srcs uint32
	switch {
	case o.Opening == FiveBlots:
		if me[house] > 10 {
			bad |= blots
		}
		srcs = occ &^ (bad >> d) & within
	case bits.OnesCount32(two&bandPoints)+1 > o.limit():
		// a stone that leaves a Band of two for a blot keeps the count
		srcs = occ &^ ((bad | blots) >> d) & within
		for t := two &^ (1<<house | 1) &^ (bad >> d) & (blots >> d) & within; t != 0; t &= t - 1 {
			if from := bits.TrailingZeros32(t); me[from] == 2 {
				srcs |= 1 << from
			}
		}
	default:
		srcs = occ &^ (bad >> d) & within
	}
	if occ&pointsBelowHome == 0 {
		// bearing off: by the exact number, or a higher one from the
		// farthest point back
		if exact := off - d; occ&(1<<exact) != 0 {
			srcs |= 1 << exact
		}
		if last := bits.TrailingZeros32(occ); last+d > off {
			srcs |= 1 << last
		}
	}
	return srcs
}

// junker is Options.junker (V-J1) read from the walker's masks.
func (w *walker) junker() bool {
	return w.o.junkerMasks(w.me, w.occ, w.two, w.closed, w.opp[oppPoint[house]] > 0)
}

// entryMask returns the entry points 1…6 on which a stone of me off the
// board may enter now (V-E2: the house is closed by any opponent stone,
// another point by two; then the landing rules V-B1 and V-O1 as for any
// move), for a side whose points with one or more and two or more stones
// are occ and two, with the opponent holding the points closed with two or
// more and, when oppOnHouse, a stone on the house.
func (o *Options) entryMask(me *board.Side, occ, two, closed uint32, oppOnHouse bool) uint32 {
	const entryPoints = 1<<7 - 1<<1
	open := entryPoints &^ closed &^ (occ & o.noBand(me, occ))
	if oppOnHouse {
		open &^= 1 << house
	}
	blots := occ &^ two &^ (1 << house)
	switch {
	case o.Opening == FiveBlots:
		if me[house] > 10 {
			open &^= blots
		}
	case bits.OnesCount32(two&bandPoints)+1 > o.limit():
		open &^= blots
	}
	return open
}

// junkerMasks is Options.junker (V-J1) read from masks (see entryMask): more
// stones off the board than entry points open to them.
func (o *Options) junkerMasks(me *board.Side, occ, two, closed uint32, oppOnHouse bool) bool {
	return me[bar] > 0 && bits.OnesCount32(o.entryMask(me, occ, two, closed, oppOnHouse)) < int(me[bar])
}
