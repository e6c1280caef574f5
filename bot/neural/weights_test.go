package neural

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

func TestShippedWeightsLoad(t *testing.T) {
	for _, name := range Games() {
		e, err := Load(name)
		if err != nil {
			t.Fatalf("Load(%q): %v", name, err)
		}
		if e.Game() != name {
			t.Errorf("Load(%q) is for %q", name, e.Game())
		}
		data, err := e.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 1<<20 {
			t.Errorf("%s weights are %d bytes", name, len(data))
		}
	}
	if _, err := Load("festung"); !errors.Is(err, ErrWrongWeights) {
		t.Errorf("Load(festung) = %v, want ErrWrongWeights", err)
	}
}

func TestWeightsRoundTrip(t *testing.T) {
	tr, err := NewTrainer("toccateglio", 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	tr.Eval.games = 12345
	data, err := tr.Eval.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	e, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := e.MarshalBinary()
	if !bytes.Equal(data, again) {
		t.Error("weights read and written again differ")
	}
	if e.Games() != 12345 {
		t.Errorf("games %d, want 12345", e.Games())
	}
	if in, h, out := e.Sizes(); in != toccateglioVariant.in || h != 5 || out != 7 {
		t.Errorf("sizes %d %d %d", in, h, out)
	}
}

// resum rewrites the checksum of a weights file after a change.
func resum(b []byte) []byte {
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
	return b
}

func TestParseRefusesBadWeights(t *testing.T) {
	tr, err := NewTrainer("verkehren", 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	good, _ := tr.Eval.MarshalBinary()
	mod := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	// offsets: magic 0, format 4, name length 6, name 8…16, encoding 17, rules 19
	nameEnd := 8 + len("verkehren")
	cases := []struct {
		name   string
		data   []byte
		want   error
		reason string
	}{
		{"empty", nil, ErrBadWeights, "not a weights file"},
		{"other file", []byte("PK\x03\x04 a zip"), ErrBadWeights, "not a weights file"},
		{"flipped byte", mod(func(b []byte) []byte { b[100] ^= 1; return b }), ErrBadWeights, "checksum"},
		{"cut short", good[:len(good)-9], ErrBadWeights, "checksum"},
		{"cut and summed", mod(func(b []byte) []byte { return resum(b[:len(b)-8]) }), ErrBadWeights, "bytes of weights"},
		{"header cut", resum(append([]byte(magic+"\x01\x00\x09\x00verk"), 0, 0, 0, 0)), ErrBadWeights, "cut short"},
		{"format", mod(func(b []byte) []byte { b[4] = 2; return resum(b) }), ErrWrongWeights, "file format 2"},
		{"encoding", mod(func(b []byte) []byte { b[nameEnd] = 9; return resum(b) }), ErrWrongWeights, "input encoding 9"},
		{"rules", mod(func(b []byte) []byte { b[nameEnd+2] = 9; return resum(b) }), ErrWrongWeights, "rules version 9"},
		{"game", mod(func(b []byte) []byte { copy(b[8:], "verkehrem"); return resum(b) }), ErrWrongWeights, "verkehrem"},
		{"inputs", mod(func(b []byte) []byte { b[nameEnd+4]++; return resum(b) }), ErrWrongWeights, "inputs"},
		{"hidden 0", mod(func(b []byte) []byte { b[nameEnd+8] = 0; return resum(b) }), ErrBadWeights, "hidden units"},
		{"NaN", mod(func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[nameEnd+24:], math.Float32bits(float32(math.NaN())))
			return resum(b)
		}), ErrBadWeights, "NaN"},
	}
	for _, c := range cases {
		_, err := Parse(c.data)
		var be *brettspiel.Error
		if !errors.Is(err, c.want) || !errors.As(err, &be) || !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%s: %v, want %v with %q", c.name, err, c.want, c.reason)
		}
	}
}
