package ws

import (
	"bytes"
	"encoding/json"
	"strings"
)

// idOf reads the id of a frame refused as a call, so that its caller,
// who waits for the answer to that id, gets the refusal: the value of the
// first "id" of a frame that is a JSON object, where it is a valid id;
// nil (the reply's id null) for a frame whose id cannot be read.
func idOf(b []byte) json.RawMessage {
	d := json.NewDecoder(bytes.NewReader(b))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for d.More() {
		t, err := d.Token()
		key, ok := t.(string)
		var v json.RawMessage
		if err != nil || !ok || d.Decode(&v) != nil {
			return nil
		}
		if key == "id" {
			if validID(v) {
				return v
			}
			return nil
		}
	}
	return nil
}

// validID: a frame's id is a number or a string (a JSON value, as the
// frame was), of 64 bytes at most.
func validID(id json.RawMessage) bool {
	return len(id) > 0 && len(id) <= 64 && strings.ContainsRune(`"-0123456789`, rune(id[0]))
}
