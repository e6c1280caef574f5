package errname_test

import (
	"errors"
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/errname"
)

// A sentinel made by New keeps its name through any wrapping, for
// brettspiel.ErrorName; two sentinels of one name are still two errors.
func ExampleNew() {
	errFull := errname.New("ErrFull", "the table is full")
	wrapped := fmt.Errorf("seat 3: %w", errFull)
	fmt.Println(wrapped, brettspiel.ErrorName(wrapped))
	fmt.Println(errors.Is(wrapped, errname.New("ErrFull", "the table is full")))
	// Output:
	// seat 3: the table is full ErrFull
	// false
}
