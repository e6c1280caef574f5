package order_test

import (
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel/internal/order"
)

// Levels sorted by strength keep their given order within a strength.
func ExampleStable() {
	levels := []string{"medium:2", "easy:1", "hard:3", "random:1"}
	strength := func(s string) string { return s[strings.IndexByte(s, ':')+1:] }
	order.Stable(levels, func(a, b string) int { return strings.Compare(strength(a), strength(b)) })
	fmt.Println(levels)
	// Output:
	// [easy:1 random:1 medium:2 hard:3]
}
