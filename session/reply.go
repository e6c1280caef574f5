package session

import "bytes"

// AppendReply appends to b the reply of a transport to a request: the
// request's id (JSON; empty for null) and what [Table.Call] or
// [Game.Call] answered, as {"id":…,"result":…} or, for an answer that is
// an error, {"id":…,"error":{"name","message",…}}. The stdio engine and
// the game server reply in this one envelope, so that a client reads both
// alike.
func AppendReply(b, id, answer []byte) []byte {
	if len(id) == 0 {
		id = []byte("null")
	}
	b = append(append(append(b, `{"id":`...), id...), ',')
	if e, ok := bytes.CutPrefix(answer, []byte(`{"error":`)); ok {
		return append(append(b, `"error":`...), e...)
	}
	b = append(append(b, `"result":`...), answer...)
	return append(b, '}')
}
