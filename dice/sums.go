package dice

// SumWays2 returns in how many of the 36 ordered throws two dice total s
// (rule D-3): 1 for 2 and 12, 6 for 7; 0 outside 2…12.
func SumWays2(s int) int {
	if s < 2 || s > 12 {
		return 0
	}
	return 6 - abs(s-7)
}

// SumWays3 returns in how many of the 216 ordered throws three dice total s
// (rule D-3): 1 for 3 and 18, 27 for 10 and 11; 0 outside 3…18.
func SumWays3(s int) int {
	n := 0
	for a := 1; a <= 6; a++ {
		n += SumWays2(s - a)
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
