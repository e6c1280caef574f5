package kit

import (
	"errors"

	"github.com/brettspiel/brettspiel"
)

// ReasonOf returns the reason of the *brettspiel.Error that err is or
// wraps, for an error that gives it again in a reason of its own; without
// one, err's text.
func ReasonOf(err error) string {
	if e := (*brettspiel.Error)(nil); errors.As(err, &e) {
		return e.Reason
	}
	return err.Error()
}
