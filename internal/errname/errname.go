// Package errname makes sentinel errors with a stable name, the name of the
// variable that holds them (e.g. "ErrIllegalMove"), so that
// brettspiel.ErrorName can name them for a frontend in another language.
package errname

// New returns a sentinel error with a message and a stable name. Two calls
// return distinct errors, even with the same name.
func New(name, text string) error { return &sentinel{name: name, text: text} }

type sentinel struct{ name, text string }

func (s *sentinel) Error() string { return s.text }

// ErrorName returns the sentinel's name.
func (s *sentinel) ErrorName() string { return s.name }
