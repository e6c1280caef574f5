package order

// Stable sorts s by cmp, keeping elements that compare equal in their order,
// as slices.SortStableFunc does, by insertion: its time grows with the square
// of len(s), so it is for short lists only.
func Stable[E any](s []E, cmp func(a, b E) int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && cmp(s[j], s[j-1]) < 0; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
