package session

import "testing"

func TestAppendReply(t *testing.T) {
	for _, c := range []struct{ id, answer, want string }{
		{"7", `{"handle":1}`, `{"id":7,"result":{"handle":1}}`},
		{"", `{"handle":1}`, `{"id":null,"result":{"handle":1}}`},
		{`"a"`, `{"error":{"name":"ErrBadCall","message":"x"}}`, `{"id":"a","error":{"name":"ErrBadCall","message":"x"}}`},
		{"1", `[1,2]`, `{"id":1,"result":[1,2]}`},
	} {
		if got := string(AppendReply([]byte("x"), []byte(c.id), []byte(c.answer))); got != "x"+c.want {
			t.Errorf("%s %s: %s, want x%s", c.id, c.answer, got, c.want)
		}
	}
}
