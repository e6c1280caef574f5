package quote_test

import (
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel/internal/quote"
)

// Quote keeps an error message short whatever the input.
func ExampleQuote() {
	fmt.Println(quote.Quote("6-5"))
	fmt.Println(quote.Quote(strings.Repeat("x", 100)))
	fmt.Println(quote.Cut("Würfel", 2))
	// Output:
	// "6-5"
	// "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" (100 bytes)
	// W…
}
