package verkehren

import "math/rand/v2"

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

// intn returns a uniform draw from 0…n−1, for 1 ≤ n. For n up to 2¹⁵ it is
// Lemire's multiply-and-reject on 16 bits: the product of the bits and n is
// kept in its high half, and the few low halves below 2¹⁶ mod n, which would
// make some results more likely, are drawn again; so every result has the
// same chance, exactly.
func (s *draws) intn(n int) int {
	if n > 1<<15 {
		return s.r.IntN(n)
	}
	c := uint32(n)
	m := s.next16() * c
	if uint16(m) < uint16(c) {
		t := uint16(-c) % uint16(c) // 2¹⁶ mod n
		for uint16(m) < t {
			m = s.next16() * c
		}
	}
	return int(m >> 16)
}
