package session

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// Where fastArgs reads arguments it reads them as decode does; it gives up
// on what decode refuses, and on the arguments of calls it does not know.
func TestFastArgsAsDecode(t *testing.T) {
	keys := []string{"handle", "since", "log", "legal", "chance", "rules", "static", "lang", "parts", "notation", "limit", "bot", "secret",
		"Handle", "seat", "x", "handle"}
	values := []string{"0", "1", "-1", "-0", "17", "007", "1.5", "1e2", "99999999999999999999", "true", "false", "null", "tru",
		`""`, `"en"`, `"de"`, `"1/5 1/7"`, `"a\"b"`, `"é"`, `"\u0041"`, "[]", "{}", `"`, "-", "- 1"}
	spaces := []string{"", " ", "\n\t", "\x00"}
	r := rand.New(rand.NewPCG(9, 10))
	structs := []func() (any, any){
		func() (any, any) { return new(stateArgs), new(stateArgs) },
		func() (any, any) { return new(throwArgs), new(throwArgs) },
		func() (any, any) { return new(legalArgs), new(legalArgs) },
		func() (any, any) { return new(applyArgs), new(applyArgs) },
		func() (any, any) { return new(advanceArgs), new(advanceArgs) },
		func() (any, any) { return new(botMoveArgs), new(botMoveArgs) },
		func() (any, any) { return new(takebackArgs), new(takebackArgs) },
		func() (any, any) { return new(actArgs), new(actArgs) },
	}
	fast := 0
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		sp := func() { b.WriteString(spaces[r.IntN(len(spaces))]) }
		sp()
		b.WriteString("{")
		n := r.IntN(5)
		for k := 0; k < n; k++ {
			if k > 0 {
				b.WriteString(",")
			}
			sp()
			b.WriteString(`"` + keys[r.IntN(len(keys))] + `"`)
			sp()
			b.WriteString(":")
			sp()
			b.WriteString(values[r.IntN(len(values))])
			sp()
		}
		if r.IntN(20) == 0 {
			b.WriteString(",")
		}
		b.WriteString("}")
		sp()
		args := []byte(b.String())
		f, want := structs[r.IntN(len(structs))]()
		err := decode("m", args, want)
		if fastArgs(f, args) {
			fast++
			if err != nil {
				t.Fatalf("%s: fastArgs read it, decode refused: %v", args, err)
			}
			if !reflect.DeepEqual(f, want) {
				t.Fatalf("%s: fastArgs %+v, decode %+v", args, f, want)
			}
		} else if !reflect.DeepEqual(f, reflect.New(reflect.TypeOf(f).Elem()).Interface()) {
			t.Fatalf("%s: fastArgs gave up but left %+v", args, f)
		}
	}
	if fast < 1000 {
		t.Errorf("fastArgs read %d of the arguments; the test reaches too few", fast)
	}
}
