package jsonw

import "encoding/json"

// Appender is a JSON form that can write itself by hand: AppendJSON
// appends what encoding/json's Marshal writes for it.
type Appender interface {
	AppendJSON(b []byte) []byte
}

// Marshal writes s by hand into a buffer of size bytes where hand is true,
// and by encoding/json otherwise; the bytes are the same either way. The
// games pass ByHand, or a condition of their own where one part of their
// form is always written by hand.
func Marshal(s Appender, hand bool, size int) ([]byte, error) {
	if !hand {
		return json.Marshal(s)
	}
	return s.AppendJSON(make([]byte, 0, size)), nil
}
