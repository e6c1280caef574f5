package verkehren

import (
	"math/bits"
	"math/rand/v2"
)

// draws hands out uniform draws from a *rand.Rand, sixteen bits at a time:
// one Uint64 of the source serves four draws of a playout (a throw, a
// single move), where r.IntN would call the source for each.
type draws struct {
	r    *rand.Rand
	buf  uint64 // the bits not used yet, the next in the low 16
	left int    // how many 16-bit parts buf still holds
}

func (s *draws) next16() uint32 {
	if s.left == 0 {
		s.buf, s.left = s.r.Uint64(), 4
	}
	x := uint32(s.buf & 0xffff)
	s.buf >>= 16
	s.left--
	return x
}

// intn returns a uniform draw from 0…n−1, for 1 ≤ n ≤ 2¹⁵, by Lemire's
// multiply-and-reject on 16 bits: the product of the bits and n is kept in
// its high half, and the few low halves below 2¹⁶ mod n, which would make
// some results more likely, are drawn again; so every result has the same
// chance, exactly.
func (s *draws) intn(n int) int {
	return int(s.product(uint32(n)) >> 16)
}

// pick returns the index of one of the set bits of x (not 0), drawn
// uniformly: intn over their count, then the bit of that rank.
func (s *draws) pick(x uint64) int {
	return nthBit(x, int(s.product(uint32(bits.OnesCount64(x)))>>16))
}

// product returns the product of sixteen random bits and n whose low half
// is not below 2¹⁶ mod n (see intn).
func (s *draws) product(n uint32) uint32 {
	m := s.next16() * n
	if uint16(m) < uint16(n) {
		t := uint16(-n) % uint16(n) // 2¹⁶ mod n
		for uint16(m) < t {
			m = s.next16() * n
		}
	}
	return m
}
