package jsonw

import "testing"

// pair is a form whose hand writer marks its output, so that the test
// sees which way Marshal wrote it.
type pair struct {
	A int    `json:"a"`
	B string `json:"b"`
}

func (p *pair) AppendJSON(b []byte) []byte {
	b = KeyInt(b, `{"a":`, p.A)
	b = KeyString(b, `,"b":`, p.B+" by hand")
	return append(b, '}')
}

func TestMarshalWritesByHandOnlyWhenAsked(t *testing.T) {
	p := &pair{A: 3, B: "x<y"}
	hand, err := Marshal(p, true, 4)
	if err != nil || string(hand) != `{"a":3,"b":"x\u003cy by hand"}` {
		t.Fatalf("by hand: %s, %v", hand, err)
	}
	enc, err := Marshal(p, false, 4)
	if err != nil || string(enc) != `{"a":3,"b":"x\u003cy"}` {
		t.Fatalf("by encoding/json: %s, %v", enc, err)
	}
}
