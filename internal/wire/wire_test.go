package wire

import (
	"math"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	var w Writer
	w.Uint(0)
	w.Uint(300)
	w.Uint(math.MaxUint64)
	w.Int(-5)
	w.Int(math.MinInt64)
	w.Bool(true)
	w.Bool(false)
	r := NewReader(w.Bytes())
	if v := r.Uint("a", 0); v != 0 {
		t.Errorf("a = %d", v)
	}
	if v := r.Uint("b", 300); v != 300 {
		t.Errorf("b = %d", v)
	}
	if v := r.Uint("c", math.MaxUint64); v != math.MaxUint64 {
		t.Errorf("c = %d", v)
	}
	if v := r.Int("d", -5, 5); v != -5 {
		t.Errorf("d = %d", v)
	}
	if v := r.Int("e", math.MinInt64, 0); v != math.MinInt64 {
		t.Errorf("e = %d", v)
	}
	if !r.Bool("f") || r.Bool("g") {
		t.Errorf("bools wrong")
	}
	if err := r.Done(); err != nil {
		t.Fatal(err)
	}
}

func TestErrors(t *testing.T) {
	var w Writer
	w.Uint(7)
	w.Int(-3)
	tests := []struct {
		name string
		read func(r *Reader)
		want string
	}{
		{"too big", func(r *Reader) { r.Uint("stones", 6) }, "stones: 7 is more than 6"},
		{"below min", func(r *Reader) { r.Uint("x", 7); r.Int("marks", 0, 12) }, "marks: -3 is outside 0…12"},
		{"cut short", func(r *Reader) { r.Uint("x", 7); r.Int("y", -3, 0); r.Uint("dice", 6) }, "dice: cut short"},
		{"left over", func(r *Reader) { r.Uint("x", 7) }, "1 bytes left over"},
		{"first error kept", func(r *Reader) { r.Uint("first", 1); r.Uint("second", 0) }, "first: 7 is more than 1"},
	}
	for _, tt := range tests {
		r := NewReader(w.Bytes())
		tt.read(r)
		err := r.Done()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}
